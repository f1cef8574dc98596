ALTER TABLE "students" ALTER COLUMN "campus_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "academic_session";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "class_name";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "group_name";--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_status_on" CHECK ("students"."status" = 'active' or "students"."status_on" is not null);