import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** Renders with a fresh data cache (no retries, so failures show at once) and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A fetch stand-in that answers each call with the next of the given responses. */
export function answerFetchWith(...responses: (() => Response)[]) {
  let call = 0;
  return async () => {
    const next = responses[Math.min(call++, responses.length - 1)];
    if (!next) throw new Error('no response configured');
    return next();
  };
}

export const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for fetch with the shop's answer for each address (the pages of a list); any other
 * address is a 400, as for a page the shop never made. Returns the stand-in, to read its calls.
 */
export function answerByAddress<Answer>(answers: Record<string, Answer>) {
  const fetch = vi.fn(async (url: string) => {
    const answer = answers[url];
    return answer === undefined
      ? json({ statusCode: 400, message: 'No such page' }, 400)()
      : json(answer)();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Stands in for fetch where a page posts to one `endpoint`: it answers with `answer`, and the JSON
 * bodies sent to it are kept in the list returned; any other address answers as `others` says, or
 * with null.
 */
export function recordPostsTo(
  endpoint: string,
  answer: () => Response,
  others: Record<string, () => Response> = {},
): unknown[] {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === endpoint) {
      bodies.push(JSON.parse(init?.body as string));
      return answer();
    }
    return (others[url] ?? json(null))();
  });
  return bodies;
}
