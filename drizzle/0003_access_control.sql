ALTER TABLE "audit_log" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
-- Rows written before areas existed were all sign-in and session events.
ALTER TABLE "audit_log" ADD COLUMN "area" text DEFAULT 'auth' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "area" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_platform_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_institute_user_idx" ON "audit_log" USING btree ("institute_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
-- Only the admin role stays locked; the client role of §6 may be edited like any other.
UPDATE "roles" SET "is_system" = false WHERE "name" = 'client';