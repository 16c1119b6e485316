import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { BackupStatus } from '@apex/contract';

import { renderWithProviders } from '@/test/render';

import BackupsPage from './backups';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400;

function shopWithBackups(status: BackupStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(status, { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

const taken = {
  slotStart: '2026-11-24T00:00:00.000Z',
  startedAt: '2026-11-24T00:00:03.000Z',
  finishedAt: '2026-11-24T00:00:05.000Z',
  file: 'apex-parts-2026-11-24T00-00-03-000Z.tar.gz',
  error: null,
};
const failed = {
  slotStart: '2026-11-23T00:00:00.000Z',
  startedAt: '2026-11-23T00:00:02.000Z',
  finishedAt: null,
  file: null,
  error: 'ENOSPC: no space left on device',
};

describe('BackupsPage', () => {
  it('says how often and how long ago, and lists the recent runs with their outcome', async () => {
    shopWithBackups({
      intervalSeconds: DAY,
      lastGoodAt: taken.finishedAt,
      ageSeconds: 3 * 3_600 + 120,
      runs: [taken, failed],
    });
    renderWithProviders(<BackupsPage />);
    expect(await screen.findByText(/backs itself up every day/)).toBeInTheDocument();
    expect(screen.getByText(/3 hours ago/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: 'Recent scheduled backups' }));
    expect(table.getByText(taken.file)).toBeInTheDocument();
    expect(table.getByText('Taken')).toBeInTheDocument();
    expect(table.getByText('Failed: ENOSPC: no space left on device')).toBeInTheDocument();
  });

  it('warns when the last good backup is older than the schedule allows', async () => {
    shopWithBackups({
      intervalSeconds: DAY,
      lastGoodAt: taken.finishedAt,
      ageSeconds: 2 * DAY,
      runs: [failed, taken],
    });
    renderWithProviders(<BackupsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last good backup is older than the schedule allows',
    );
  });

  it('says scheduled backups are off, and none was taken, without BACKUP_DIR', async () => {
    shopWithBackups({ intervalSeconds: null, lastGoodAt: null, ageSeconds: null, runs: [] });
    renderWithProviders(<BackupsPage />);
    expect(
      await screen.findByText(/Scheduled backups are off: set BACKUP_DIR/),
    ).toBeInTheDocument();
    expect(screen.getByText('none yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
