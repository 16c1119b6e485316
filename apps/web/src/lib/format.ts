// Money is shown the one way the shop says it everywhere, from the zod-free entry (this module is
// in every page's first load).
export { formatCents } from '@apex/contract/money';
