// `npm start`: builds what is missing or stale, then runs the production server in this process
// (so signals reach it directly). A fresh clone needs nothing else.
import { ensureBuilt, serverEntry } from './ensure-built.mjs';

ensureBuilt();
process.env.NODE_ENV ??= 'production';
await import(serverEntry('server.js'));
