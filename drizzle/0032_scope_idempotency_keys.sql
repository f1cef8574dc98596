-- Idempotency-Keys are their user's own: a signed-in request's key is stored as "<user id>:<key>"
-- (src/server/lib/idempotency.ts). Keys stored before gain their user, so a retry sent across
-- the upgrade still finds its answer; keys the server makes itself (advance-override:…,
-- advance-at-invoicing:…, cashier-day:…) and public requests' keys stay as they are.
UPDATE "payments" SET "idempotency_key" = "collected_by"::text || ':' || "idempotency_key"
  WHERE "collected_by" IS NOT NULL
    AND "idempotency_key" NOT LIKE 'advance-override:%'
    AND "idempotency_key" NOT LIKE 'advance-at-invoicing:%';--> statement-breakpoint
UPDATE "advance_overrides" SET "idempotency_key" = "requested_by"::text || ':' || "idempotency_key";--> statement-breakpoint
UPDATE "invoices" SET "idempotency_key" = "created_by"::text || ':' || "idempotency_key"
  WHERE "idempotency_key" IS NOT NULL AND "created_by" IS NOT NULL AND "group_invoice_run_id" IS NULL;--> statement-breakpoint
UPDATE "fine_waivers" SET "idempotency_key" = "created_by"::text || ':' || "idempotency_key"
  WHERE "idempotency_key" IS NOT NULL AND "created_by" IS NOT NULL;--> statement-breakpoint
-- A posted voucher is immutable (vouchers_immutable): only its stored key is renamed here, with
-- the trigger off for this one statement inside the migration's transaction.
ALTER TABLE "vouchers" DISABLE TRIGGER "vouchers_immutable";--> statement-breakpoint
UPDATE "vouchers" SET "idempotency_key" = "created_by"::text || ':' || "idempotency_key"
  WHERE "idempotency_key" IS NOT NULL AND "created_by" IS NOT NULL
    AND "idempotency_key" NOT LIKE 'cashier-day:%';--> statement-breakpoint
ALTER TABLE "vouchers" ENABLE TRIGGER "vouchers_immutable";--> statement-breakpoint
UPDATE "jobs" SET "key" = "created_by"::text || ':' || "key"
  WHERE "created_by" IS NOT NULL
    AND "kind" IN ('group-invoice', 'student-import', 'student-promotion');--> statement-breakpoint
-- Students and institutes keep no creator: their creation's audit entry names them.
UPDATE "students" s SET "idempotency_key" = a."user_id"::text || ':' || s."idempotency_key"
  FROM "audit_log" a
  WHERE s."idempotency_key" IS NOT NULL AND a."entity" = 'student' AND a."action" = 'create'
    AND a."entity_id" = s."id"::text AND a."institute_id" = s."institute_id" AND a."user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "institutes" i SET "idempotency_key" = a."user_id"::text || ':' || i."idempotency_key"
  FROM "audit_log" a
  WHERE i."idempotency_key" IS NOT NULL AND a."entity" = 'institute' AND a."action" = 'create'
    AND a."entity_id" = i."id"::text AND a."user_id" IS NOT NULL;
