CREATE TABLE "advance_movements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payment_id" uuid,
	"voucher_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advance_movements_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "advance_movements_amount" CHECK ("advance_movements"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "cashier_day_closings" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"cashier_id" uuid NOT NULL,
	"day" date NOT NULL,
	"expected_cash_minor" bigint NOT NULL,
	"counted_cash_minor" bigint NOT NULL,
	"deposited_minor" bigint DEFAULT 0 NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"voucher_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_day_closings_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "cashier_day_closings_amounts" CHECK ("cashier_day_closings"."counted_cash_minor" >= 0 and "cashier_day_closings"."deposited_minor" >= 0 and "cashier_day_closings"."deposited_minor" <= "cashier_day_closings"."counted_cash_minor")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"principal_minor" bigint NOT NULL,
	"fine_minor" bigint NOT NULL,
	CONSTRAINT "payment_allocations_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "payment_allocations_amounts" CHECK ("payment_allocations"."principal_minor" >= 0 and "payment_allocations"."fine_minor" >= 0 and "payment_allocations"."principal_minor" + "payment_allocations"."fine_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_tenders" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"tendered_minor" bigint,
	"bank_account" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"cheque_date" date,
	CONSTRAINT "payment_tenders_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "payment_tenders_amount" CHECK ("payment_tenders"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"campus_id" uuid NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"voucher_id" uuid NOT NULL,
	"verify_code" text NOT NULL,
	"collected_by" uuid,
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancel_voucher_id" uuid,
	CONSTRAINT "payments_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"institute_id" uuid NOT NULL,
	"campus_id" uuid NOT NULL,
	"fiscal_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_institute_id_campus_id_fiscal_year_pk" PRIMARY KEY("institute_id","campus_id","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "receipt_prints" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"printed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_prints_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "advance_movements" ADD CONSTRAINT "advance_movements_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_movements" ADD CONSTRAINT "advance_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_movements" ADD CONSTRAINT "advance_movements_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_movements" ADD CONSTRAINT "advance_movements_payment_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."payments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_movements" ADD CONSTRAINT "advance_movements_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD CONSTRAINT "cashier_day_closings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD CONSTRAINT "cashier_day_closings_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD CONSTRAINT "cashier_day_closings_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_day_closings" ADD CONSTRAINT "cashier_day_closings_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."payments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_line_fk" FOREIGN KEY ("institute_id","invoice_line_id") REFERENCES "public"."invoice_lines"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_payment_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."payments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancel_voucher_fk" FOREIGN KEY ("institute_id","cancel_voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_prints" ADD CONSTRAINT "receipt_prints_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_prints" ADD CONSTRAINT "receipt_prints_printed_by_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_prints" ADD CONSTRAINT "receipt_prints_payment_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."payments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advance_movements_student_idx" ON "advance_movements" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_day_closings_unique" ON "cashier_day_closings" USING btree ("institute_id","cashier_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_line_unique" ON "payment_allocations" USING btree ("institute_id","payment_id","invoice_line_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_line_idx" ON "payment_allocations" USING btree ("institute_id","invoice_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tenders_line_unique" ON "payment_tenders" USING btree ("institute_id","payment_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_sequence_unique" ON "payments" USING btree ("institute_id","campus_id","fiscal_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_unique" ON "payments" USING btree ("institute_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_unique" ON "payments" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_verify_code_unique" ON "payments" USING btree ("verify_code","institute_id");--> statement-breakpoint
CREATE INDEX "payments_day_idx" ON "payments" USING btree ("institute_id","received_on","collected_by");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "receipt_prints_payment_idx" ON "receipt_prints" USING btree ("institute_id","payment_id");