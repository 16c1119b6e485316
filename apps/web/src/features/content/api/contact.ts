import type { ContactAnswer, ContactQuestion } from '@apex/contract';

import { apiRequest } from '@/lib/api';

/** Sends the contact form's question; the shop mails it to its admins. */
export function askTheShop(input: ContactQuestion): Promise<ContactAnswer> {
  return apiRequest<ContactAnswer>('POST', '/contact', input);
}
