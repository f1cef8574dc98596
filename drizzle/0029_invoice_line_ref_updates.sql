-- An update checks a line's fee head and period only when it changes them, one row at a time
-- as a foreign key would: payments update thousands of lines' paid amounts, and the statement
-- check (0022) ran its four queries for each of them, ~0.3 ms of a payment on PGlite.
DROP TRIGGER invoice_lines_refs_update ON invoice_lines;
--> statement-breakpoint
CREATE FUNCTION invoice_lines_check_line_refs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM fee_heads h WHERE h.institute_id = NEW.institute_id AND h.id = NEW.fee_head_id
    FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE foreign_key_violation USING CONSTRAINT = 'invoice_lines_head_fk',
      MESSAGE = 'an invoice line names a fee head its institute does not have';
  END IF;
  IF NEW.period_id IS NOT NULL THEN
    PERFORM 1 FROM payment_periods p WHERE p.institute_id = NEW.institute_id AND p.id = NEW.period_id
      FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE foreign_key_violation USING CONSTRAINT = 'invoice_lines_period_fk',
        MESSAGE = 'an invoice line names a payment period its institute does not have';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_refs_update AFTER UPDATE OF institute_id, fee_head_id, period_id
  ON invoice_lines FOR EACH ROW
  WHEN ((OLD.institute_id, OLD.fee_head_id, OLD.period_id)
    IS DISTINCT FROM (NEW.institute_id, NEW.fee_head_id, NEW.period_id))
  EXECUTE FUNCTION invoice_lines_check_line_refs();
