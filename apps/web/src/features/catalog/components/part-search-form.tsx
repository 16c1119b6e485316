import { useState } from 'react';

import type { PartSort } from '@apex/contract/part-sorts';

import type { PartSearch } from '../api/search-parts';

/** The orders a visitor can pick; '' is the server's default, which depends on the words. */
const SORT_LABELS: [PartSort, string][] = [
  ['name', 'Name'],
  ['price', 'Price: low to high'],
  ['price-desc', 'Price: high to low'],
  ['newest', 'Newest'],
];

/**
 * Words, order and "in stock only" for the parts section. The words are sent with Search (or
 * Enter), not as they are typed, so each search is one entry in the history; order and stock
 * apply at once.
 */
export function PartSearchForm({
  search,
  onSearch,
}: {
  search: PartSearch;
  onSearch: (search: PartSearch) => void;
}) {
  // What is typed, until a search with other words arrives (Back, Forward, "Show every part").
  const [typed, setTyped] = useState(search.words);
  const [wordsShown, setWordsShown] = useState(search.words);
  if (wordsShown !== search.words) {
    setWordsShown(search.words);
    setTyped(search.words);
  }
  // Without words the default is by name, so "Name" is the default's own label there.
  const sortShown =
    search.sort === 'relevance' || (!search.words && search.sort === 'name') ? '' : search.sort;
  return (
    <form
      role="search"
      aria-label="Parts search"
      className="mb-6 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ ...search, words: typed.trim() });
      }}
    >
      <label className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1">
        <span className="text-sm font-medium">Search parts</span>
        <input
          type="search"
          name="q"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={200}
          className="input w-full"
        />
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Sort by</span>
        <select
          className="select"
          value={sortShown ?? ''}
          onChange={(event) =>
            onSearch({ ...search, sort: (event.target.value || null) as PartSort | null })
          }
        >
          <option value="">{search.words ? 'Best match' : 'Name'}</option>
          {SORT_LABELS.filter(([sort]) => search.words || sort !== 'name').map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-12 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={search.inStockOnly}
          onChange={(event) => onSearch({ ...search, inStockOnly: event.target.checked })}
        />
        <span>In stock only</span>
      </label>
    </form>
  );
}
