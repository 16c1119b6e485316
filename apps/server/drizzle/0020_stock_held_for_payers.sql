ALTER TYPE "public"."order_cancel_reason" ADD VALUE 'sold-out';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holds_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "low_stock_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("refund_due_at") WHERE "orders"."refund_due_at" is not null;