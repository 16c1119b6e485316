import { chmodSync, chownSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { DataDirNotPrivateError, makeOwnerOnly } from './private-data-dir';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('a data directory made private', () => {
  it('takes every permission of the group and of others away, however deep', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-private-'));
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'base', '1'), { recursive: true, mode: 0o755 });
    const wal = path.join(dataDir, 'base', '1', '16384');
    writeFileSync(wal, 'session tokens', { mode: 0o666 });
    chmodSync(wal, 0o666);
    makeOwnerOnly(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'base'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'base', '1'))).toBe(0o700);
    expect(modeOf(wal)).toBe(0o600);
  });

  it('makes a directory that is not there yet, private from the start', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'apex-private-')), 'data');
    makeOwnerOnly(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "refuses, naming the file, a directory holding another user's file",
    () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-private-'));
      const foreign = path.join(dataDir, 'planted');
      writeFileSync(foreign, '');
      chownSync(foreign, 65534, 65534);
      expect(() => makeOwnerOnly(dataDir)).toThrow(DataDirNotPrivateError);
      expect(() => makeOwnerOnly(dataDir)).toThrow(`${foreign} belongs to another user`);
    },
  );
});
