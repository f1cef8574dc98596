ALTER TABLE "advance_settings" ADD COLUMN "day_difference_approval_above_minor" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD COLUMN "difference_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD COLUMN "difference_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD COLUMN "difference_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD COLUMN "difference_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD CONSTRAINT "cashier_day_closings_difference_approved_by_users_id_fk" FOREIGN KEY ("difference_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD CONSTRAINT "cashier_day_closings_no_self_approval" CHECK ("cashier_day_closings"."difference_approved_by" is null or "cashier_day_closings"."difference_approved_by" <> "cashier_day_closings"."cashier_id");--> statement-breakpoint
-- Closings before this posted every difference at once.
UPDATE "cashier_day_closings" SET "difference_status" = 'posted' WHERE "counted_cash_minor" <> "expected_cash_minor";
