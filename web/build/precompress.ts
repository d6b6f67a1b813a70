import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, fonts and video are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file
 * of at least 1 KB under `dir`, once at build time, so serving them costs no CPU. A copy that
 * would not be smaller is not written; the server then sends the file as it is.
 */
export function precompressDirectory(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = zlib.gzipSync(data, { level: 9 });
    if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
    done.push({
      file: path.relative(dir, file),
      bytes: data.length,
      brotliBytes: brotli.length,
      gzipBytes: gzip.length,
    });
  }
  return done;
}

/** Vite plugin: precompresses the build output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vidshare-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
