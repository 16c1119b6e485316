import type { PartSort } from '@apex/contract';

import type { Database } from '../../db/client';
import type { PartRow } from '../../db/schema';
import { type Browsing, type Page, pageFrom, wantedBy } from './browse';
import { asksExactly, type PartSearch, rankedMatches } from './search';

/**
 * How many searches one copy of the catalog remembers; the one asked least recently goes first.
 * A search remembers at most one reference per part on sale in each of the five orders (some
 * 400 KB for a search that finds all of 10,000 parts), so this bounds what a stream of
 * different words can make the process hold.
 */
export const REMEMBERED_SEARCHES = 64;

/** The parts on sale one way of matching finds, in each order asked for. */
interface Matches {
  ordered: (sort: PartSort) => readonly PartRow[];
}

/** Matches ranked by the database (`rankedIds`), best first; other orders as browsing has them. */
function matchesOf(
  rankedIds: string[],
  byId: ReadonlyMap<string, PartRow>,
  browsing: Browsing,
): Matches {
  const byRank = rankedIds.flatMap((id) => byId.get(id) ?? []);
  const orders = new Map<PartSort, readonly PartRow[]>([['relevance', byRank]]);
  return {
    ordered: (sort: PartSort): readonly PartRow[] => {
      let rows = orders.get(sort);
      if (!rows) {
        const found = new Set(byRank);
        rows = browsing.ordered(sort).filter((row) => found.has(row));
        orders.set(sort, rows);
      }
      return rows;
    },
  };
}

/** A search's words: what they match, and (asked for only if that is nothing) their spelling. */
interface Remembered {
  words: Promise<Matches>;
  spelling?: Promise<Matches> | undefined;
}

/**
 * The searches with words, answered from memory after the first time. The database ranks every
 * part a search's words match once (one query); its pages, their counts, its other orders and
 * the parts in stock among them come from that list and the catalog held in memory. Made with
 * each copy of the catalog and dropped with it, so every write to a part, by this instance or
 * another (`cacheOf`), forgets every search: a part added, edited, restocked or taken off sale
 * is found, ranked and counted afresh. Among 10,000 parts, a search answered by the database
 * alone took three queries that each ranked every match (the page, its count, and the part the
 * page starts after), and the embedded database runs one query at a time.
 *
 * Answers null when the cursor names no part the search finds (a part edited since that page, or
 * taken off sale): only the database can place it among the others.
 */
export function createSearchMemory(
  db: Database,
  byId: ReadonlyMap<string, PartRow>,
  browsing: Browsing,
) {
  const remembered = new Map<string, Remembered>();
  const load = (words: string, by: 'words' | 'spelling') =>
    rankedMatches(db, words, by).then((ids) => matchesOf(ids, byId, browsing));

  const recall = (words: string): Remembered => {
    const known = remembered.get(words);
    // Taken out and put back: a Map keeps its keys in the order they were set.
    remembered.delete(words);
    const entry = known ?? { words: load(words, 'words') };
    remembered.set(words, entry);
    if (!known) {
      // A failed query is not remembered: the next search asks the database again.
      entry.words.catch(() => {
        if (remembered.get(words) === entry) remembered.delete(words);
      });
      const oldest = remembered.keys().next().value;
      if (remembered.size > REMEMBERED_SEARCHES && oldest !== undefined) remembered.delete(oldest);
    }
    return entry;
  };

  const spellingOf = (words: string, entry: Remembered): Promise<Matches> => {
    if (!entry.spelling) {
      const loading = load(words, 'spelling');
      entry.spelling = loading;
      loading.catch(() => {
        if (entry.spelling === loading) entry.spelling = undefined;
      });
    }
    return entry.spelling;
  };

  return async (search: PartSearch & { words: string }): Promise<Page | null> => {
    const { words } = search;
    const entry = recall(words);
    let matches = await entry.words;
    const wanted = wantedBy(search);
    // As in the database: names spelled close are tried when the words find no part wanted.
    if (!asksExactly(words) && !matches.ordered('relevance').some(wanted)) {
      matches = await spellingOf(words, entry);
    }
    return pageFrom(matches.ordered(search.sort), search);
  };
}
