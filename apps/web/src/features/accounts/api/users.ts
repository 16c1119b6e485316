import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { User as UserJson } from '@apex/contract';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: async ({ signal }) =>
      (await apiGet<UserJson[]>('/user', { signal, auth: true })).map(({ _id, ...user }) => ({
        id: _id,
        ...user,
      })),
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    // A 403 here gets its own toast (requirements §8) instead of signing the admin out.
    mutationFn: (email: string) =>
      apiRequest('PUT', `/user/admin/${encodeURIComponent(email)}`, undefined, {
        auth: true,
        deniedSignsOut: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
