/**
 * Keyset paging over lists that grow with the shop's history, newest first: a page ends where
 * the next begins, by (created_at, id), so no page re-reads or skips rows as new ones arrive
 * (an OFFSET would do both, and cost more the further back it goes).
 */
export interface PageKey {
  createdAt: Date;
  id: string;
}

/** The opaque `next` a client hands back as `before`. */
export function encodePageKey({ createdAt, id }: PageKey): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

/** The key a `before` names, or null when it is not one of ours. */
export function decodePageKey(before: string): PageKey | null {
  const [iso, id, ...rest] = Buffer.from(before, 'base64url').toString().split('|');
  if (!iso || !id || rest.length > 0) return null;
  const createdAt = new Date(iso);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso) return null;
  return { createdAt, id };
}
