import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-precompress-'));
  dirs.push(d);
  return d;
}

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = 'export const greeting = "hello";\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    const done = precompressDirectory(dir);
    expect(done.map((d) => d.file).sort()).toEqual(['assets/index-abc123.js', 'index.html']);
    const br = fs.readFileSync(path.join(dir, 'assets', 'index-abc123.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
    expect(zlib.gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length);
  });

  it('leaves small files, already-compressed formats and incompressible data alone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'small.js'), 'export {};');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    // Random bytes do not shrink: no copy is written, the file is sent as it is.
    fs.writeFileSync(path.join(dir, 'noise.txt'), crypto.getRandomValues(new Uint8Array(4096)));
    precompressDirectory(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['logo.png', 'noise.txt', 'small.js']);
  });
});
