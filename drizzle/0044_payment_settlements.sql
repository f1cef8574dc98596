CREATE TABLE "payment_settlements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"settled_on" date NOT NULL,
	"gross_minor" bigint NOT NULL,
	"charge_minor" bigint DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"voucher_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settlements_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "payment_settlements_amounts" CHECK ("payment_settlements"."gross_minor" > 0 and "payment_settlements"."charge_minor" >= 0 and "payment_settlements"."charge_minor" <= "payment_settlements"."gross_minor")
);
--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD CONSTRAINT "payment_settlements_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD CONSTRAINT "payment_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD CONSTRAINT "payment_settlements_merchant_fk" FOREIGN KEY ("institute_id","merchant_id") REFERENCES "public"."payment_merchants"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settlements" ADD CONSTRAINT "payment_settlements_voucher_fk" FOREIGN KEY ("institute_id","voucher_id") REFERENCES "public"."vouchers"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_settlements_reference_unique" ON "payment_settlements" USING btree ("institute_id","merchant_id","reference");