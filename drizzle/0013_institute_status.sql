ALTER TABLE "institutes" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "payload_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "institutes_idempotency_key_unique" ON "institutes" USING btree ("idempotency_key");