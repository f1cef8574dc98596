ALTER TABLE "invoice_lines" ADD COLUMN "credited_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A line's balance is kept on its row (balance_minor), so that the lines owed are found by an
-- index instead of by summing every line's credit notes and payments (the due report).
UPDATE "invoice_lines" l SET "credited_minor" = c.minor
  FROM (SELECT institute_id, credits_line_id, sum(net_minor) AS minor FROM invoice_lines
    WHERE credits_line_id IS NOT NULL GROUP BY 1, 2) c
  WHERE l.institute_id = c.institute_id AND l.id = c.credits_line_id;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "balance_minor" bigint GENERATED ALWAYS AS (net_minor + credited_minor - paid_minor) STORED;--> statement-breakpoint
CREATE INDEX "payments_cancelled_idx" ON "payments" USING btree ("institute_id","cancel_voucher_id") WHERE "payments"."cancel_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_lines_open_idx" ON "invoice_lines" USING btree ("institute_id","student_id","id","invoice_id","fee_head_id","period_id","balance_minor","fine_minor") WHERE "invoice_lines"."credits_line_id" is null and "invoice_lines"."balance_minor" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_issue_idx" ON "invoices" USING btree ("institute_id","issue_date");--> statement-breakpoint
-- A credit note's lines add to the lines they credit, in the statement that writes them: no
-- code path that credits a line can forget it. Credit notes' lines are never updated or deleted.
CREATE FUNCTION invoice_lines_add_credits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_lines l SET credited_minor = l.credited_minor + c.minor
    FROM (SELECT institute_id, credits_line_id, sum(net_minor) AS minor FROM lines
      WHERE credits_line_id IS NOT NULL GROUP BY 1, 2) c
    WHERE l.institute_id = c.institute_id AND l.id = c.credits_line_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_credits_insert AFTER INSERT ON invoice_lines
  REFERENCING NEW TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_add_credits();
