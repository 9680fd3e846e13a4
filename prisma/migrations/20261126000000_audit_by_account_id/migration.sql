-- Erasure leaves no address behind. The audit log names people by account id only: the operator's
-- address is no longer copied into each entry (it is looked up when the log is shown), and the addresses
-- earlier entries hold in their before/after records ("email", "homeownerEmail") become the account's id
-- ("userId", null when no account has that address any more). The goodbye mail to an erased account is
-- deleted once it is sent or given up on.

-- The log is append-only; this one rewrite of its own rows is the exception.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_or_delete";

UPDATE "audit_log" AS a SET "actor_id" = u."id"
  FROM "users" AS u
 WHERE a."actor_id" IS NULL AND u."email" = a."actor_email";

UPDATE "audit_log"
   SET "before" = ("before" - 'email' - 'homeownerEmail')
       || CASE WHEN "before" ? 'userId' OR "before" ? 'homeownerId' THEN '{}'::jsonb
               ELSE jsonb_build_object('userId', (SELECT u."id"::text FROM "users" AS u WHERE u."email" = COALESCE("before"->>'email', "before"->>'homeownerEmail')))
          END
 WHERE jsonb_typeof("before") = 'object' AND ("before" ? 'email' OR "before" ? 'homeownerEmail');

UPDATE "audit_log"
   SET "after" = ("after" - 'email' - 'homeownerEmail')
       || CASE WHEN "after" ? 'userId' OR "after" ? 'homeownerId' THEN '{}'::jsonb
               ELSE jsonb_build_object('userId', (SELECT u."id"::text FROM "users" AS u WHERE u."email" = COALESCE("after"->>'email', "after"->>'homeownerEmail')))
          END
 WHERE jsonb_typeof("after") = 'object' AND ("after" ? 'email' OR "after" ? 'homeownerEmail');

ALTER TABLE "audit_log" DROP COLUMN "actor_email";

ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_or_delete";

-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN "forget_when_done" BOOLEAN NOT NULL DEFAULT false;
