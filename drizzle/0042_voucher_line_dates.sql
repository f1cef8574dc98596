-- A voucher line carries its voucher's date (both are immutable), set as it is written: an
-- account's balance on a day is then read from one index over the lines (the due report's
-- ledger check: 88,000 lines of Fee receivable in a year), not joined to every voucher.
ALTER TABLE "voucher_lines" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "voucher_lines" DISABLE TRIGGER "voucher_lines_immutable";--> statement-breakpoint
ALTER TABLE "voucher_lines" DISABLE TRIGGER "voucher_lines_balanced";--> statement-breakpoint
UPDATE "voucher_lines" l SET "date" = v."date" FROM "vouchers" v
  WHERE v.institute_id = l.institute_id AND v.id = l.voucher_id;--> statement-breakpoint
ALTER TABLE "voucher_lines" ENABLE TRIGGER "voucher_lines_immutable";--> statement-breakpoint
ALTER TABLE "voucher_lines" ENABLE TRIGGER "voucher_lines_balanced";--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_dated" CHECK ("voucher_lines"."date" is not null);--> statement-breakpoint
CREATE INDEX "voucher_lines_account_day_idx" ON "voucher_lines" USING btree ("institute_id","account_id","date","debit","credit");--> statement-breakpoint
-- A line joins only a voucher being created in the same transaction, of the same institute as
-- its account, and never a head: a posted voucher cannot grow, nor cross institutes. It takes
-- its voucher's date.
CREATE OR REPLACE FUNCTION voucher_line_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  voucher_date date;
BEGIN
  SELECT v.date INTO voucher_date FROM vouchers v
    WHERE v.id = NEW.voucher_id
      AND v.institute_id = NEW.institute_id
      -- now() is the transaction's start, savepoints included: the voucher is this one's.
      AND v.created_at = now();
  IF NOT FOUND THEN
    RAISE EXCEPTION 'lines are added only with their voucher, in its institute'
      USING ERRCODE = '55000';
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM accounts a
    WHERE a.id = NEW.account_id AND a.institute_id = NEW.institute_id AND a.level > 1
      AND NOT EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = a.id)
  ) THEN
    RAISE EXCEPTION 'account % is not a leaf of this institute', NEW.account_id
      USING ERRCODE = '23514';
  END IF;
  NEW.date := voucher_date;
  RETURN NEW;
END
$$;
