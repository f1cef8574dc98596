CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"parent_id" uuid,
	"level" integer NOT NULL,
	"account_type" text NOT NULL,
	"gl_code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_level_range" CHECK ("accounts"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "coa_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"account_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coa_settings" (
	"institute_id" uuid PRIMARY KEY NOT NULL,
	"level_digits" jsonb NOT NULL,
	"fiscal_year_start_month" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_counters" (
	"institute_id" uuid NOT NULL,
	"type" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "voucher_counters_institute_id_type_fiscal_year_pk" PRIMARY KEY("institute_id","type","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "voucher_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_id" uuid NOT NULL,
	"institute_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	CONSTRAINT "voucher_lines_one_side" CHECK (("voucher_lines"."debit" > 0 and "voucher_lines"."credit" = 0) or ("voucher_lines"."credit" > 0 and "voucher_lines"."debit" = 0))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"type" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"narration" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"reverses_id" uuid,
	"idempotency_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coa_mappings" ADD CONSTRAINT "coa_mappings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coa_mappings" ADD CONSTRAINT "coa_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coa_settings" ADD CONSTRAINT "coa_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_counters" ADD CONSTRAINT "voucher_counters_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_reverses_id_vouchers_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_institute_gl_unique" ON "accounts" USING btree ("institute_id","gl_code");--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coa_mappings_unique" ON "coa_mappings" USING btree ("institute_id","purpose","key");--> statement-breakpoint
CREATE INDEX "voucher_lines_voucher_idx" ON "voucher_lines" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_lines_account_idx" ON "voucher_lines" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_number_unique" ON "vouchers" USING btree ("institute_id","type","fiscal_year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_reverses_unique" ON "vouchers" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_idempotency_unique" ON "vouchers" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "vouchers_institute_date_idx" ON "vouchers" USING btree ("institute_id","date");--> statement-breakpoint
-- Balanced or nothing: at commit, every voucher touched has two lines or more and equal debit
-- and credit totals. Deferred, so the lines of one voucher may be inserted one by one.
CREATE FUNCTION voucher_balance_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  total_debit bigint;
  total_credit bigint;
  line_count integer;
BEGIN
  IF TG_TABLE_NAME = 'vouchers' THEN
    v_id := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    v_id := OLD.voucher_id;
  ELSE
    v_id := NEW.voucher_id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM vouchers WHERE id = v_id) THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(debit), 0), coalesce(sum(credit), 0), count(*)
    INTO total_debit, total_credit, line_count
    FROM voucher_lines WHERE voucher_id = v_id;
  IF line_count < 2 OR total_debit <> total_credit OR total_debit = 0 THEN
    RAISE EXCEPTION 'voucher % is not balanced (debits %, credits %, lines %)',
      v_id, total_debit, total_credit, line_count
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER voucher_lines_balanced
  AFTER INSERT OR UPDATE OR DELETE ON voucher_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION voucher_balance_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vouchers_balanced
  AFTER INSERT ON vouchers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION voucher_balance_check();
--> statement-breakpoint
-- Posted is final: a correction is a reversing voucher.
CREATE FUNCTION posted_voucher_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'posted vouchers cannot be changed; post a reversing voucher'
    USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER vouchers_immutable BEFORE UPDATE OR DELETE ON vouchers
  FOR EACH ROW EXECUTE FUNCTION posted_voucher_is_immutable();
--> statement-breakpoint
CREATE TRIGGER voucher_lines_immutable BEFORE UPDATE OR DELETE ON voucher_lines
  FOR EACH ROW EXECUTE FUNCTION posted_voucher_is_immutable();
--> statement-breakpoint
-- A line joins only a voucher being created in the same transaction, of the same institute as
-- its account, and never a head: a posted voucher cannot grow, nor cross institutes.
CREATE FUNCTION voucher_line_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM vouchers v
    WHERE v.id = NEW.voucher_id
      AND v.institute_id = NEW.institute_id
      -- now() is the transaction's start, savepoints included: the voucher is this one's.
      AND v.created_at = now()
  ) THEN
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
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER voucher_lines_guard BEFORE INSERT ON voucher_lines
  FOR EACH ROW EXECUTE FUNCTION voucher_line_guard();
