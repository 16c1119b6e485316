import type { ReactNode } from 'react';

interface DataTableProps {
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

/** The dashboard's list tables: a card that scrolls sideways on a phone. */
export function DataTable({ columns, children, label }: DataTableProps) {
  return (
    <div
      className="overflow-x-auto rounded-box bg-base-100 shadow-md"
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className="table">
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
