CREATE TABLE "user_campuses" (
	"institute_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"campus_id" uuid NOT NULL,
	CONSTRAINT "user_campuses_institute_id_user_id_campus_id_pk" PRIMARY KEY("institute_id","user_id","campus_id")
);
--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_campus_fk" FOREIGN KEY ("institute_id","campus_id") REFERENCES "public"."campuses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_campuses_campus_idx" ON "user_campuses" USING btree ("institute_id","campus_id");--> statement-breakpoint
-- A user's campuses are in their userData and auth context: a change raises their auth_version
-- (migration 0008), as a change of their roles does.
CREATE TRIGGER "user_campuses_auth_version_insert" AFTER INSERT ON "user_campuses"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_raise_auth_version"();--> statement-breakpoint
CREATE TRIGGER "user_campuses_auth_version_delete" AFTER DELETE ON "user_campuses"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_raise_auth_version"();
