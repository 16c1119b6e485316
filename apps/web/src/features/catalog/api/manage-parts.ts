import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { NewPart, Part, PartFields } from '@apex/contract';

import { apiRequest } from '@/lib/api';

/** Admins' writes to the catalogue. Each refreshes every cached part list and part. */
export function useManageParts() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['parts'] });
  return {
    add: useMutation({
      mutationFn: (part: NewPart) =>
        apiRequest<{ insertedId: string; upsertedId: string; part: Part }>('POST', '/parts', part, {
          auth: true,
        }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, part }: { id: string; part: PartFields }) =>
        apiRequest<{ modifiedCount: number; part: Part }>(
          'PUT',
          `/parts/${encodeURIComponent(id)}`,
          part,
          { auth: true },
        ),
      onSuccess: refresh,
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
