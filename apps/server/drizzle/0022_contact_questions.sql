CREATE TABLE "contact_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_email" text NOT NULL,
	"question" text NOT NULL,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_questions_waiting_idx" ON "contact_questions" USING btree ("created_at") WHERE "contact_questions"."digested_at" is null;