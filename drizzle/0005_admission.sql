CREATE TABLE "admission_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"title" text NOT NULL,
	"academic_session" text NOT NULL,
	"class_name" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"required_fields" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_forms_window" CHECK ("admission_forms"."closes_on" >= "admission_forms"."opens_on"),
	CONSTRAINT "admission_forms_fee" CHECK ("admission_forms"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "applicant_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"temporary_id" text NOT NULL,
	"status" text NOT NULL,
	"applicant_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"fields" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"student_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_temporary_id_unique" UNIQUE("temporary_id")
);
--> statement-breakpoint
CREATE TABLE "student_counters" (
	"institute_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "student_counters_institute_id_year_pk" PRIMARY KEY("institute_id","year")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institute_id" uuid NOT NULL,
	"student_code" text NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date,
	"gender" text DEFAULT '' NOT NULL,
	"father_name" text DEFAULT '' NOT NULL,
	"mother_name" text DEFAULT '' NOT NULL,
	"guardian_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"academic_session" text NOT NULL,
	"class_name" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"applicant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_applicant_id_unique" UNIQUE("applicant_id")
);
--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_attachments" ADD CONSTRAINT "applicant_attachments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_attachments" ADD CONSTRAINT "applicant_attachments_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_form_id_admission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."admission_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_counters" ADD CONSTRAINT "student_counters_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admission_forms_institute_idx" ON "admission_forms" USING btree ("institute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_attachments_kind_unique" ON "applicant_attachments" USING btree ("applicant_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_idempotency_unique" ON "applicants" USING btree ("institute_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "applicants_form_idx" ON "applicants" USING btree ("form_id","status");--> statement-breakpoint
CREATE INDEX "applicants_institute_idx" ON "applicants" USING btree ("institute_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_institute_code_unique" ON "students" USING btree ("institute_id","student_code");