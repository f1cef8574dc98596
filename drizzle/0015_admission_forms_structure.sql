ALTER TABLE "admission_forms" ADD COLUMN "academic_session_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written: each form points at the session, class and group its free text named (any case);
-- those the institute's structure lacks are created at the end of their lists ("2026" runs the
-- calendar year, "2026–2027" or "2026-27" July to June). No form or applicant is lost.
INSERT INTO "academic_sessions" ("institute_id", "name", "starts_on", "ends_on", "position")
SELECT n."institute_id", n."name",
  CASE WHEN n."name" ~ '\d{4}\D+\d{2,4}' THEN make_date(n."year", 7, 1) ELSE make_date(n."year", 1, 1) END,
  CASE WHEN n."name" ~ '\d{4}\D+\d{2,4}' THEN make_date(n."year" + 1, 6, 30) ELSE make_date(n."year", 12, 31) END,
  coalesce((SELECT max(s."position") FROM "academic_sessions" s WHERE s."institute_id" = n."institute_id"), 0)
    + row_number() OVER (PARTITION BY n."institute_id" ORDER BY n."name")
FROM (
  SELECT DISTINCT ON (f."institute_id", lower(f."academic_session")) f."institute_id", f."academic_session" AS "name",
    coalesce(substring(f."academic_session" from '\d{4}')::int, extract(year from f."created_at")::int) AS "year"
  FROM "admission_forms" f
  WHERE NOT EXISTS (SELECT 1 FROM "academic_sessions" s
    WHERE s."institute_id" = f."institute_id" AND lower(s."name") = lower(f."academic_session"))
) n;--> statement-breakpoint
INSERT INTO "classes" ("institute_id", "name", "position")
SELECT n."institute_id", n."name",
  coalesce((SELECT max(c."position") FROM "classes" c WHERE c."institute_id" = n."institute_id"), 0)
    + row_number() OVER (PARTITION BY n."institute_id" ORDER BY n."name")
FROM (
  SELECT DISTINCT ON (f."institute_id", lower(f."class_name")) f."institute_id", f."class_name" AS "name"
  FROM "admission_forms" f
  WHERE NOT EXISTS (SELECT 1 FROM "classes" c
    WHERE c."institute_id" = f."institute_id" AND lower(c."name") = lower(f."class_name"))
) n;--> statement-breakpoint
INSERT INTO "groups" ("institute_id", "name", "position")
SELECT n."institute_id", n."name",
  coalesce((SELECT max(g."position") FROM "groups" g WHERE g."institute_id" = n."institute_id"), 0)
    + row_number() OVER (PARTITION BY n."institute_id" ORDER BY n."name")
FROM (
  SELECT DISTINCT ON (f."institute_id", lower(f."group_name")) f."institute_id", f."group_name" AS "name"
  FROM "admission_forms" f
  WHERE f."group_name" <> '' AND NOT EXISTS (SELECT 1 FROM "groups" g
    WHERE g."institute_id" = f."institute_id" AND lower(g."name") = lower(f."group_name"))
) n;--> statement-breakpoint
UPDATE "admission_forms" f SET
  "academic_session_id" = (SELECT s."id" FROM "academic_sessions" s
    WHERE s."institute_id" = f."institute_id" AND lower(s."name") = lower(f."academic_session")),
  "class_id" = (SELECT c."id" FROM "classes" c
    WHERE c."institute_id" = f."institute_id" AND lower(c."name") = lower(f."class_name")),
  "group_id" = (SELECT g."id" FROM "groups" g
    WHERE g."institute_id" = f."institute_id" AND lower(g."name") = lower(f."group_name"));
