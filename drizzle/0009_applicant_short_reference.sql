ALTER TABLE "applicants" ADD COLUMN "short_reference" text;--> statement-breakpoint
-- Applications that arrived before short references get one as a new application would
-- (src/server/modules/admission/short-reference.ts): the initials of the institute's slug, the
-- year it was submitted in the institute's time zone, four Crockford base-32 characters.
DO $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  r record;
  words text[];
  prefix text;
  candidate text;
BEGIN
  FOR r IN
    SELECT a.id, a.institute_id, a.submitted_at, i.slug, i.timezone
    FROM "applicants" a JOIN "institutes" i ON i.id = a.institute_id
    ORDER BY a.submitted_at
  LOOP
    words := array_remove(string_to_array(r.slug, '-'), '');
    IF coalesce(array_length(words, 1), 0) >= 2 THEN
      prefix := upper((SELECT string_agg(left(w, 1), '' ORDER BY n)
                       FROM unnest(words[1:3]) WITH ORDINALITY AS t(w, n)));
    ELSE
      prefix := upper(left(r.slug, 2));
    END IF;
    LOOP
      candidate := prefix || '-' || to_char(r.submitted_at AT TIME ZONE r.timezone, 'YY') || '-'
        || (SELECT string_agg(substr(alphabet, 1 + floor(random() * 32)::int, 1), '')
            FROM generate_series(1, 4));
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "applicants"
        WHERE institute_id = r.institute_id AND short_reference = candidate
      );
    END LOOP;
    UPDATE "applicants" SET short_reference = candidate WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "applicants" ALTER COLUMN "short_reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_short_reference_unique" ON "applicants" USING btree ("institute_id","short_reference");
