-- Every instance keeps the callers it looked up lately (plugins/auth/viewer-cache.ts): a write to
-- the sessions (sign-in, sign-out, a password change ending them all) or to the accounts (a role
-- change, a ban, a deletion) tells all of them, as writes to the catalog do (migration 0010).
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
