ALTER TABLE "admission_forms" ALTER COLUMN "academic_session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_forms" ALTER COLUMN "class_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_forms" DROP COLUMN "academic_session";--> statement-breakpoint
ALTER TABLE "admission_forms" DROP COLUMN "class_name";--> statement-breakpoint
ALTER TABLE "admission_forms" DROP COLUMN "group_name";