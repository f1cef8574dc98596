-- Codes sent before this change belong to no browser: their requester is one nobody holds (''),
-- so they can no longer be tried; a reset token already earned with one still works.
ALTER TABLE "otp_challenges" ADD COLUMN "requester_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_challenges" ALTER COLUMN "requester_hash" DROP DEFAULT;
