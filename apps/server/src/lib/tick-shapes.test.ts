import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * A process that makes ticks between full garbage collections, as a server does between its
 * start-up's collections and its answers, then prints V8's record of `process.nextTick`: the state
 * of each property store in the literal that builds its queue's entries.
 */
const CHILD = `
  if (process.env.KEEP === '1') (await import(process.env.MODULE)).keepTickShapes();
  const ticks = () => {
    for (let i = 0; i < 50; i++) process.nextTick(() => {});
    return new Promise((resolve) => setImmediate(resolve));
  };
  for (let round = 0; round < 8; round++) {
    await ticks();
    globalThis.gc();
  }
  await ticks();
  %DebugPrint(process.nextTick);
`;

/** The states of those stores, with or without `keepTickShapes` called first. */
async function entryStores(keep: boolean): Promise<string[]> {
  // V8 prints through C's stdio, which loses output on a pipe once Node has made it non-blocking;
  // a file takes it whole.
  const output = path.join(mkdtempSync(path.join(tmpdir(), 'apex-ticks-')), 'debug-print.txt');
  const file = openSync(output, 'w');
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--expose-gc',
        '--allow-natives-syntax',
        '--input-type=module',
        '--eval',
        CHILD,
      ],
      {
        env: {
          PATH: process.env.PATH,
          KEEP: keep ? '1' : '0',
          MODULE: new URL('./tick-shapes.ts', import.meta.url).href,
        },
        stdio: ['ignore', file, 'inherit'],
      },
    );
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  } finally {
    closeSync(file);
  }
  const printed = readFileSync(output, 'utf8');
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    ([, state]) => state ?? '',
  );
}

describe('keepTickShapes', () => {
  it("keeps the stores that build nextTick's entries cached through full collections", async () => {
    // Without it, V8 gives up on them: every later nextTick is built in its runtime. Should a
    // Node version stop doing so, this fails, and keepTickShapes can go.
    expect(await entryStores(false)).toContain('MEGAMORPHIC');

    const kept = await entryStores(true);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept).not.toContain('MEGAMORPHIC');
  }, 30_000);
});
