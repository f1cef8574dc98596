CREATE TABLE "counter_settings" (
	"institute_id" uuid PRIMARY KEY NOT NULL,
	"mobile_providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receipt_copies" text DEFAULT 'guardian' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counter_settings" ADD CONSTRAINT "counter_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_settings" ADD CONSTRAINT "counter_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;