ALTER TABLE "otp_challenges" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "payment_institute_services" ADD COLUMN "guardian_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "fines_as_of" date;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_student_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_holder_idx" ON "otp_challenges" USING btree ("holder","created_at");--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_for" CHECK (("otp_challenges"."user_id" is null) <> ("otp_challenges"."holder" is null));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_payer" CHECK (("payment_intents"."applicant_id" is null) <> ("payment_intents"."student_id" is null));