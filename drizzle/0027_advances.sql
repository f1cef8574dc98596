CREATE TABLE "advance_overrides" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"student_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"to_student_id" uuid,
	"line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_id" uuid,
	"method" text,
	"bank_account" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"voucher_id" uuid,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advance_overrides_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "advance_overrides_amount" CHECK ("advance_overrides"."amount_minor" > 0),
	CONSTRAINT "advance_overrides_no_self_approval" CHECK ("advance_overrides"."decided_by" is null or "advance_overrides"."decided_by" <> "advance_overrides"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "advance_settings" (
	"institute_id" uuid PRIMARY KEY NOT NULL,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"approval_above_minor" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_to_student_fk" FOREIGN KEY ("institute_id","to_student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_payment_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."payments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_overrides" ADD CONSTRAINT "advance_overrides_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_settings" ADD CONSTRAINT "advance_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_settings" ADD CONSTRAINT "advance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advance_overrides_idempotency_unique" ON "advance_overrides" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "advance_overrides_student_idx" ON "advance_overrides" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "advance_overrides_pending_idx" ON "advance_overrides" USING btree ("institute_id","status");