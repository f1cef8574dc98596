CREATE TABLE "payment_campus_merchants" (
	"institute_id" uuid NOT NULL,
	"campus_id" uuid NOT NULL,
	"service" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	CONSTRAINT "payment_campus_merchants_institute_id_campus_id_service_pk" PRIMARY KEY("institute_id","campus_id","service")
);
--> statement-breakpoint
CREATE TABLE "payment_institute_services" (
	"institute_id" uuid NOT NULL,
	"service" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"bearer" text DEFAULT 'institute' NOT NULL,
	"surcharge_fixed_minor" bigint DEFAULT 0 NOT NULL,
	"surcharge_basis_points" bigint DEFAULT 0 NOT NULL,
	"franchise_fixed_minor" bigint DEFAULT 0 NOT NULL,
	"franchise_basis_points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_institute_services_institute_id_service_pk" PRIMARY KEY("institute_id","service")
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"service" text NOT NULL,
	"applicant_id" uuid,
	"amount_minor" bigint NOT NULL,
	"surcharge_minor" bigint DEFAULT 0 NOT NULL,
	"franchise_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"held_reason" text DEFAULT '' NOT NULL,
	"provider_transaction_id" text,
	"redirect_url" text DEFAULT '' NOT NULL,
	"payment_id" uuid,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payment_intents_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "payment_intents_amount" CHECK ("payment_intents"."amount_minor" > 0 and "payment_intents"."surcharge_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_merchants" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"store_id" text NOT NULL,
	"secret" text NOT NULL,
	"settlement_bank_account" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_merchants_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"transaction_id" text,
	"notify_url" text NOT NULL,
	"success_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_sessions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_campus_merchants" ADD CONSTRAINT "payment_campus_merchants_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_campus_merchants" ADD CONSTRAINT "payment_campus_merchants_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_campus_merchants" ADD CONSTRAINT "payment_campus_merchants_merchant_fk" FOREIGN KEY ("institute_id","merchant_id") REFERENCES "public"."payment_merchants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_institute_services" ADD CONSTRAINT "payment_institute_services_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_applicant_fk" FOREIGN KEY ("institute_id","applicant_id") REFERENCES "public"."applicants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_merchant_fk" FOREIGN KEY ("institute_id","merchant_id") REFERENCES "public"."payment_merchants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_payment_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."payments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_merchants" ADD CONSTRAINT "payment_merchants_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_merchant_fk" FOREIGN KEY ("institute_id","merchant_id") REFERENCES "public"."payment_merchants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_reference_unique" ON "payment_intents" USING btree ("institute_id","reference");--> statement-breakpoint
CREATE INDEX "payment_intents_reference_idx" ON "payment_intents" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_transaction_unique" ON "payment_intents" USING btree ("institute_id","provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_idempotency_unique" ON "payment_intents" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_payment_unique" ON "payment_intents" USING btree ("institute_id","payment_id");--> statement-breakpoint
CREATE INDEX "payment_intents_open_idx" ON "payment_intents" USING btree ("status","updated_at") WHERE "payment_intents"."status" in ('created', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_merchants_store_unique" ON "payment_merchants" USING btree ("institute_id","provider","store_id");--> statement-breakpoint
CREATE INDEX "sandbox_sessions_id_idx" ON "sandbox_sessions" USING btree ("id");