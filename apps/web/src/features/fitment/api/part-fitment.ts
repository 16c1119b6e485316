import { useQuery } from '@tanstack/react-query';

import type { FitmentList, PartFitment } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** As many parts as one request asks about (the API's limit). */
const PER_REQUEST = 100;

type Waiting = { resolve: (fitment: PartFitment | null) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiting[]>();
let scheduled = false;

/** Sends the ids asked for since the last send, in one request per hundred. */
async function sendWaiting(): Promise<void> {
  scheduled = false;
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += PER_REQUEST) {
    const chunk = ids.slice(i, i + PER_REQUEST);
    try {
      const { parts } = await apiGet<FitmentList>(`/fitment?parts=${chunk.join(',')}`);
      for (const id of chunk) {
        const fitment = parts.find((part) => part.partId === id) ?? null;
        for (const { resolve } of batch.get(id) ?? []) resolve(fitment);
      }
    } catch (error) {
      for (const id of chunk) for (const { reject } of batch.get(id) ?? []) reject(error);
    }
  }
}

/**
 * Which vehicles a part fits. The cards of a page each ask for their own part; the asks made in
 * the same moment travel together, so a page of twelve cards costs one request, not twelve.
 */
export function fetchPartFitment(partId: string): Promise<PartFitment | null> {
  return new Promise((resolve, reject) => {
    waiting.set(partId, [...(waiting.get(partId) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void sendWaiting(), 0);
    }
  });
}

export function usePartFitment(partId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.fitment.part(partId),
    queryFn: () => fetchPartFitment(partId),
    enabled,
    staleTime: 60_000,
  });
}
