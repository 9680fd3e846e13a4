-- The owner of a request is user_id; the email copied beside it was written and never read.
ALTER TABLE "inputs" DROP COLUMN "user_email";
