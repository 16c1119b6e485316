import type { ReactNode } from 'react';

interface DataTableProps {
  /** Column headings; a heading only for screen readers is given as { label, hidden: true }. */
  columns: (string | { label: string; hidden: true })[];
  /** The table rows (<tr> elements). */
  children: ReactNode;
}

/** The dashboard's list tables: a card that scrolls sideways on a phone. */
export function DataTable({ columns, children }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow-md">
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
