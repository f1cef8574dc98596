ALTER TABLE "students" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "payload_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "students_idempotency_unique" ON "students" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_family_trgm_idx" ON "students" USING gin ("family_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_code_prefix_idx" ON "students" USING btree ("institute_id",lower("student_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("institute_id","full_name");