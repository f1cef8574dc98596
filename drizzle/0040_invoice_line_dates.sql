-- Each line carries its invoice's session, campus, issue and due days (an invoice is never
-- edited), so that the due report reads what is owed from the lines owed alone
-- (invoice_lines_owed_idx) instead of joining every one to its invoice.
DROP INDEX "invoice_lines_open_idx";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "academic_session_id" uuid, ADD COLUMN "campus_id" uuid,
  ADD COLUMN "issue_date" date, ADD COLUMN "due_date" date;--> statement-breakpoint
UPDATE "invoice_lines" l SET "academic_session_id" = i.academic_session_id,
    "campus_id" = i.campus_id, "issue_date" = i.issue_date, "due_date" = i.due_date
  FROM "invoices" i WHERE i.institute_id = l.institute_id AND i.id = l.invoice_id;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "academic_session_id" SET NOT NULL,
  ALTER COLUMN "campus_id" SET NOT NULL, ALTER COLUMN "issue_date" SET NOT NULL,
  ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_lines_owed_idx" ON "invoice_lines" USING btree ("institute_id","student_id","academic_session_id","due_date","id","issue_date","campus_id","invoice_id","fee_head_id","period_id","balance_minor","fine_minor") WHERE "invoice_lines"."credits_line_id" is null and "invoice_lines"."balance_minor" <> 0;--> statement-breakpoint
-- The copy is its invoice's: checked once for each statement that writes lines (a foreign key
-- over the copied columns as well made a year's invoicing on PGlite twice as slow) ...
CREATE FUNCTION invoice_lines_check_invoice_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM lines l
      JOIN invoices i ON i.institute_id = l.institute_id AND i.id = l.invoice_id
      WHERE (l.academic_session_id, l.campus_id, l.issue_date, l.due_date)
        IS DISTINCT FROM (i.academic_session_id, i.campus_id, i.issue_date, i.due_date)) THEN
    RAISE foreign_key_violation USING CONSTRAINT = 'invoice_lines_invoice_copy',
      MESSAGE = 'an invoice line''s session, campus or days are not its invoice''s';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_invoice_copy AFTER INSERT ON invoice_lines
  REFERENCING NEW TABLE AS lines FOR EACH STATEMENT
  EXECUTE FUNCTION invoice_lines_check_invoice_copy();
--> statement-breakpoint
-- ... and follows a change of its invoice's (which the app never makes).
CREATE FUNCTION invoices_copy_to_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_lines SET academic_session_id = NEW.academic_session_id,
      campus_id = NEW.campus_id, issue_date = NEW.issue_date, due_date = NEW.due_date
    WHERE institute_id = NEW.institute_id AND invoice_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_copy_to_lines
  AFTER UPDATE OF academic_session_id, campus_id, issue_date, due_date ON invoices FOR EACH ROW
  WHEN ((OLD.academic_session_id, OLD.campus_id, OLD.issue_date, OLD.due_date)
    IS DISTINCT FROM (NEW.academic_session_id, NEW.campus_id, NEW.issue_date, NEW.due_date))
  EXECUTE FUNCTION invoices_copy_to_lines();
