-- Trigram matching for names typed with a typo. Trusted since PostgreSQL 13: the database's
-- owner may create it; PGlite loads it as the shop opens the database (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "parts_name_trigram_idx" ON "parts" USING gin ("name" gin_trgm_ops);