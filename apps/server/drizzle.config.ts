import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
  // PGlite runs a migration file as one query only when statements are split by breakpoints.
  breakpoints: true,
});
