import type { ReactNode } from 'react';

export interface DataTableProps {
  /** Column headings; a heading only for screen readers is given as { label, hidden: true }. */
  columns: (string | { label: string; hidden: true })[];
  /** The table rows (<tr> elements). */
  children: ReactNode;
  /**
   * Names the scrolling card and lets the keyboard reach it, for tables with no control inside:
   * without a focusable element, keyboard users could not scroll a wide one sideways.
   */
  label?: string;
}

/**
 * Brings what the keyboard reached inside the card wholly into view. Chromium leaves a control
 * that is partly visible at the card's edge where it is, so on a phone the Edit button of a
 * wide row took focus while all but a sliver of it lay beyond the edge.
 */
function revealFocused(event: React.FocusEvent<HTMLDivElement>) {
  if (event.target !== event.currentTarget) {
    event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

/** The dashboard's list tables: a card that scrolls sideways on a phone. */
export function DataTable({ columns, children, label }: DataTableProps) {
  return (
    <div
      className="overflow-x-auto rounded-box bg-base-100 shadow-md"
      onFocus={revealFocused}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {/* Headings may wrap (daisyUI keeps them on one line), so a short column under a long
          heading ("Minimum order") gives way, and cells are padded 0.75rem a side, not 1rem:
          Manage Products' seven columns then fit their card at desktop width. */}
      <table className="table [&_:where(th,td)]:px-3 [&_thead]:whitespace-normal">
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col">
                  <span className="sr-only">{column.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
