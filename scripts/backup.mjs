// `npm run backup`: the server's backup command (docs in the README), built first when needed.
import { ensureBuilt, serverEntry } from './ensure-built.mjs';

ensureBuilt();
process.argv.splice(2, 0, 'backup');
await import(serverEntry('backup-cli.js'));
