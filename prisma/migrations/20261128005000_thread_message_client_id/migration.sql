-- A message's client id: the composer's form carries a new one each time it is drawn, and a post sent
-- again (a retry after a lost answer, a double click, a resent form) with the same id stores nothing more
-- and answers the message already stored. Unique per thread and author; messages without one (the API's
-- callers that send none, and every message before this) are not affected (NULLs are distinct).
ALTER TABLE "thread_messages" ADD COLUMN "client_id" UUID;
CREATE UNIQUE INDEX "thread_messages_client_id_key" ON "thread_messages" ("thread_id", "author_id", "client_id");
