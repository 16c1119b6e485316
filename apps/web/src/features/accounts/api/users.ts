import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import type { AdminUsersPage } from '@apex/contract';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type Account = Omit<AdminUsersPage['users'][number], '_id'> & { id: string };

export async function getUsers(
  words: string,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ users: Account[]; next: string | null }> {
  const params = new URLSearchParams();
  if (words) params.set('q', words);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const page = await apiGet<AdminUsersPage>(`/manage/users${query}`, { signal, auth: true });
  return { users: page.users.map(({ _id, ...user }) => ({ id: _id, ...user })), next: page.next };
}

/** The accounts, newest first, 50 at a time; those whose e-mail or name start with `words`. */
export function useUsers(words: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.usersPaged(words),
    queryFn: ({ pageParam, signal }) => getUsers(words, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
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
