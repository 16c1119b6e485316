-- Every instance keeps the callers it looked up lately (plugins/auth/viewer-cache.ts): a change to
-- a session (a sign-out, a password change ending them all, one extended) or to an account (a
-- role change, a ban, a deletion) tells all of them, as writes to the catalog do (migration
-- 0010). An INSERT does not: a new session or account is kept by nobody yet, and a sign-in or a
-- sign-up must not make every instance forget every caller it keeps.
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
