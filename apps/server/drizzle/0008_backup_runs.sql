CREATE TABLE "backup_runs" (
	"slot_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"error" text
);
