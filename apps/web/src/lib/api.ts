import type { ApiError as ApiErrorBody } from '@apex/contract';

/** A non-2xx answer from the API, with the server's human message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as ApiErrorBody;
    return new ApiError(response.status, body.message, body);
  } catch {
    return new ApiError(response.status, `The shop answered ${response.status}`);
  }
}

/** The one way the web app calls the API (paths are relative to /api). */
export async function apiGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(`/api${path}`, {
    headers: { accept: 'application/json' },
    signal: init.signal ?? null,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
