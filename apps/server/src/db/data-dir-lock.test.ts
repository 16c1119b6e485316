import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'apex-lock-'));
const lockFileIn = (dir: string) => path.join(dir, LOCK_FILE);
const holderOf = (dir: string) => readFileSync(lockFileIn(dir), 'utf8');

describe('data directory lock', () => {
  it('keeps a second server out while the first holds the directory, and leaves its lock alone', () => {
    const dir = freshDir();
    // A live process other than us: our parent.
    writeFileSync(lockFileIn(dir), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `The data directory ${dir} is in use by another Apex Parts server (process ${process.ppid}).`,
    );
    expect(holderOf(dir)).toBe(String(process.ppid));
  });

  // A power cut right after the lock file was created leaves it empty: read as pid 0, it once
  // passed for a live server (signalling 0 reaches our own process group), and the shop never
  // started until someone deleted the file.
  it.each([
    ['left by a process that is gone', '999999999'],
    ['that names no process (a crash mid-write)', ''],
  ])('takes over a lock file %s, and holds it under its own pid', (_, holder) => {
    const dir = freshDir();
    writeFileSync(lockFileIn(dir), holder);
    const lock = acquireDataDirLock(dir);
    expect(holderOf(dir)).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFileIn(dir))).toBe(false);
  });

  it('makes the directory when it is not there yet', () => {
    const dir = path.join(freshDir(), 'new', 'data');
    const lock = acquireDataDirLock(dir);
    expect(holderOf(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('can be taken again once released: releasing removes the lock file', () => {
    const dir = freshDir();
    const first = acquireDataDirLock(dir);
    expect(holderOf(dir)).toBe(String(process.pid));
    first.release();
    expect(existsSync(lockFileIn(dir))).toBe(false);

    const second = acquireDataDirLock(dir);
    expect(holderOf(dir)).toBe(String(process.pid));
    second.release();
    expect(existsSync(lockFileIn(dir))).toBe(false);
  });
});
