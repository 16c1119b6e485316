import { ApiError } from '@/lib/api';

/** "in 42 minutes": how long until the shop takes the request again. */
function waitFor(seconds: number): string {
  if (seconds < 60) return 'in a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

/**
 * The words for a request the shop limited (429), naming how often it may be made and when it
 * may be made again; null for any other failure.
 */
export function limitedMessage(failure: unknown, howOften: string): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 429) return null;
  const when = failure.retryAfter === null ? 'later' : waitFor(failure.retryAfter);
  return `You can ask ${howOften}: try again ${when}.`;
}
