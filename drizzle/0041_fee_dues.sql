CREATE TABLE "fee_dues" (
	"institute_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_session_id" uuid NOT NULL,
	"campus_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"lines" integer NOT NULL,
	"principal_minor" bigint NOT NULL,
	CONSTRAINT "fee_dues_pk" PRIMARY KEY("institute_id","student_id","academic_session_id","campus_id","issue_date","due_date")
);
--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What each student owes per session, campus and days, kept from the lines owed (those of
-- invoice_lines_owed_idx) statement by statement: each row moves by what the statement's lines
-- add (new) and take away (old), summed per row and written in the rows' order (two statements
-- writing the same rows take their locks in one order).
CREATE FUNCTION fee_dues_follow_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key CONSTANT text := 'institute_id, student_id, academic_session_id, campus_id, issue_date, due_date';
  owed CONSTANT text := 'WHERE credits_line_id IS NULL AND balance_minor <> 0';
  added CONSTANT text := format('SELECT %s, 1 AS lines, balance_minor AS principal FROM new_lines %s', key, owed);
  taken CONSTANT text := format('SELECT %s, -1 AS lines, -balance_minor AS principal FROM old_lines %s', key, owed);
BEGIN
  EXECUTE format('INSERT INTO fee_dues AS d (%1$s, lines, principal_minor)
      SELECT %1$s, sum(lines), sum(principal) FROM (%2$s) moved
      GROUP BY %1$s HAVING sum(lines) <> 0 OR sum(principal) <> 0 ORDER BY %1$s
    ON CONFLICT ON CONSTRAINT fee_dues_pk DO UPDATE SET lines = d.lines + excluded.lines,
      principal_minor = d.principal_minor + excluded.principal_minor',
    key, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN taken
      ELSE added || ' UNION ALL ' || taken END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fee_dues_lines_added AFTER INSERT ON invoice_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION fee_dues_follow_lines();
--> statement-breakpoint
-- Any update (a trigger with transition tables takes no column list): one that changes no
-- line's balance or row (its cancelled flag, its voucher) moves nothing.
CREATE TRIGGER fee_dues_lines_changed AFTER UPDATE ON invoice_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION fee_dues_follow_lines();
--> statement-breakpoint
CREATE TRIGGER fee_dues_lines_removed AFTER DELETE ON invoice_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION fee_dues_follow_lines();
--> statement-breakpoint
INSERT INTO fee_dues (institute_id, student_id, academic_session_id, campus_id, issue_date,
    due_date, lines, principal_minor)
  SELECT institute_id, student_id, academic_session_id, campus_id, issue_date, due_date,
      count(*), sum(balance_minor)
    FROM invoice_lines WHERE credits_line_id IS NULL AND balance_minor <> 0
    GROUP BY 1, 2, 3, 4, 5, 6;
