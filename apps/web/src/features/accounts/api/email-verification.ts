import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api';

/** Mails the signed-in customer a new verification link (Better Auth limits how often). */
export function sendVerificationLink(email: string): Promise<unknown> {
  // The link in the mail always leads to the shop's /verify-email page (the server builds it).
  return apiRequest('POST', '/auth/send-verification-email', { email });
}

export function useSendVerificationLink() {
  return useMutation({ mutationFn: sendVerificationLink });
}
