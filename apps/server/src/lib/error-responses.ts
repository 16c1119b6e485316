import { ApiErrorSchema } from '@apex/contract';

/** The error answers a route may give, for its OpenAPI schema: each in the one error shape. */
export function errorResponses<const Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<
    Code,
    typeof ApiErrorSchema
  >;
}
