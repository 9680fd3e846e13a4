-- Erasure reaches everything a person wrote or was called (lib/account/delete.ts).
--
-- An erased person's messages in a conversation that stays (a job kept for its handyman, an erased
-- handyman's threads) are emptied and marked erased; the other side reads that the sender deleted
-- their account.
ALTER TABLE "thread_messages" ADD COLUMN "erased_at" TIMESTAMPTZ(3);
ALTER TABLE "thread_messages" DROP CONSTRAINT "thread_messages_body_check";
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_body_check"
  CHECK (("erased_at" IS NULL AND char_length("body") BETWEEN 1 AND 2000) OR ("erased_at" IS NOT NULL AND "body" = ''));

-- The audit log names people by account id only and keeps no free text: the names of handymen and
-- applicants and the reasons operators wrote ("name", "reason", "rejectReason") leave the entries that
-- hold them. The log is append-only; this one rewrite of its own rows is the exception.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_or_delete";

UPDATE "audit_log" SET "before" = "before" - 'name' - 'reason' - 'rejectReason'
 WHERE "target_type" IN ('handyman', 'application', 'request') AND jsonb_typeof("before") = 'object'
   AND "before" ?| ARRAY['name', 'reason', 'rejectReason'];

UPDATE "audit_log" SET "after" = "after" - 'name' - 'reason' - 'rejectReason'
 WHERE "target_type" IN ('handyman', 'application', 'request') AND jsonb_typeof("after") = 'object'
   AND "after" ?| ARRAY['name', 'reason', 'rejectReason'];

ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_or_delete";
