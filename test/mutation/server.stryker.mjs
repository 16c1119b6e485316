// @ts-check
// Orders, payments, the catalog, its search and cache, reviews, the limits: judged by the API suite.
import { runFiles, shared } from './shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...shared,
  ...runFiles('server'),
  mutate: [
    'apps/server/src/modules/orders/*.ts',
    '!apps/server/src/modules/orders/{routes,*.test}.ts',
    'apps/server/src/modules/payments/*.ts',
    '!apps/server/src/modules/payments/*.test.ts',
    'apps/server/src/modules/catalog/{service,editing}.ts',
    'apps/server/src/modules/catalog/{search,search-memory,browse}.ts',
    'apps/server/src/modules/reviews/service.ts',
    'apps/server/src/lib/json-cache.ts',
    'apps/server/src/plugins/limits.ts',
  ],
};
