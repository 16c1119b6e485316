// Writes an HTML file for each public page that names, up front, the scripts the page loads on
// demand (modulepreload), into dist/pages/, with a map of address to file (pages.json) for the
// server. Without it the browser learns of a page's scripts only after the first script has run
// and asked for them: one more round trip before the page can show. Runs after `vite build`,
// whose manifest tells which chunks each module needs.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '..', 'dist');

/** Each public page's address, its file under dist/pages/, and the module of its page. */
const PAGES = [
  { path: '/', file: 'home.html', module: 'src/app/routes/home-lower.tsx' },
  { path: '/blogs', file: 'blogs.html', module: 'src/features/content/routes/blogs.tsx' },
  {
    path: '/my-portfolio',
    file: 'my-portfolio.html',
    module: 'src/features/content/routes/my-portfolio.tsx',
  },
  { path: '/login', file: 'login.html', module: 'src/features/accounts/routes/login.tsx' },
  { path: '/signup', file: 'signup.html', module: 'src/features/accounts/routes/signup.tsx' },
  // Every part's page, at no one address: the server writes each part's head into it
  // (apps/server/src/modules/catalog/part-page.ts), so it is left out of pages.json.
  { file: 'part.html', module: 'src/app/routes/part.tsx' },
];

const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const template = await readFile(path.join(dist, 'index.html'), 'utf8');

/** The chunks a module needs beyond those index.html loads: its own and those it imports. */
function chunksOf(module) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a module of the build (scripts/page-scripts.mjs)`);
    if (chunk.isEntry || files.has(chunk.file) || template.includes(`/${chunk.file}"`)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...files];
}

await mkdir(path.join(dist, 'pages'), { recursive: true });
const pages = {};
for (const page of PAGES) {
  const preloads = chunksOf(page.module)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  await writeFile(
    path.join(dist, 'pages', page.file),
    template.replace('</head>', `${preloads}</head>`),
  );
  if (page.path) pages[page.path] = page.file;
}
await writeFile(path.join(dist, 'pages', 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
// Build bookkeeping, not something to serve.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });
