import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';
import { useDocumentTitle } from '@/lib/use-document-title';

import { type Activity, useActivity } from '../api/get-activity';
import { describeAction, describeChanges, describeSubject } from '../components/describe-activity';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function Changes({ entry }: { entry: Activity }) {
  const changes = describeChanges(entry);
  if (changes.length === 0) return <span>No change</span>;
  return (
    <ul className="flex min-w-48 flex-col gap-1">
      {changes.map(({ field, label, before, after }) => (
        <li key={field} className="wrap-anywhere">
          <span className="font-medium">{label}:</span>{' '}
          {before !== null && after !== null ? (
            <>
              {before} <span aria-hidden="true">→</span>
              <span className="sr-only">to</span> {after}
            </>
          ) : (
            (after ?? before)
          )}
        </li>
      ))}
    </ul>
  );
}

/** Activity (admins): what every admin did in the shop, newest first, 50 at a time. */
export default function ActivityPage() {
  useDocumentTitle('Activity');
  const activity = useActivity();
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-6">
      <div>
        <h1 id="activity-heading" className="text-3xl font-bold">
          Activity
        </h1>
        <p className="mt-1 text-base-content/80">
          What admins did in the shop, newest first: who, what, and what it changed.
        </p>
      </div>
      <QueryStatus
        query={activity}
        loading="Loading the activity…"
        failed="The activity could not be loaded."
      >
        {({ pages }) => {
          const entries = pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <p>No admin has done anything yet.</p>;
          return (
            <>
              <DataTable
                label="Admin activity"
                columns={['When', 'Who', 'What', 'Which', 'What changed']}
              >
                {entries.map((entry) => (
                  <tr key={entry.id} className="align-top">
                    <td className="whitespace-nowrap">
                      <time dateTime={entry.createdAt}>
                        {when.format(new Date(entry.createdAt))}
                      </time>
                    </td>
                    <td>{entry.actor.email}</td>
                    <td>{describeAction(entry.action)}</td>
                    <td className="wrap-anywhere">{describeSubject(entry)}</td>
                    <td>
                      <Changes entry={entry} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              {activity.hasNextPage && (
                <button
                  type="button"
                  className="btn self-start btn-outline"
                  disabled={activity.isFetchingNextPage}
                  onClick={() => void activity.fetchNextPage()}
                >
                  {activity.isFetchingNextPage ? 'Loading more…' : 'Show more'}
                </button>
              )}
            </>
          );
        }}
      </QueryStatus>
    </section>
  );
}
