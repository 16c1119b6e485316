import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type Part as PartJson, PartConflictSchema } from '@apex/contract';
import {
  type EditPartForm,
  type NewPartForm,
  toNewPartJson,
  toPartUpdateJson,
} from '@apex/contract/forms';

import { ApiError, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { Part } from '@/lib/shop';

import { fromPartJson } from './part-json';

/** An edit refused because the part changed since the form was opened; `part` is it now. */
export class PartChangedError extends Error {
  constructor(
    message: string,
    readonly part: Part,
  ) {
    super(message);
    this.name = 'PartChangedError';
  }
}

const auth = { auth: true } as const;

const partPath = (id: string) => `/parts/${encodeURIComponent(id)}`;

/** Sends one of the catalog's writes whose answer is the part as it now is (`{ part }`). */
async function writePart(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Part> {
  const written = await apiRequest<{ part: PartJson }>(method, path, body, auth);
  return fromPartJson(written.part);
}

/** Admins' writes to the catalog. Each refreshes every cached part list and part. */
export function useManageParts() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
  return {
    add: useMutation({
      mutationFn: (values: NewPartForm) => writePart('POST', '/parts', toNewPartJson(values)),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, values }: { id: string; values: EditPartForm }) => {
        try {
          return await writePart('PUT', partPath(id), toPartUpdateJson(values));
        } catch (error) {
          // The refusal carries the part as it is now: the edit page shows it at once.
          const conflict =
            error instanceof ApiError && error.status === 409
              ? PartConflictSchema.safeParse(error.body)
              : null;
          if (conflict?.success) {
            const now = fromPartJson(conflict.data.part);
            queryClient.setQueryData(queryKeys.parts.one(id), now);
            throw new PartChangedError(conflict.data.message, now);
          }
          throw error;
        }
      },
      onSettled: refresh,
    }),
    restock: useMutation({
      mutationFn: ({ id, units }: { id: string; units: number }) =>
        writePart('POST', `${partPath(id)}/restock`, { units }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest('DELETE', partPath(id), undefined, auth),
      onSettled: refresh,
    }),
  };
}

/** Uploads a picture; the answer is the address to use as the part's image. */
export function useUploadPartImage() {
  return useMutation({
    mutationFn: (file: File) => apiRequest<{ image: string }>('POST', '/part-images', file, auth),
  });
}
