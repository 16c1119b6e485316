import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { PART_PAGE_SIZE } from '@apex/contract/part-sorts';

import { QueryErrorState } from '@/components/error-state';
import { STAY_IN_PLACE } from '@/lib/navigation-state';

import { type PartSearch, partSearchOf, searchParamsOf, usePartPage } from '../api/search-parts';
import { PartCard, type PartCardAction } from './part-card';
import { PartSearchForm } from './part-search-form';

function PartCardSkeleton() {
  return (
    <div className="card bg-base-100 shadow-md" aria-hidden="true">
      <div className="skeleton aspect-[4/3] rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="skeleton mt-4 h-10 w-28 self-end" />
      </div>
    </div>
  );
}

const EVERY_PART: PartSearch = { words: '', sort: null, inStockOnly: false, vehicle: null };

/**
 * The catalog on the home page, where "Purchase" in the navigation leads: a search whose words,
 * order and stock filter live in the page's address (so it can be shared, and Back returns to
 * the search before), the first parts of it, and "Show more" for the next ones. `cardAction` is
 * what each card offers beside "Buy now", `cardNote` what it says below the description (whether
 * the part fits the customer's vehicle), and `vehicleBar` the vehicle the parts are shown for.
 */
export function PartsSection({
  cardAction,
  cardNote,
  vehicleBar,
}: {
  cardAction?: PartCardAction;
  cardNote?: PartCardAction;
  vehicleBar?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const search = partSearchOf(params);
  const first = usePartPage(search, null);
  const show = (next: PartSearch) => setParams(searchParamsOf(next), { state: STAY_IN_PLACE });
  const total = first.data?.total;
  return (
    <section id="parts" aria-labelledby="parts-heading" className="scroll-mt-20">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="parts-heading" className="text-3xl font-bold">
          Parts
        </h2>
        {total !== undefined && (
          <p className="text-base-content/80" aria-live="polite">
            {total} {total === 1 ? 'part' : 'parts'} available
          </p>
        )}
      </div>
      {vehicleBar}
      <PartSearchForm search={search} onSearch={show} />
      {first.isPending && (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading parts…</span>
          {Array.from({ length: 6 }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      )}
      <QueryErrorState query={first} title="The parts could not be loaded." />
      {total === 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            {search.words ? `No parts match “${search.words}”.` : 'No parts match this search.'}
            {search.vehicle && ' Only parts that fit the vehicle are shown.'}
          </p>
          <button type="button" className="btn btn-sm" onClick={() => show(EVERY_PART)}>
            Show every part
          </button>
        </div>
      )}
      {total !== undefined && total > 0 && (
        <PartPages
          search={search}
          total={total}
          // A later page counted otherwise: the catalog changed meanwhile, so the count at the
          // top (and the first page) is read again rather than left to disagree with the rest.
          onTotalChanged={first.refetch}
          cardAction={cardAction}
          cardNote={cardNote}
        />
      )}
    </section>
  );
}

/** The pages of a search shown so far, and "Show more" while there are more. */
function PartPages({
  search,
  total,
  onTotalChanged,
  cardAction,
  cardNote,
}: {
  search: PartSearch;
  total: number;
  /** Stable across renders: it is called once per change of the counts. */
  onTotalChanged: () => unknown;
  cardAction: PartCardAction | undefined;
  cardNote: PartCardAction | undefined;
}) {
  const searchKey = searchParamsOf(search).toString();
  // The cursors of the pages shown; a new search starts again from its first page.
  const [shown, setShown] = useState({ searchKey, cursors: [null] as (string | null)[] });
  if (shown.searchKey !== searchKey) setShown({ searchKey, cursors: [null] });
  const cursors = shown.searchKey === searchKey ? shown.cursors : [null];
  const last = usePartPage(search, cursors.at(-1) ?? null);
  const count = Math.min(
    total,
    (cursors.length - 1) * PART_PAGE_SIZE + (last.data?.parts.length ?? 0),
  );
  const next = last.data?.next;
  const lastTotal = last.data?.total;
  useEffect(() => {
    if (lastTotal !== undefined && lastTotal !== total) void onTotalChanged();
  }, [lastTotal, total, onTotalChanged]);
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cursors.map((cursor, i) => (
          <PartPageItems
            key={cursor ?? 'first'}
            search={search}
            cursor={cursor}
            takeFocus={i > 0 && i === cursors.length - 1}
            cardAction={cardAction}
            cardNote={cardNote}
          />
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-base-content/80" aria-live="polite">
          Showing {count} of {total}
        </p>
        <QueryErrorState query={last} title="More parts could not be loaded." />
        {next && (
          <button
            type="button"
            className="btn"
            onClick={() => setShown({ searchKey, cursors: [...cursors, next] })}
          >
            Show more
          </button>
        )}
        {last.isPending && <p className="text-sm">Loading more parts…</p>}
      </div>
    </>
  );
}

/**
 * The parts of one page. A page added by "Show more" takes focus on its first part, so the
 * next Tab goes on from the parts just shown rather than from the button they pushed down.
 */
function PartPageItems({
  search,
  cursor,
  takeFocus,
  cardAction,
  cardNote,
}: {
  search: PartSearch;
  cursor: string | null;
  takeFocus: boolean;
  cardAction: PartCardAction | undefined;
  cardNote: PartCardAction | undefined;
}) {
  const page = usePartPage(search, cursor);
  const firstItem = useRef<HTMLLIElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!takeFocus || focused.current || !page.data) return;
    focused.current = true;
    firstItem.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [takeFocus, page.data]);
  return page.data?.parts.map((part, i) => (
    <li key={part.id} className="flex" ref={i === 0 ? firstItem : undefined}>
      <PartCard part={part} action={cardAction} note={cardNote} />
    </li>
  ));
}
