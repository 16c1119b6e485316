import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const head = (title: string, more = '') =>
  `<head><meta charset="UTF-8"><meta name="description" content="The shop's own description."><title>${title}</title>${more}</head>`;
const page = (title: string, more?: string) =>
  `<!doctype html><html lang="en">${head(title, more)}<body><div id="root"></div></body></html>`;

/**
 * A stand-in for the built web app (apps/web/dist), in a fresh directory: the real build is
 * exercised by the browser journeys.
 */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apex-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), page('Apex Parts'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("shop")');
  // A source map left in the build, as an older build or a debugging one leaves it.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":[]}');
  // Pages with HTML of their own, as apps/web/scripts/page-scripts.mjs writes them.
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'pages', 'home.html'), page('Home page'));
  writeFileSync(path.join(dir, 'pages', 'login.html'), page('Login page'));
  writeFileSync(
    path.join(dir, 'pages', 'part.html'),
    page('Part page', '<link rel="modulepreload" crossorigin href="/assets/part-abc123.js">'),
  );
  writeFileSync(
    path.join(dir, 'pages', 'pages.json'),
    JSON.stringify({ '/': 'home.html', '/login': 'login.html' }),
  );
  return dir;
}
