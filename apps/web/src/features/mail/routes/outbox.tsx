import { useState } from 'react';

import type { OutboxMail } from '@apex/contract';

import { DashboardPage } from '@/components/dashboard-page';
import { DataTable } from '@/components/data-table';
import { PageSpinner } from '@/components/page-spinner';
import { QueryStatus } from '@/components/query-status';
import { ShowMoreButton } from '@/components/show-more-button';

import { outboxHtmlUrl, useOutbox, useOutboxMessage } from '../api/outbox';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const stateLabels: Record<OutboxMail['state'], string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  kept: 'Kept (no mail server)',
  failed: 'Not delivered',
};

function MailMessage({ mail }: { mail: OutboxMail }) {
  const message = useOutboxMessage(mail.id);
  return (
    <section aria-labelledby="mail-heading" className="flex flex-col gap-3">
      <h2 id="mail-heading" className="text-xl font-semibold">
        {mail.subject}
      </h2>
      <p className="text-sm">
        To {mail.recipient} · {stateLabels[mail.state]}
        {mail.lastError ? ` · last try: ${mail.lastError}` : ''}
      </p>
      <iframe
        title={`The message "${mail.subject}" as its recipient sees it`}
        src={outboxHtmlUrl(mail.id)}
        sandbox=""
        className="h-[32rem] w-full rounded-box border border-base-300 bg-white"
      />
      <details>
        <summary className="cursor-pointer">Plain-text part</summary>
        {message.isPending ? (
          <PageSpinner label="Loading the message…" />
        ) : message.isError ? (
          <p role="alert">The message could not be loaded.</p>
        ) : (
          <pre className="whitespace-pre-wrap break-words text-sm">{message.data.text}</pre>
        )}
      </details>
    </section>
  );
}

/** Dashboard → Outbox: every mail the shop sent or keeps, and each message as it reads. */
export default function OutboxPage() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxMail | null>(null);

  return (
    <DashboardPage title="Outbox">
      <p className="max-w-prose text-base-content/80">
        The mail the shop sends customers and admins. Without a mail server (SMTP_URL) nothing
        leaves the shop: every mail is kept here.
      </p>
      <QueryStatus query={outbox} what="the outbox">
        {({ pages }) => (
          <>
            <DataTable
              columns={['To', 'Subject', 'State', 'Written', { label: 'Message', hidden: true }]}
            >
              {pages
                .flatMap((page) => page.mails)
                .map((mail) => (
                  <tr key={mail.id}>
                    <td className="break-all">{mail.recipient}</td>
                    <td>{mail.subject}</td>
                    <td>{stateLabels[mail.state]}</td>
                    <td>{when.format(new Date(mail.createdAt))}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        aria-label={`Read "${mail.subject}" to ${mail.recipient}`}
                        onClick={() => setOpen(mail)}
                      >
                        Read
                      </button>
                    </td>
                  </tr>
                ))}
            </DataTable>
            {pages[0]?.mails.length === 0 && <p>No mail yet.</p>}
            <ShowMoreButton query={outbox}>Show more</ShowMoreButton>
            {open && <MailMessage mail={open} />}
          </>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
