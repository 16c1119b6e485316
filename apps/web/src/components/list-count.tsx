interface ListCountProps {
  /** The list once loaded; nothing is said before. */
  list: readonly unknown[] | undefined;
  one: string;
  many: string;
}

/** How many a list holds, e.g. "3 orders", said beside the list's heading. */
export function ListCount({ list, one, many }: ListCountProps) {
  if (!list) return null;
  return (
    <p className="text-base-content/80">
      {list.length} {list.length === 1 ? one : many}
    </p>
  );
}
