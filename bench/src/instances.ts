// `npm run instances -w @apex/bench` (after `npm run build`): only the several-instances part of
// `npm run bench`, three instances on PostgreSQL behind nginx (`measure/instances.ts`), for
// working on it without the whole run.
import { propagationRow } from './budget-rows';
import { measureInstances } from './measure/instances';
import { logInstances } from './progress';
import { reportedRows } from './reported';
import { elapsedSeconds, startSession } from './session';
import { printSummary } from './summary';

const session = startSession();
const instances = await session.attempt('several instances', () => measureInstances(session));
if (instances) logInstances(instances);
await session.end();

const missed = printSummary({
  rows: [propagationRow(instances)],
  reported: reportedRows({ instances }),
  failures: session.failures,
  tookSeconds: elapsedSeconds(),
});
if (process.argv.includes('--check') && missed.length > 0) process.exitCode = 1;
