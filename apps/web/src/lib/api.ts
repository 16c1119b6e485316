import type { ApiError as ApiErrorBody } from '@apex/contract';

import { getAccessToken } from './access-token';

/** A non-2xx answer from the API, with the server's human message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ApiErrorBody,
    /** Seconds to wait before asking again, when the shop limited the caller (429). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to tell the customer about a failure: the shop's own words, else what the page expected. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error ? error.message : fallback;

type DeniedListener = () => void;
let onDenied: DeniedListener | null = null;

/** Called when a signed-in call is refused (401/403): the session is gone or was never valid. */
export function setDeniedListener(listener: DeniedListener | null): void {
  onDenied = listener;
}

async function toApiError(response: Response): Promise<ApiError> {
  const seconds = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    const message = body.message ?? `The shop answered ${response.status}`;
    return new ApiError(response.status, message, body as ApiErrorBody, retryAfter);
  } catch {
    return new ApiError(
      response.status,
      `The shop answered ${response.status}`,
      undefined,
      retryAfter,
    );
  }
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Send the access token. */
  auth?: boolean;
  /**
   * A refusal (401/403) signs the user out (requirements §4); off where the page handles it itself.
   */
  deniedSignsOut?: boolean;
  /**
   * Names a write the shop must do once (`Idempotency-Key`): the same request sent again, after a
   * lost response, gets the first one's result.
   */
  idempotencyKey?: string;
}

/** The one way the web app calls the API (paths are relative to /api). */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A GET of something the page already holds, with that copy's ETag: null when the shop answers
 * 304 (the copy is current), else the new answer and its ETag. The shop marks answers about the
 * caller `no-store`, so the browser keeps no copy to revalidate: the page keeps its own.
 */
export async function apiGetUnlessMatch(
  path: string,
  etag: string | null,
  options: RequestOptions = {},
): Promise<{ data: unknown; etag: string | null } | null> {
  const response = await send('GET', path, undefined, options, etag);
  if (response.status === 304) return null;
  return { data: await response.json(), etag: response.headers.get('etag') };
}

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  { signal, auth = false, deniedSignsOut = true, idempotencyKey }: RequestOptions,
  ifNoneMatch: string | null = null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  // A file (a picture upload) travels as it is; everything else as JSON.
  const file = body instanceof Blob ? body : null;
  if (body !== undefined) {
    headers['content-type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  }
  const token = auth ? getAccessToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? null : (file ?? JSON.stringify(body)),
    signal: signal ?? null,
  });
  if (!response.ok && !(ifNoneMatch && response.status === 304)) {
    const error = await toApiError(response);
    if (auth && deniedSignsOut && (response.status === 401 || response.status === 403)) {
      onDenied?.();
    }
    throw error;
  }
  return response;
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}
