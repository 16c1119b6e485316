import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { NewReview } from '@apex/contract';

import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview) => apiRequest('POST', '/review', review, { auth: true }),
    // The home page's list and count include the review on the next visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
