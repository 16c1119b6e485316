// @ts-check
// The contract's rules and schemas, judged by the contract's own tests. Its code runs when a
// module is loaded, so each of its mutants would otherwise cost a run of every suite that loads
// the contract (all of them): hours. The API suite would only kill more, so this score is a floor.
import { runFiles, shared } from './shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...shared,
  ...runFiles('contract'),
  mutate: [
    'packages/contract/src/*.ts',
    '!packages/contract/src/*.test.ts',
    '!packages/contract/src/index.ts',
  ],
};
