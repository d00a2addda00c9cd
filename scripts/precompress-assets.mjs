// Writes a .br and a .gz beside each compressible file of the browser build (dist/client), at the
// strongest settings, once per build: the server sends those (@fastify/static's preCompressed) instead of
// compressing the same script again on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../dist/client");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, compression gains less than the headers it adds (the same threshold as the server's). */
const MIN_BYTES = 1024;

let files = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(name) && statSync(full).size >= MIN_BYTES) {
      const content = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      );
      writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      files++;
    }
  }
};
walk(root);
console.log(`Precompressed ${files} files in dist/client`);
