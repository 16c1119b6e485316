import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type NewPart, type Part, PartConflictSchema, type PartUpdate } from '@apex/contract';

import { ApiError, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

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

/** Admins' writes to the catalog. Each refreshes every cached part list and part. */
export function useManageParts() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
  return {
    add: useMutation({
      mutationFn: (part: NewPart) =>
        apiRequest<{ insertedId: string; upsertedId: string; part: Part }>('POST', '/parts', part, {
          auth: true,
        }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, part }: { id: string; part: PartUpdate }) => {
        try {
          return await apiRequest<{ modifiedCount: number; part: Part }>(
            'PUT',
            `/parts/${encodeURIComponent(id)}`,
            part,
            { auth: true },
          );
        } catch (error) {
          // The refusal carries the part as it is now: the edit page shows it at once.
          const conflict =
            error instanceof ApiError && error.status === 409
              ? PartConflictSchema.safeParse(error.body)
              : null;
          if (conflict?.success) {
            queryClient.setQueryData(['parts', id], conflict.data.part);
            throw new PartChangedError(conflict.data.message, conflict.data.part);
          }
          throw error;
        }
      },
      onSettled: refresh,
    }),
    restock: useMutation({
      mutationFn: ({ id, units }: { id: string; units: number }) =>
        apiRequest<{ modifiedCount: number; part: Part }>(
          'POST',
          `/parts/${encodeURIComponent(id)}/restock`,
          { units },
          { auth: true },
        ),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ deletedCount: number }>(
          'DELETE',
          `/parts/${encodeURIComponent(id)}`,
          undefined,
          { auth: true },
        ),
      onSettled: refresh,
    }),
  };
}

/** Uploads a picture; the answer is the address to use as the part's image. */
export function useUploadPartImage() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<{ image: string }>('POST', '/part-images', file, { auth: true }),
  });
}
