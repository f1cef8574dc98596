ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_head_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_period_fk";
--> statement-breakpoint
-- An invoice line's fee head and period, checked once a statement for all its lines (a group
-- run writes 5,000 lines in one), as the foreign keys above checked them one row at a time: the
-- rows named are locked FOR KEY SHARE, so a head or period cannot go while a run writes to it.
CREATE FUNCTION invoice_lines_check_refs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM fee_heads h
    JOIN (SELECT DISTINCT institute_id, fee_head_id FROM lines) l
      ON h.institute_id = l.institute_id AND h.id = l.fee_head_id
    FOR KEY SHARE OF h;
  IF EXISTS (SELECT 1 FROM lines l WHERE NOT EXISTS (SELECT 1 FROM fee_heads h
      WHERE h.institute_id = l.institute_id AND h.id = l.fee_head_id)) THEN
    RAISE foreign_key_violation USING CONSTRAINT = 'invoice_lines_head_fk',
      MESSAGE = 'an invoice line names a fee head its institute does not have';
  END IF;
  PERFORM 1 FROM payment_periods p
    JOIN (SELECT DISTINCT institute_id, period_id FROM lines WHERE period_id IS NOT NULL) l
      ON p.institute_id = l.institute_id AND p.id = l.period_id
    FOR KEY SHARE OF p;
  IF EXISTS (SELECT 1 FROM lines l WHERE l.period_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM payment_periods p WHERE p.institute_id = l.institute_id AND p.id = l.period_id)) THEN
    RAISE foreign_key_violation USING CONSTRAINT = 'invoice_lines_period_fk',
      MESSAGE = 'an invoice line names a payment period its institute does not have';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_refs_insert AFTER INSERT ON invoice_lines
  REFERENCING NEW TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_check_refs();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_refs_update AFTER UPDATE ON invoice_lines
  REFERENCING NEW TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_check_refs();
--> statement-breakpoint
-- The other side: a head or period that lines name cannot be deleted or renumbered, as with a
-- foreign key (the API refuses first, with its own code; this is the backstop).
CREATE FUNCTION invoice_lines_keep_refs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.id, OLD.institute_id) = (NEW.id, NEW.institute_id) THEN
    RETURN NEW;
  END IF;
  IF (TG_TABLE_NAME = 'fee_heads' AND EXISTS (SELECT 1 FROM invoice_lines l
        WHERE l.institute_id = OLD.institute_id AND l.fee_head_id = OLD.id))
    OR (TG_TABLE_NAME = 'payment_periods' AND EXISTS (SELECT 1 FROM invoice_lines l
        WHERE l.period_id = OLD.id AND l.institute_id = OLD.institute_id)) THEN
    RAISE foreign_key_violation USING CONSTRAINT = 'invoice_lines_' ||
      CASE TG_TABLE_NAME WHEN 'fee_heads' THEN 'head' ELSE 'period' END || '_fk',
      MESSAGE = 'invoice lines still name this ' || TG_TABLE_NAME;
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_keep_head BEFORE DELETE OR UPDATE OF id, institute_id ON fee_heads
  FOR EACH ROW EXECUTE FUNCTION invoice_lines_keep_refs();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_keep_period BEFORE DELETE OR UPDATE OF id, institute_id
  ON payment_periods FOR EACH ROW EXECUTE FUNCTION invoice_lines_keep_refs();
