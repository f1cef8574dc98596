CREATE TABLE "campuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institute_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"institute_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "currency_digits" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "logo_type" text;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "logo_width" integer;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "logo_height" integer;--> statement-breakpoint
ALTER TABLE "campuses" ADD CONSTRAINT "campuses_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institute_slugs" ADD CONSTRAINT "institute_slugs_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_institute_code_unique" ON "campuses" USING btree ("institute_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_institute_id_unique" ON "campuses" USING btree ("institute_id","id");--> statement-breakpoint
CREATE INDEX "institute_slugs_institute_idx" ON "institute_slugs" USING btree ("institute_id");--> statement-breakpoint
ALTER TABLE "institutes" ADD CONSTRAINT "institutes_currency_digits" CHECK ("institutes"."currency_digits" between 0 and 4);--> statement-breakpoint
-- hand-written:
-- Every institute has a campus: those created before campuses existed get their main campus.
INSERT INTO "campuses" ("institute_id", "name", "code", "position")
SELECT "id", 'Main campus', 'MAIN', 0 FROM "institutes" i
WHERE NOT EXISTS (SELECT 1 FROM "campuses" c WHERE c."institute_id" = i."id");--> statement-breakpoint
-- Institutes so far could only have their default currency, BDT (2 digits); any other set by
-- hand gets its ISO 4217 minor unit here (the settings screen computes it with Intl from now on).
UPDATE "institutes" SET "currency_digits" = CASE
  WHEN "currency" IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0
  WHEN "currency" IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3
  ELSE 2 END;
