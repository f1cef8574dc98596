CREATE TABLE "throttle_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"started_at" bigint NOT NULL,
	"last_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_counters_ends_idx" ON "throttle_counters" USING btree ("ends_at");