import { type ReactNode, useState } from 'react';

interface ListSearchFormProps {
  /** Names the search landmark, e.g. "Find orders". */
  label: string;
  /** The search field's label. */
  fieldLabel: string;
  /** The words searched for now (from the page's address). */
  words: string;
  maxLength: number;
  onSearch: (words: string) => void;
  /** Filters that apply at once, beside the words (a select of states). */
  children?: ReactNode;
}

/**
 * The search of a dashboard list. The words are sent with Search (or Enter), not as they are
 * typed, so each search is one entry in the history; filters in `children` apply at once.
 */
export function ListSearchForm({
  label,
  fieldLabel,
  words,
  maxLength,
  onSearch,
  children,
}: ListSearchFormProps) {
  // What is typed, until other words arrive from the address (Back, Forward, "Show every…").
  const [typed, setTyped] = useState(words);
  const [wordsShown, setWordsShown] = useState(words);
  if (wordsShown !== words) {
    setWordsShown(words);
    setTyped(words);
  }
  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <label className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1">
        <span className="text-sm font-medium">{fieldLabel}</span>
        <input
          type="search"
          name="q"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={maxLength}
          className="input w-full"
        />
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
      {children}
    </form>
  );
}
