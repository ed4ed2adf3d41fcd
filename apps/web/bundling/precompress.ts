// Writes a Brotli (.br) and a gzip (.gz) copy beside every built script and stylesheet, once at
// build time; the API's static files plugin sends the copy the browser accepts (preCompressed).
// Uncompressed, /login moved ~600 kB instead of ~180 kB: seconds on a mobile connection before
// the first paint (Lighthouse mobile, issue 17). At build time the strongest levels cost nothing
// per request.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;
/** Below this a compressed copy saves less than a request's headers. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'console:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
        if (source.length < MIN_BYTES) continue;
        const file = path.join(dir, fileName);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
