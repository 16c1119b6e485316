import { errorResponses } from './error-responses';

/**
 * How a module describes its routes in the OpenAPI document: each route is tagged with the module
 * and may also answer the module's errors (`errorCodes`: 400 for input its schema refuses, 401 and
 * 403 for who may call it, …) in the one error shape. A route names only what is its own: its
 * summary, its input and its other answers.
 *
 *   const doc = routeDocs('orders', 400, 401, 403, 404);
 *   app.get('/orders', doc('Your orders', { response: { 200: OrderListSchema } }), handler);
 */
export function routeDocs<const Code extends number>(tag: string, ...errorCodes: Code[]) {
  const errors = errorResponses(...errorCodes);
  return <const Schema extends { response: Record<number, unknown> }>(
    summary: string,
    { response, ...input }: Schema,
  ) => ({
    schema: { tags: [tag], summary, ...input, response: { ...response, ...errors } },
  });
}
