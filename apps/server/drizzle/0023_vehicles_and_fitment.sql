CREATE TABLE "garage_vehicles" (
	"user_id" text NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_vehicles_user_id_vehicle_id_year_pk" PRIMARY KEY("user_id","vehicle_id","year")
);
--> statement-breakpoint
CREATE TABLE "part_fitments" (
	"part_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	CONSTRAINT "part_fitments_part_id_vehicle_id_pk" PRIMARY KEY("part_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "universal_parts" (
	"part_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"generation" text,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	"trim" text,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_years_in_order" CHECK ("vehicles"."year_from" <= "vehicles"."year_to")
);
--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "part_fitments_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "part_fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "universal_parts" ADD CONSTRAINT "universal_parts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_current_idx" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."is_current";--> statement-breakpoint
CREATE INDEX "part_fitments_vehicle_idx" ON "part_fitments" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_slug_idx" ON "vehicles" USING btree ("slug");