import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface RouteSize {
  route: string;
  /** Every JS file loaded before first render, by name. */
  jsFiles: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

// Static imports in a built chunk: `import{a as b}from"./x.js"` or `import"./x.js"`.
// Dynamic `import("./x.js")` is excluded by requiring no parenthesis after `import`.
// Rolldown quotes with backticks, so all three quote characters are accepted.
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g;

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** `file` and every chunk it imports statically, transitively (file names in assets/). */
function staticClosure(assets: string, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const text = fs.readFileSync(path.join(assets, file), 'utf8');
  for (const m of text.matchAll(STATIC_IMPORT)) staticClosure(assets, path.basename(m[1]!), into);
  return into;
}

/**
 * The JS and CSS each route loads before its first render: index.html's entry, modulepreloads
 * and stylesheets, plus the lazily imported route chunk and its static imports. Route chunks
 * are the dynamic imports reachable from the entry; they are named for the page module.
 */
export function routeSizes(webDist: string): { entry: RouteSize; routes: RouteSize[] } {
  const assets = path.join(webDist, 'assets');
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [
    ...html.matchAll(/<link[^>]+modulepreload[^>]+href="\/assets\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const css = [...html.matchAll(/<link[^>]+stylesheet[^>]+href="\/assets\/([^"]+\.css)"/g)].map(
    (m) => m[1]!,
  );
  const entryFiles = new Set<string>();
  for (const f of [...scripts, ...preloads]) staticClosure(assets, f, entryFiles);
  const cssGzip = css.reduce((sum, f) => sum + gzipSize(path.join(assets, f)), 0);
  const size = (route: string, files: Set<string>): RouteSize => ({
    route,
    jsFiles: [...files].sort(),
    jsGzipBytes: [...files].reduce((sum, f) => sum + gzipSize(path.join(assets, f)), 0),
    cssGzipBytes: cssGzip,
  });

  // Route chunks: what the entry's code imports lazily.
  const lazy = new Set<string>();
  for (const f of entryFiles) {
    const text = fs.readFileSync(path.join(assets, f), 'utf8');
    for (const m of text.matchAll(DYNAMIC_IMPORT)) lazy.add(path.basename(m[1]!));
  }
  const routes = [...lazy]
    .filter((f) => !entryFiles.has(f))
    .map((f) =>
      size(f.replace(/-[\w-]{8}\.js$/, ''), staticClosure(assets, f, new Set(entryFiles))),
    )
    .sort((a, b) => b.jsGzipBytes - a.jsGzipBytes);
  return { entry: size('(entry only)', entryFiles), routes };
}
