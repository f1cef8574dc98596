ALTER TABLE "users" ADD COLUMN "auth_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A server keeps what it derived from a user (userData, the ability) while users.auth_version
-- stays the same, so every change that derivation reads raises it, in the same transaction:
-- the user's row, their roles, those roles' rules and names, their institute.
CREATE FUNCTION "users_raise_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.auth_version := OLD.auth_version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_auth_version" BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_raise_auth_version"();--> statement-breakpoint
-- Statement triggers with transition tables: a role saved with many rules bumps each holder once.
CREATE FUNCTION "user_roles_raise_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE "users" SET "auth_version" = "auth_version" + 1
      WHERE "id" IN (SELECT "user_id" FROM "new_rows");
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "users" SET "auth_version" = "auth_version" + 1
      WHERE "id" IN (SELECT "user_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_version_insert" AFTER INSERT ON "user_roles"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_raise_auth_version"();--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_version_update" AFTER UPDATE ON "user_roles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_raise_auth_version"();--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_version_delete" AFTER DELETE ON "user_roles"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_raise_auth_version"();--> statement-breakpoint
CREATE FUNCTION "role_rules_raise_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE "users" SET "auth_version" = "auth_version" + 1 WHERE "id" IN (
      SELECT "user_id" FROM "user_roles" WHERE "role_id" IN (SELECT "role_id" FROM "new_rows"));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "users" SET "auth_version" = "auth_version" + 1 WHERE "id" IN (
      SELECT "user_id" FROM "user_roles" WHERE "role_id" IN (SELECT "role_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "role_rules_auth_version_insert" AFTER INSERT ON "role_rules"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "role_rules_raise_auth_version"();--> statement-breakpoint
CREATE TRIGGER "role_rules_auth_version_update" AFTER UPDATE ON "role_rules"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "role_rules_raise_auth_version"();--> statement-breakpoint
CREATE TRIGGER "role_rules_auth_version_delete" AFTER DELETE ON "role_rules"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "role_rules_raise_auth_version"();--> statement-breakpoint
-- A role's name and home route are in its holders' userData.
CREATE FUNCTION "roles_raise_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_version" = "auth_version" + 1 WHERE "id" IN (
    SELECT "user_id" FROM "user_roles" WHERE "role_id" IN (SELECT "id" FROM "new_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "roles_auth_version" AFTER UPDATE ON "roles"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "roles_raise_auth_version"();--> statement-breakpoint
-- So are the institute's slug, name and currency.
CREATE FUNCTION "institutes_raise_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "auth_version" = "auth_version" + 1
    WHERE "institute_id" IN (SELECT "id" FROM "new_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "institutes_auth_version" AFTER UPDATE ON "institutes"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "institutes_raise_auth_version"();
