interface ListProgressProps {
  /** How many rows are shown. */
  shown: number;
  /** Whether "Show more" would show more. */
  more: boolean;
  one: string;
  many: string;
}

/** How much of a paged list is shown, said politely whenever it changes. */
export function ListProgress({ shown, more, one, many }: ListProgressProps) {
  return (
    <p role="status" className="text-base-content/80">
      {shown} {shown === 1 ? one : many} shown
      {more ? '; Show more for the next ones' : ''}
    </p>
  );
}
