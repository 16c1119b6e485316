import { DashboardPage } from '@/components/dashboard-page';
import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';
import { ShowMoreButton } from '@/components/show-more-button';

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
  const activity = useActivity();
  return (
    <DashboardPage
      title="Activity"
      intro="What admins did in the shop, newest first: who, what, and what it changed."
    >
      <QueryStatus query={activity} what="the activity">
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
              <ShowMoreButton query={activity}>
                {activity.isFetchingNextPage ? 'Loading more…' : 'Show more'}
              </ShowMoreButton>
            </>
          );
        }}
      </QueryStatus>
    </DashboardPage>
  );
}
