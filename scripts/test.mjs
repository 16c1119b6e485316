// `npm test`: every check and suite, side by side where nothing orders them. The build comes
// first for the suites that run it (the journeys, the crash test of the API suite); lint and the
// type check run beside it and the Vitest suites. The journeys come last, alone: their waits are
// timed for a browser that has the machine's cores. Each step's output is printed whole when it
// ends, so the log reads step by step; the run stops at the first step that fails.
import { spawn } from 'node:child_process';

/** Each step: its npm script, and the steps it waits for. */
const steps = {
  lint: { script: 'lint', after: [] },
  types: { script: 'typecheck', after: [] },
  build: { script: 'build', after: [] },
  unit: { script: 'test:unit', after: ['build'] },
  journeys: { script: 'test:e2e', after: ['build', 'unit'] },
};

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const running = new Map();
const done = new Set();
let failed = false;

function start(name) {
  const { script } = steps[name];
  const since = Date.now();
  // Its own process group, so a failure elsewhere stops its servers and browsers too.
  const child = spawn('npm', ['run', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  running.set(name, child);
  console.log(`▶ ${name} (npm run ${script}) started at ${seconds(started)}`);
  child.on('close', (code, signal) => {
    running.delete(name);
    if (failed && signal) return;
    process.stdout.write(Buffer.concat(output));
    const verdict = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
    console.log(`■ ${name} ${verdict} in ${seconds(since)}, ${seconds(started)} into the run\n`);
    if (code !== 0) return stopAll();
    done.add(name);
    startReady();
    if (running.size === 0 && done.size === Object.keys(steps).length) {
      console.log(`Every step passed in ${seconds(started)}.`);
    }
  });
}

function startReady() {
  for (const [name, { after }] of Object.entries(steps)) {
    if (!done.has(name) && !running.has(name) && after.every((step) => done.has(step))) {
      start(name);
    }
  }
}

function stopAll() {
  failed = true;
  process.exitCode = 1;
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
startReady();
