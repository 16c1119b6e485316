/**
 * Whether a failed statement broke a unique constraint (SQLSTATE 23505), on either database:
 * Drizzle hands the driver's error on as the cause of its own.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null;) {
    if ('code' in cause && cause.code === '23505') return true;
    cause = 'cause' in cause ? cause.cause : null;
  }
  return false;
}
