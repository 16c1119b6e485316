import { type ReactNode, type Ref, useId } from 'react';

import { useDocumentTitle } from '@/lib/use-document-title';

interface DashboardPageProps {
  /** The page's heading, and the browser tab's name for the page. */
  title: string;
  /** For a page that sends focus back to its heading, e.g. once the row acted on is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
  /**
   * Stands beside the heading, not in it: a heading is read as one name, and "Manage Orders3
   * orders" is not a sentence.
   */
  aside?: ReactNode;
  /** A line under the heading saying what the page is for. */
  intro?: string;
  children: ReactNode;
}

/** A dashboard page: its section, named by its heading, and what the page shows under it. */
export function DashboardPage({ title, headingRef, aside, intro, children }: DashboardPageProps) {
  useDocumentTitle(title);
  const headingId = useId();
  const heading = (
    <h1 id={headingId} ref={headingRef} className="text-3xl font-bold">
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      {aside !== undefined ? (
        <div className="flex flex-wrap items-baseline gap-x-3">
          {heading}
          {aside}
        </div>
      ) : intro !== undefined ? (
        <div>
          {heading}
          <p className="mt-1 text-base-content/80">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
