// Builds whatever is missing or older than its sources; used by `npm start`, `npm run admin` and
// `npm run bench` (which, run after `npm test` as CI does, finds the build fresh and skips it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The shop runs on the Node 24 that `npm install` puts in node_modules/.bin (decision 019), which
// npm scripts find first on their PATH; the machine's own Node may be older.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Apex Parts runs on Node 24, not ${process.version}: start it through npm (npm start, npm run …), ` +
      'whose scripts run the Node that npm install put in node_modules/.bin.',
  );
  process.exit(1);
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time under the given paths (files or folders). */
function newest(...paths) {
  let latest = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const stat = statSync(p);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(p, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return latest;
}

const contract = at('packages', 'contract', 'src');
const builds = [
  {
    workspace: '@apex/web',
    output: at('apps', 'web', 'dist', 'index.html'),
    sources: [
      at('apps', 'web', 'src'),
      at('apps', 'web', 'public'),
      at('apps', 'web', 'index.html'),
      contract,
    ],
  },
  {
    workspace: '@apex/server',
    output: at('apps', 'server', 'dist', 'admin-cli.js'),
    // The server's bundle holds its npm packages too: an upgrade makes it stale.
    sources: [
      at('apps', 'server', 'src'),
      at('apps', 'server', 'drizzle'),
      at('apps', 'server', 'build.mjs'),
      at('package-lock.json'),
      contract,
    ],
  },
];

export function ensureBuilt() {
  for (const { workspace, output, sources } of builds) {
    if (existsSync(output) && statSync(output).mtimeMs >= newest(...sources)) continue;
    console.log(`Building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

export const serverEntry = (name) => at('apps', 'server', 'dist', name);

// Run as a script (`node scripts/ensure-built.mjs`), it builds what is stale and exits.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureBuilt();
