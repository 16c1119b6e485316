import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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
  // V8 prints through C's stdio, not Node's streams: read from a pipe, part of it went missing,
  // and a file takes it whole.
  const folder = mkdtempSync(path.join(tmpdir(), 'apex-ticks-'));
  const output = path.join(folder, 'debug-print.txt');
  try {
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
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('keepTickShapes', () => {
  it("keeps the stores that build nextTick's entries cached through full collections", async (context) => {
    // Without it, V8 gives up on them: every later nextTick is built in its runtime (Node 20).
    // A Node that no longer does so has nothing for keepTickShapes to keep, and it can go.
    const without = await entryStores(false);
    expect(without.length).toBeGreaterThanOrEqual(3);
    if (!without.includes('MEGAMORPHIC')) context.skip('this Node keeps the stores cached anyway');

    const kept = await entryStores(true);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept).not.toContain('MEGAMORPHIC');
  }, 30_000);
});
