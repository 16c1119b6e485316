-- The admin's overview is kept in memory too (decision 015): every write to the orders tells
-- every instance, as writes to the parts and reviews do (migration 0010). An order's lines are
-- written only in the statement's transaction that places it and go only with it (on delete
-- cascade), so the order's own notice covers them.
CREATE TRIGGER "orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shop_change"();
