CREATE TABLE "enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_session_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"group_id" uuid,
	"section_id" uuid,
	"shift_id" uuid,
	"roll" integer NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolments_student_session_unique" UNIQUE("institute_id","student_id","academic_session_id"),
	CONSTRAINT "enrolments_roll_unique" UNIQUE NULLS NOT DISTINCT("institute_id","academic_session_id","class_id","section_id","roll"),
	CONSTRAINT "enrolments_roll_positive" CHECK ("enrolments"."roll" > 0)
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "religion" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "blood_group" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_relation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "family_key" text GENERATED ALWAYS AS (right(regexp_replace(guardian_phone, '[^0-9]', '', 'g'), 10)) STORED;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_type" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "campus_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "status_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolments_student_idx" ON "enrolments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "enrolments_placement_idx" ON "enrolments" USING btree ("academic_session_id","class_id","section_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_family_idx" ON "students" USING btree ("institute_id","family_key");--> statement-breakpoint
CREATE INDEX "students_campus_idx" ON "students" USING btree ("campus_id");--> statement-breakpoint
-- hand-written: students keep their data as the new columns name it; each gets the institute's
-- first campus and an enrolment in the session and class its free text named (created when the
-- institute's structure lacks them: "2026" runs the calendar year, "2026–2027" July to June).
UPDATE "students" SET "guardian_phone" = "phone", "guardian_email" = "email",
  "campus_id" = (SELECT c."id" FROM "campuses" c WHERE c."institute_id" = "students"."institute_id"
    ORDER BY c."position", c."created_at" LIMIT 1),
  "status" = CASE WHEN "status" = 'inactive' THEN 'left' ELSE "status" END,
  "status_on" = CASE WHEN "status" = 'inactive' THEN "created_at"::date END;--> statement-breakpoint
INSERT INTO "academic_sessions" ("institute_id", "name", "starts_on", "ends_on", "position")
SELECT n."institute_id", n."name",
  CASE WHEN n."name" ~ '\d{4}\D+\d{2,4}' THEN make_date(n."year", 7, 1) ELSE make_date(n."year", 1, 1) END,
  CASE WHEN n."name" ~ '\d{4}\D+\d{2,4}' THEN make_date(n."year" + 1, 6, 30) ELSE make_date(n."year", 12, 31) END,
  coalesce((SELECT max(s."position") FROM "academic_sessions" s WHERE s."institute_id" = n."institute_id"), 0)
    + row_number() OVER (PARTITION BY n."institute_id" ORDER BY n."name")
FROM (
  SELECT DISTINCT ON (st."institute_id", lower(st."academic_session")) st."institute_id", st."academic_session" AS "name",
    coalesce(substring(st."academic_session" from '\d{4}')::int, extract(year from st."created_at")::int) AS "year"
  FROM "students" st
  WHERE NOT EXISTS (SELECT 1 FROM "academic_sessions" s
    WHERE s."institute_id" = st."institute_id" AND lower(s."name") = lower(st."academic_session"))
) n;--> statement-breakpoint
INSERT INTO "classes" ("institute_id", "name", "position")
SELECT n."institute_id", n."name",
  coalesce((SELECT max(c."position") FROM "classes" c WHERE c."institute_id" = n."institute_id"), 0)
    + row_number() OVER (PARTITION BY n."institute_id" ORDER BY n."name")
FROM (
  SELECT DISTINCT ON (st."institute_id", lower(st."class_name")) st."institute_id", st."class_name" AS "name"
  FROM "students" st
  WHERE NOT EXISTS (SELECT 1 FROM "classes" c
    WHERE c."institute_id" = st."institute_id" AND lower(c."name") = lower(st."class_name"))
) n;--> statement-breakpoint
INSERT INTO "groups" ("institute_id", "name", "position")
SELECT n."institute_id", n."name",
  coalesce((SELECT max(g."position") FROM "groups" g WHERE g."institute_id" = n."institute_id"), 0)
    + row_number() OVER (PARTITION BY n."institute_id" ORDER BY n."name")
FROM (
  SELECT DISTINCT ON (st."institute_id", lower(st."group_name")) st."institute_id", st."group_name" AS "name"
  FROM "students" st
  WHERE st."group_name" <> '' AND NOT EXISTS (SELECT 1 FROM "groups" g
    WHERE g."institute_id" = st."institute_id" AND lower(g."name") = lower(st."group_name"))
) n;--> statement-breakpoint
INSERT INTO "enrolments" ("institute_id", "student_id", "academic_session_id", "class_id", "group_id", "roll")
SELECT st."institute_id", st."id", s."id", c."id", g."id",
  row_number() OVER (PARTITION BY st."institute_id", s."id", c."id" ORDER BY st."student_code")
FROM "students" st
JOIN "academic_sessions" s ON s."institute_id" = st."institute_id" AND lower(s."name") = lower(st."academic_session")
JOIN "classes" c ON c."institute_id" = st."institute_id" AND lower(c."name") = lower(st."class_name")
LEFT JOIN "groups" g ON g."institute_id" = st."institute_id" AND lower(g."name") = lower(st."group_name");
