import type { BackupRun, BackupStatus } from '@apex/contract';

import { DashboardPage } from '@/components/dashboard-page';
import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';

import { useBackupStatus } from '../api/get-backups';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", in the largest unit that fits. */
function ago(seconds: number): string {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** An interval as operators write it in BACKUP_INTERVAL's spirit: "every day", "every 6 hours". */
function every(seconds: number): string {
  if (seconds % 86_400 === 0)
    return seconds === 86_400 ? 'every day' : `every ${seconds / 86_400} days`;
  if (seconds % 3_600 === 0)
    return seconds === 3_600 ? 'every hour' : `every ${seconds / 3_600} hours`;
  return `every ${Math.round(seconds / 60)} minutes`;
}

function outcome(run: BackupRun): string {
  if (run.error) return `Failed: ${run.error}`;
  return run.finishedAt ? 'Taken' : 'Under way';
}

/** What an admin must know first: is the shop backed up, and recently enough? */
function Summary({ status }: { status: BackupStatus }) {
  const { intervalSeconds, lastGoodAt, ageSeconds } = status;
  // Missed one backup and most of the next: something is wrong, whatever the reason.
  const overdue =
    intervalSeconds !== null && (ageSeconds === null || ageSeconds > intervalSeconds * 1.5);
  return (
    <div className="flex max-w-prose flex-col gap-3">
      <p>
        {intervalSeconds === null
          ? 'Scheduled backups are off: set BACKUP_DIR for the shop to back itself up.'
          : `The shop backs itself up ${every(intervalSeconds)}.`}{' '}
        <code>npm run backup</code> takes one by hand.
      </p>
      <p>
        Last good backup:{' '}
        <strong>
          {lastGoodAt && ageSeconds !== null
            ? `${ago(ageSeconds)} (${when.format(new Date(lastGoodAt))})`
            : 'none yet'}
        </strong>
      </p>
      {overdue && (
        <p role="alert" className="alert alert-warning">
          {lastGoodAt
            ? 'The last good backup is older than the schedule allows: see the failed runs below and the server’s log.'
            : 'No backup has succeeded yet: see the runs below and the server’s log.'}
        </p>
      )}
    </div>
  );
}

/** Dashboard → Backups: whether the shop is backed up, for admins. */
export default function BackupsPage() {
  const status = useBackupStatus();
  return (
    <DashboardPage title="Backups">
      <QueryStatus query={status} what="the backups">
        {(data) => (
          <>
            <Summary status={data} />
            {data.runs.length > 0 && (
              <>
                <h2 className="text-xl font-semibold">Recent scheduled backups</h2>
                <DataTable columns={['Started', 'File', 'Result']} label="Recent scheduled backups">
                  {data.runs.map((run) => (
                    <tr key={run.slotStart}>
                      <td>{when.format(new Date(run.startedAt))}</td>
                      <td className="break-all">{run.file ?? '—'}</td>
                      <td>{outcome(run)}</td>
                    </tr>
                  ))}
                </DataTable>
              </>
            )}
          </>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
