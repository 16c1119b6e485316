import type { FastifyInstance } from 'fastify';

/** Adds units to a part's stock as the admin's restock form does, whatever the outcome. */
export const restockPart = (
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  payload: unknown,
) =>
  app.inject({
    method: 'POST',
    url: `/api/parts/${id}/restock`,
    headers,
    payload: payload as object,
  });
