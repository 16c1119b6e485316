import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Profile, ProfileInput } from '@apex/contract';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function useProfile(email: string) {
  return useQuery({
    queryKey: queryKeys.profile(email),
    queryFn: ({ signal }) =>
      apiGet<Profile>(`/profile?userEmail=${encodeURIComponent(email)}`, { signal, auth: true }),
  });
}

/** Saves My Profile: POST the first time, PUT afterwards (requirements §7). */
export function useSaveProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, saved }: { input: ProfileInput; saved: boolean }) =>
      apiRequest(saved ? 'PUT' : 'POST', `/profile/${encodeURIComponent(email)}`, input, {
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile(email) }),
  });
}
