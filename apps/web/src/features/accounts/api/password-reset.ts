import type { PasswordReset, PasswordResetRequest } from '@apex/contract';

import { apiRequest } from '@/lib/api';

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<unknown> {
  // The link in the mail always leads to the shop's /reset-password page (the server builds it).
  return apiRequest('POST', '/auth/request-password-reset', input);
}

/** Sets the new password with the token the reset link brought; every session then ends. */
export function resetPassword(input: PasswordReset & { token: string }): Promise<unknown> {
  return apiRequest('POST', '/auth/reset-password', input);
}
