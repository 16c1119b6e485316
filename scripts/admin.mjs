// `npm run admin -- grant <email>`: the server's admin command, built first when needed.
import { ensureBuilt, serverEntry } from './ensure-built.mjs';

ensureBuilt();
await import(serverEntry('admin-cli.js'));
