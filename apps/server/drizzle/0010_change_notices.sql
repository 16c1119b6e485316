-- Every instance keeps the catalog and the reviews in memory. A write to either table tells all of
-- them, on the channel `shop_changes`, with the table's name: PostgreSQL delivers a notice only
-- when the writing transaction commits (and never for one rolled back), so a notice always means
-- "what you hold is older than the database". One notice per statement, whoever wrote.
CREATE FUNCTION "notify_shop_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
