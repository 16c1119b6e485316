// What a first visit to the home page downloads before it can show anything: the scripts and
// stylesheets index.html names, gzipped at level 9 as the build ships them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  jsBytes: number;
  cssBytes: number;
  files: string[];
}

export function measureFirstLoad(dist: string): FirstLoad {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const refs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '');
  const js = [
    ...refs(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...refs(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ];
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g);
  const sum = (files: string[]) => files.reduce((total, file) => total + gz(file), 0);
  return { jsBytes: sum(js), cssBytes: sum(css), files: [...js, ...css] };
}
