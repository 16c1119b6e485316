// The web app's `zod` (vite.config.ts points the bare `zod` import here). Zod checks whether it
// may compile parsers with `new Function` as it builds each object schema; the shop's
// Content-Security-Policy forbids eval, so every check shows up as a CSP violation in the
// browser's issues (and Lighthouse's Best Practices). Parsing without eval behaves the same.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
