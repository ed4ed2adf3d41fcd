import http from 'node:http';

type Reply = { statusCode: number; bytes: number; body: () => string };

/**
 * Requests over a real HTTP connection to a server listening on this machine, kept alive between
 * requests, as a browser does. The body is read as the bytes the server sent and decoded only when
 * asked. Two lighter clients than the ones the benchmarks used before:
 * - app.inject (light-my-request) copies a reply into a Buffer beside the one the server writes
 *   and then decodes it back into a string: on a 500-row page ~1.6 ms of the ~13 a request took in
 *   a CPU profile (issue 17, list-scale), work of the test harness, not of the API;
 * - fetch brings undici's own request and stream machinery into every call.
 */
export function loopbackClient(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const req = http.request(`${baseUrl}${path}`, { method, agent, headers: sent }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, bytes, body: () => Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    get: (path: string, headers?: Record<string, string>) => request('GET', path, headers),
    post: (path: string, json: unknown, headers: Record<string, string> = {}) =>
      request('POST', path, { ...headers, 'content-type': 'application/json' }, JSON.stringify(json)),
    close: () => agent.destroy(),
  };
}
