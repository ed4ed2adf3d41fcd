import http from 'node:http';

/**
 * GET over a real HTTP connection to a server listening on this machine, kept alive between
 * requests, as a browser does. The body is read as the bytes the server sent and not decoded:
 * app.inject (light-my-request) copies a reply into a Buffer beside the one the server writes
 * and then decodes it back into a string, which on a 500-row page was ~1.6 ms of the ~13 a
 * request took in a CPU profile (issue 17, list-scale): work of the test harness, not of the API.
 */
export function loopbackClient(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ statusCode: number; bytes: number; body: () => string }>((resolve, reject) => {
      http
        .get(`${baseUrl}${path}`, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            bytes += chunk.length;
          });
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, bytes, body: () => Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}
