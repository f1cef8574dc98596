CREATE TABLE "concessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"fee_head_id" uuid,
	"kind" text NOT NULL,
	"rate_bp" integer,
	"amount_minor" bigint,
	"academic_session_id" uuid NOT NULL,
	"from_period_id" uuid,
	"to_period_id" uuid,
	"category" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"document_key" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid,
	"approved_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concessions_institute_id_unique" UNIQUE("institute_id","id"),
	CONSTRAINT "concessions_amount" CHECK (("concessions"."kind" = 'percent' and "concessions"."rate_bp" between 1 and 10000 and "concessions"."amount_minor" is null)
        or ("concessions"."kind" = 'fixed' and "concessions"."amount_minor" > 0 and "concessions"."rate_bp" is null)),
	CONSTRAINT "concessions_no_self_approval" CHECK ("concessions"."approved_by" is null or "concessions"."requested_by" is null or "concessions"."approved_by" <> "concessions"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "fee_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"academic_session_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"group_id" uuid,
	"campus_id" uuid,
	"fee_head_id" uuid NOT NULL,
	"cycle_id" uuid,
	"amount_minor" bigint NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_configs_scope_unique" UNIQUE NULLS NOT DISTINCT("institute_id","academic_session_id","class_id","group_id","campus_id","fee_head_id","cycle_id"),
	CONSTRAINT "fee_configs_amount" CHECK ("fee_configs"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"income_account_id" uuid NOT NULL,
	"vat_applicable" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_heads_institute_id_unique" UNIQUE("institute_id","id"),
	CONSTRAINT "fee_heads_priority" CHECK ("fee_heads"."priority" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fine_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"fee_head_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"rate_bp" integer,
	"slabs" jsonb,
	"cap_per_line_minor" bigint,
	"cap_per_period_minor" bigint,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fine_rules_grace" CHECK ("fine_rules"."grace_days" >= 0),
	CONSTRAINT "fine_rules_dates" CHECK ("fine_rules"."effective_to" is null or "fine_rules"."effective_to" >= "fine_rules"."effective_from"),
	CONSTRAINT "fine_rules_amount" CHECK ("fine_rules"."amount_minor" is null or "fine_rules"."amount_minor" >= 0),
	CONSTRAINT "fine_rules_rate" CHECK ("fine_rules"."rate_bp" is null or "fine_rules"."rate_bp" between 0 and 10000),
	CONSTRAINT "fine_rules_caps" CHECK (("fine_rules"."cap_per_line_minor" is null or "fine_rules"."cap_per_line_minor" >= 0) and ("fine_rules"."cap_per_period_minor" is null or "fine_rules"."cap_per_period_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "group_invoice_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"scope" jsonb NOT NULL,
	"scope_key" text NOT NULL,
	"job_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "group_invoice_runs_institute_id_unique" UNIQUE("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"institute_id" uuid NOT NULL,
	"fiscal_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_institute_id_fiscal_year_pk" PRIMARY KEY("institute_id","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"fee_head_id" uuid NOT NULL,
	"period_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"gross_minor" bigint NOT NULL,
	"concession_minor" bigint DEFAULT 0 NOT NULL,
	"vat_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint NOT NULL,
	"fine_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"concession_id" uuid,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"vat_inclusive" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"credits_line_id" uuid,
	"voucher_id" uuid,
	CONSTRAINT "invoice_lines_line_no_unique" UNIQUE("invoice_id","line_no"),
	CONSTRAINT "invoice_lines_vat_rate" CHECK ("invoice_lines"."vat_rate_bp" between 0 and 10000),
	CONSTRAINT "invoice_lines_paid" CHECK ("invoice_lines"."paid_minor" >= 0 and "invoice_lines"."fine_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_print_settings" (
	"institute_id" uuid PRIMARY KEY NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"shown_fields" jsonb NOT NULL,
	"shown_columns" jsonb NOT NULL,
	"paper" text DEFAULT 'a4' NOT NULL,
	"copies" jsonb NOT NULL,
	"signature_labels" jsonb NOT NULL,
	"language" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_session_id" uuid NOT NULL,
	"period_id" uuid,
	"campus_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"voucher_id" uuid,
	"group_invoice_run_id" uuid,
	"credit_of" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"payload_hash" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_institute_id_unique" UNIQUE("institute_id","id"),
	CONSTRAINT "invoices_due" CHECK ("invoices"."due_date" >= "invoices"."issue_date"),
	CONSTRAINT "invoices_sequence" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"academic_session_id" uuid NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cycles_institute_id_unique" UNIQUE("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"cycle_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sequence" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_periods_sequence_unique" UNIQUE("institute_id","cycle_id","sequence"),
	CONSTRAINT "payment_periods_institute_id_unique" UNIQUE("institute_id","id"),
	CONSTRAINT "payment_periods_dates" CHECK ("payment_periods"."ends_on" >= "payment_periods"."starts_on"),
	CONSTRAINT "payment_periods_due" CHECK ("payment_periods"."due_date" >= "payment_periods"."issue_date"),
	CONSTRAINT "payment_periods_sequence" CHECK ("payment_periods"."sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "student_fee_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"fee_head_id" uuid NOT NULL,
	"academic_session_id" uuid NOT NULL,
	"amount_minor" bigint,
	"excluded" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_fee_overrides_unique" UNIQUE("institute_id","student_id","fee_head_id","academic_session_id"),
	CONSTRAINT "student_fee_overrides_amount" CHECK (("student_fee_overrides"."excluded" and "student_fee_overrides"."amount_minor" is null) or (not "student_fee_overrides"."excluded" and "student_fee_overrides"."amount_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"fee_head_id" uuid NOT NULL,
	"rate_bp" integer NOT NULL,
	"inclusive" boolean DEFAULT false NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_head_from_unique" UNIQUE("institute_id","fee_head_id","effective_from"),
	CONSTRAINT "vat_rates_rate" CHECK ("vat_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_head_fk" FOREIGN KEY ("institute_id","fee_head_id") REFERENCES "public"."fee_heads"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_from_period_fk" FOREIGN KEY ("institute_id","from_period_id") REFERENCES "public"."payment_periods"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_to_period_fk" FOREIGN KEY ("institute_id","to_period_id") REFERENCES "public"."payment_periods"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_head_fk" FOREIGN KEY ("institute_id","fee_head_id") REFERENCES "public"."fee_heads"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_configs" ADD CONSTRAINT "fee_configs_cycle_fk" FOREIGN KEY ("institute_id","cycle_id") REFERENCES "public"."payment_cycles"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD CONSTRAINT "fee_heads_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD CONSTRAINT "fee_heads_income_account_id_accounts_id_fk" FOREIGN KEY ("income_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_rules" ADD CONSTRAINT "fine_rules_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_rules" ADD CONSTRAINT "fine_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_rules" ADD CONSTRAINT "fine_rules_head_fk" FOREIGN KEY ("institute_id","fee_head_id") REFERENCES "public"."fee_heads"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invoice_runs" ADD CONSTRAINT "group_invoice_runs_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invoice_runs" ADD CONSTRAINT "group_invoice_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invoice_runs" ADD CONSTRAINT "group_invoice_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_credits_line_id_invoice_lines_id_fk" FOREIGN KEY ("credits_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("institute_id","invoice_id") REFERENCES "public"."invoices"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_head_fk" FOREIGN KEY ("institute_id","fee_head_id") REFERENCES "public"."fee_heads"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_period_fk" FOREIGN KEY ("institute_id","period_id") REFERENCES "public"."payment_periods"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_concession_fk" FOREIGN KEY ("institute_id","concession_id") REFERENCES "public"."concessions"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_settings" ADD CONSTRAINT "invoice_print_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_settings" ADD CONSTRAINT "invoice_print_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_invoices_id_fk" FOREIGN KEY ("credit_of") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_period_fk" FOREIGN KEY ("institute_id","period_id") REFERENCES "public"."payment_periods"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_run_fk" FOREIGN KEY ("institute_id","group_invoice_run_id") REFERENCES "public"."group_invoice_runs"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cycles" ADD CONSTRAINT "payment_cycles_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cycles" ADD CONSTRAINT "payment_cycles_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_periods" ADD CONSTRAINT "payment_periods_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_periods" ADD CONSTRAINT "payment_periods_cycle_fk" FOREIGN KEY ("institute_id","cycle_id") REFERENCES "public"."payment_cycles"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_overrides" ADD CONSTRAINT "student_fee_overrides_head_fk" FOREIGN KEY ("institute_id","fee_head_id") REFERENCES "public"."fee_heads"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_head_fk" FOREIGN KEY ("institute_id","fee_head_id") REFERENCES "public"."fee_heads"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concessions_student_idx" ON "concessions" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "concessions_status_idx" ON "concessions" USING btree ("institute_id","status");--> statement-breakpoint
CREATE INDEX "fee_configs_head_idx" ON "fee_configs" USING btree ("fee_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_heads_code_unique" ON "fee_heads" USING btree ("institute_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_heads_name_unique" ON "fee_heads" USING btree ("institute_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fine_rules_institute_idx" ON "fine_rules" USING btree ("institute_id","fee_head_id");--> statement-breakpoint
CREATE INDEX "group_invoice_runs_institute_idx" ON "group_invoice_runs" USING btree ("institute_id","created_at");--> statement-breakpoint
CREATE INDEX "group_invoice_runs_scope_idx" ON "group_invoice_runs" USING btree ("institute_id","scope_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_once_unique" ON "invoice_lines" USING btree ("institute_id","student_id","period_id","fee_head_id") WHERE not "invoice_lines"."cancelled" and "invoice_lines"."credits_line_id" is null;--> statement-breakpoint
CREATE INDEX "invoice_lines_head_idx" ON "invoice_lines" USING btree ("institute_id","fee_head_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_period_idx" ON "invoice_lines" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_student_idx" ON "invoice_lines" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("institute_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence_unique" ON "invoices" USING btree ("institute_id","fiscal_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_unique" ON "invoices" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "invoices_period_idx" ON "invoices" USING btree ("institute_id","academic_session_id","period_id");--> statement-breakpoint
CREATE INDEX "invoices_run_idx" ON "invoices" USING btree ("group_invoice_run_id");--> statement-breakpoint
CREATE INDEX "invoices_credit_of_idx" ON "invoices" USING btree ("credit_of");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cycles_name_unique" ON "payment_cycles" USING btree ("institute_id","academic_session_id",lower("name"));--> statement-breakpoint
CREATE INDEX "student_fee_overrides_student_idx" ON "student_fee_overrides" USING btree ("student_id");