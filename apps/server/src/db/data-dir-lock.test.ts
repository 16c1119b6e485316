import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'apex-lock-'));

describe('data directory lock', () => {
  it('keeps a second server out while the first holds the directory', () => {
    const dir = freshDir();
    // A live process other than us: our parent.
    writeFileSync(path.join(dir, '.apex-parts.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Apex Parts server/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, '.apex-parts.lock'), '999999999');
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('can be taken again once released', () => {
    const dir = freshDir();
    acquireDataDirLock(dir).release();
    acquireDataDirLock(dir).release();
  });
});
