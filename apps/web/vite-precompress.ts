import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every compressible file of the build, once, at
 * build time: the server sends them as they are by the browser's Accept-Encoding (@fastify/static's preCompressed),
 * so no request spends CPU compressing the console's JavaScript. A copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'jcbb-precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      let count = 0;
      let original = 0;
      let compressed = 0;
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          count += 1;
          original += content.length;
          if (br.length < content.length) {
            await writeFile(`${file}.br`, br);
            compressed += br.length;
          }
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
      this.info?.(`precompressed ${count} files: ${original} bytes → ${compressed} bytes brotli`);
    },
  };
}
