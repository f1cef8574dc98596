CREATE TABLE "applicant_fee_deposits" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bank_account" text NOT NULL,
	"reference" text NOT NULL,
	"voucher_id" uuid NOT NULL,
	"recorded_by" uuid,
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_fee_deposits_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "applicant_fee_deposits_amount" CHECK ("applicant_fee_deposits"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "applicant_fee_deposits" ADD CONSTRAINT "applicant_fee_deposits_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_fee_deposits" ADD CONSTRAINT "applicant_fee_deposits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_fee_deposits" ADD CONSTRAINT "applicant_fee_deposits_applicant_fk" FOREIGN KEY ("institute_id","applicant_id") REFERENCES "public"."applicants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_fee_deposits" ADD CONSTRAINT "applicant_fee_deposits_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_fee_deposits_applicant_unique" ON "applicant_fee_deposits" USING btree ("institute_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_fee_deposits_idempotency_unique" ON "applicant_fee_deposits" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
-- Institutes made before applicants' fees were taken map admission fee income to the default
-- chart's "Admission fee income" leaf (4010102001) where their chart still holds it as an
-- active income leaf; any other chart is left to its accountants to map.
INSERT INTO coa_mappings (institute_id, purpose, key, account_id)
SELECT a.institute_id, 'admission_fee_income', '', a.id
FROM accounts a
WHERE a.gl_code = '4010102001' AND a.account_type = 'income' AND a.level = 5 AND a.is_active
  AND NOT EXISTS (SELECT 1 FROM coa_mappings m
    WHERE m.institute_id = a.institute_id AND m.purpose = 'admission_fee_income');
