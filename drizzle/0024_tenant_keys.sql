-- Every key of a tenant table includes institute_id (issue 18: distributable by institute).
-- The composite references onto the (institute_id, id) unique keys go first and come back onto
-- the new primary keys, which replace those keys.
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_from_period_fk";--> statement-breakpoint
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_head_fk";--> statement-breakpoint
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_to_period_fk";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_campus_fk";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_cycle_fk";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_head_fk";--> statement-breakpoint
ALTER TABLE "fine_rules" DROP CONSTRAINT "fine_rules_head_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_concession_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_campus_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_concession_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_period_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_run_fk";--> statement-breakpoint
ALTER TABLE "payment_periods" DROP CONSTRAINT "payment_periods_cycle_fk";--> statement-breakpoint
ALTER TABLE "student_fee_overrides" DROP CONSTRAINT "student_fee_overrides_head_fk";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_campus_fk";--> statement-breakpoint
ALTER TABLE "vat_rates" DROP CONSTRAINT "vat_rates_head_fk";--> statement-breakpoint
ALTER TABLE "group_classes" DROP CONSTRAINT "group_classes_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "group_classes" DROP CONSTRAINT "group_classes_class_id_classes_id_fk";--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_class_id_classes_id_fk";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_parent_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "coa_mappings" DROP CONSTRAINT "coa_mappings_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "voucher_lines" DROP CONSTRAINT "voucher_lines_voucher_id_vouchers_id_fk";--> statement-breakpoint
ALTER TABLE "voucher_lines" DROP CONSTRAINT "voucher_lines_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_reverses_id_vouchers_id_fk";--> statement-breakpoint
ALTER TABLE "admission_forms" DROP CONSTRAINT "admission_forms_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "admission_forms" DROP CONSTRAINT "admission_forms_class_id_classes_id_fk";--> statement-breakpoint
ALTER TABLE "admission_forms" DROP CONSTRAINT "admission_forms_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "applicant_attachments" DROP CONSTRAINT "applicant_attachments_applicant_id_applicants_id_fk";--> statement-breakpoint
ALTER TABLE "applicants" DROP CONSTRAINT "applicants_form_id_admission_forms_id_fk";--> statement-breakpoint
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_class_id_classes_id_fk";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "fee_heads" DROP CONSTRAINT "fee_heads_income_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "fine_waivers" DROP CONSTRAINT "fine_waivers_invoice_line_id_invoice_lines_id_fk";--> statement-breakpoint
ALTER TABLE "group_invoice_runs" DROP CONSTRAINT "group_invoice_runs_job_id_jobs_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_credits_line_id_invoice_lines_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_voucher_id_vouchers_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_voucher_id_vouchers_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_credit_of_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "payment_cycles" DROP CONSTRAINT "payment_cycles_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "student_fee_overrides" DROP CONSTRAINT "student_fee_overrides_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "student_fee_overrides" DROP CONSTRAINT "student_fee_overrides_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_academic_session_id_academic_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_class_id_classes_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_section_id_sections_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_shift_id_shifts_id_fk";--> statement-breakpoint
ALTER TABLE "student_imports" DROP CONSTRAINT "student_imports_job_id_jobs_id_fk";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_applicant_id_applicants_id_fk";--> statement-breakpoint
ALTER TABLE "applicants" DROP CONSTRAINT "applicants_temporary_id_unique";--> statement-breakpoint
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_institute_id_unique";--> statement-breakpoint
ALTER TABLE "fee_heads" DROP CONSTRAINT "fee_heads_institute_id_unique";--> statement-breakpoint
ALTER TABLE "group_invoice_runs" DROP CONSTRAINT "group_invoice_runs_institute_id_unique";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_line_no_unique";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_institute_id_unique";--> statement-breakpoint
ALTER TABLE "payment_cycles" DROP CONSTRAINT "payment_cycles_institute_id_unique";--> statement-breakpoint
ALTER TABLE "payment_periods" DROP CONSTRAINT "payment_periods_institute_id_unique";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_applicant_id_unique";--> statement-breakpoint
DROP INDEX "campuses_institute_id_unique";--> statement-breakpoint
DROP INDEX "vouchers_reverses_unique";--> statement-breakpoint
DROP INDEX "applicant_attachments_kind_unique";--> statement-breakpoint
ALTER TABLE "academic_sessions" DROP CONSTRAINT "academic_sessions_pkey";--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_pkey";--> statement-breakpoint
ALTER TABLE "group_classes" DROP CONSTRAINT "group_classes_group_id_class_id_pk";--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_pkey";--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_pkey";--> statement-breakpoint
ALTER TABLE "shifts" DROP CONSTRAINT "shifts_pkey";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_pkey";--> statement-breakpoint
ALTER TABLE "coa_mappings" DROP CONSTRAINT "coa_mappings_pkey";--> statement-breakpoint
ALTER TABLE "voucher_lines" DROP CONSTRAINT "voucher_lines_pkey";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_pkey";--> statement-breakpoint
ALTER TABLE "admission_forms" DROP CONSTRAINT "admission_forms_pkey";--> statement-breakpoint
ALTER TABLE "applicant_attachments" DROP CONSTRAINT "applicant_attachments_pkey";--> statement-breakpoint
ALTER TABLE "applicants" DROP CONSTRAINT "applicants_pkey";--> statement-breakpoint
ALTER TABLE "concessions" DROP CONSTRAINT "concessions_pkey";--> statement-breakpoint
ALTER TABLE "fee_configs" DROP CONSTRAINT "fee_configs_pkey";--> statement-breakpoint
ALTER TABLE "fee_heads" DROP CONSTRAINT "fee_heads_pkey";--> statement-breakpoint
ALTER TABLE "fine_rules" DROP CONSTRAINT "fine_rules_pkey";--> statement-breakpoint
ALTER TABLE "fine_waivers" DROP CONSTRAINT "fine_waivers_pkey";--> statement-breakpoint
ALTER TABLE "group_invoice_runs" DROP CONSTRAINT "group_invoice_runs_pkey";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_pkey";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";--> statement-breakpoint
ALTER TABLE "payment_cycles" DROP CONSTRAINT "payment_cycles_pkey";--> statement-breakpoint
ALTER TABLE "payment_periods" DROP CONSTRAINT "payment_periods_pkey";--> statement-breakpoint
ALTER TABLE "student_fee_overrides" DROP CONSTRAINT "student_fee_overrides_pkey";--> statement-breakpoint
ALTER TABLE "vat_rates" DROP CONSTRAINT "vat_rates_pkey";--> statement-breakpoint
ALTER TABLE "campuses" DROP CONSTRAINT "campuses_pkey";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_pkey";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_pkey";--> statement-breakpoint
ALTER TABLE "student_imports" DROP CONSTRAINT "student_imports_pkey";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_pkey";--> statement-breakpoint
ALTER TABLE "academic_sessions" ADD CONSTRAINT "academic_sessions_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_institute_id_group_id_class_id_pk" PRIMARY KEY("institute_id","group_id","class_id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "coa_mappings" ADD CONSTRAINT "coa_mappings_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "applicant_attachments" ADD CONSTRAINT "applicant_attachments_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "fee_heads" ADD CONSTRAINT "fee_heads_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "fine_rules" ADD CONSTRAINT "fine_rules_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "fine_waivers" ADD CONSTRAINT "fine_waivers_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "group_invoice_runs" ADD CONSTRAINT "group_invoice_runs_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "payment_cycles" ADD CONSTRAINT "payment_cycles_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "payment_periods" ADD CONSTRAINT "payment_periods_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "campuses" ADD CONSTRAINT "campuses_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_temporary_id_unique" ON "applicants" USING btree ("institute_id","temporary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_reverses_unique" ON "vouchers" USING btree ("institute_id","reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_attachments_kind_unique" ON "applicant_attachments" USING btree ("institute_id","applicant_id","kind");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_line_no_unique" UNIQUE("institute_id","invoice_id","line_no");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_applicant_id_unique" UNIQUE("institute_id","applicant_id");--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_group_fk" FOREIGN KEY ("institute_id","group_id") REFERENCES "public"."groups"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_class_fk" FOREIGN KEY ("institute_id","class_id") REFERENCES "public"."classes"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_class_fk" FOREIGN KEY ("institute_id","class_id") REFERENCES "public"."classes"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_fk" FOREIGN KEY ("institute_id","parent_id") REFERENCES "public"."accounts"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coa_mappings" ADD CONSTRAINT "coa_mappings_account_fk" FOREIGN KEY ("institute_id","account_id") REFERENCES "public"."accounts"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_lines" ADD CONSTRAINT "voucher_lines_account_fk" FOREIGN KEY ("institute_id","account_id") REFERENCES "public"."accounts"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_reverses_fk" FOREIGN KEY ("institute_id","reverses_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_class_fk" FOREIGN KEY ("institute_id","class_id") REFERENCES "public"."classes"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_group_fk" FOREIGN KEY ("institute_id","group_id") REFERENCES "public"."groups"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_attachments" ADD CONSTRAINT "applicant_attachments_applicant_fk" FOREIGN KEY ("institute_id","applicant_id") REFERENCES "public"."applicants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_form_fk" FOREIGN KEY ("institute_id","form_id") REFERENCES "public"."admission_forms"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_class_fk" FOREIGN KEY ("institute_id","class_id") REFERENCES "public"."classes"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_group_fk" FOREIGN KEY ("institute_id","group_id") REFERENCES "public"."groups"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD CONSTRAINT "fee_heads_income_account_fk" FOREIGN KEY ("institute_id","income_account_id") REFERENCES "public"."accounts"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_waivers" ADD CONSTRAINT "fine_waivers_invoice_line_fk" FOREIGN KEY ("institute_id","invoice_line_id") REFERENCES "public"."invoice_lines"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invoice_runs" ADD CONSTRAINT "group_invoice_runs_job_fk" FOREIGN KEY ("institute_id","job_id") REFERENCES "public"."jobs"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_credits_line_fk" FOREIGN KEY ("institute_id","credits_line_id") REFERENCES "public"."invoice_lines"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_fk" FOREIGN KEY ("institute_id","credit_of") REFERENCES "public"."invoices"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cycles" ADD CONSTRAINT "payment_cycles_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_session_fk" FOREIGN KEY ("institute_id","academic_session_id") REFERENCES "public"."academic_sessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_class_fk" FOREIGN KEY ("institute_id","class_id") REFERENCES "public"."classes"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_group_fk" FOREIGN KEY ("institute_id","group_id") REFERENCES "public"."groups"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_section_fk" FOREIGN KEY ("institute_id","section_id") REFERENCES "public"."sections"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_shift_fk" FOREIGN KEY ("institute_id","shift_id") REFERENCES "public"."shifts"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_job_fk" FOREIGN KEY ("institute_id","job_id") REFERENCES "public"."jobs"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_applicant_fk" FOREIGN KEY ("institute_id","applicant_id") REFERENCES "public"."applicants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_from_period_fk" FOREIGN KEY (institute_id, from_period_id) REFERENCES payment_periods(institute_id, id);--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_head_fk" FOREIGN KEY (institute_id, fee_head_id) REFERENCES fee_heads(institute_id, id);--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_to_period_fk" FOREIGN KEY (institute_id, to_period_id) REFERENCES payment_periods(institute_id, id);--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_campus_fk" FOREIGN KEY (institute_id, campus_id) REFERENCES campuses(institute_id, id);--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_cycle_fk" FOREIGN KEY (institute_id, cycle_id) REFERENCES payment_cycles(institute_id, id);--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_head_fk" FOREIGN KEY (institute_id, fee_head_id) REFERENCES fee_heads(institute_id, id);--> statement-breakpoint
ALTER TABLE "fine_rules" ADD CONSTRAINT "fine_rules_head_fk" FOREIGN KEY (institute_id, fee_head_id) REFERENCES fee_heads(institute_id, id);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_concession_fk" FOREIGN KEY (institute_id, concession_id) REFERENCES concessions(institute_id, id);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_campus_fk" FOREIGN KEY (institute_id, campus_id) REFERENCES campuses(institute_id, id);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_concession_fk" FOREIGN KEY (institute_id, concession_id) REFERENCES concessions(institute_id, id);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_period_fk" FOREIGN KEY (institute_id, period_id) REFERENCES payment_periods(institute_id, id);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_run_fk" FOREIGN KEY (institute_id, group_invoice_run_id) REFERENCES group_invoice_runs(institute_id, id);--> statement-breakpoint
ALTER TABLE "payment_periods" ADD CONSTRAINT "payment_periods_cycle_fk" FOREIGN KEY (institute_id, cycle_id) REFERENCES payment_cycles(institute_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_head_fk" FOREIGN KEY (institute_id, fee_head_id) REFERENCES fee_heads(institute_id, id);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_campus_fk" FOREIGN KEY (institute_id, campus_id) REFERENCES campuses(institute_id, id);--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_head_fk" FOREIGN KEY (institute_id, fee_head_id) REFERENCES fee_heads(institute_id, id);
--> statement-breakpoint
-- The balance check finds its voucher by the new key: by id alone it would read every voucher.
CREATE OR REPLACE FUNCTION voucher_balance_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_institute uuid;
  v_id uuid;
  total_debit bigint;
  total_credit bigint;
  line_count integer;
BEGIN
  IF TG_TABLE_NAME = 'vouchers' THEN
    v_institute := NEW.institute_id;
    v_id := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    v_institute := OLD.institute_id;
    v_id := OLD.voucher_id;
  ELSE
    v_institute := NEW.institute_id;
    v_id := NEW.voucher_id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM vouchers WHERE institute_id = v_institute AND id = v_id) THEN
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
