CREATE TABLE "report_export_rows" (
	"institute_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "report_export_rows_institute_id_job_id_n_pk" PRIMARY KEY("institute_id","job_id","n")
);
--> statement-breakpoint
ALTER TABLE "report_export_rows" ADD CONSTRAINT "report_export_rows_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;