-- Manage Orders and Users page newest first by (created_at, id), one state at a time, and search
-- by the start of an e-mail address or a name: an index for each (decision 014). The admin
-- overview counts orders by state on (status, created_at, id) and reads paid and shipped orders by
-- the time of payment, with what the per-day sums read, from the index alone (decision 015).
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("user_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_prefix_idx" ON "orders" USING btree (lower("user_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at","total_cents","test_payment") WHERE "orders"."status" in ('paid', 'shipped');--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);