-- Every change that can end a session is announced on the channel "fixwell_sessions" with the account's id,
-- so each server forgets the sessions it remembers as live (lib/auth/liveness-cache.ts). NOTIFY is sent
-- when the transaction commits, and only then. Whoever makes the change (the app, a job, SQL by hand),
-- every server hears it.
CREATE FUNCTION "fixwell_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('fixwell_sessions', CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END::text);
  ELSE
    PERFORM pg_notify('fixwell_sessions', CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END::text);
  END IF;
  RETURN NULL;
END;
$$;

-- A session revoked (or its row deleted).
CREATE TRIGGER "sessions_liveness_notify" AFTER UPDATE OF "revoked_at", "user_id" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "fixwell_notify_session_change"();

-- An account's sessions all ended (its version bumped), its role or address changed, or the account deleted.
CREATE TRIGGER "users_liveness_notify" AFTER UPDATE OF "session_version", "role", "email", "id" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "fixwell_notify_session_change"();

-- Emptying the tables (tests, or by hand) forgets everything.
CREATE FUNCTION "fixwell_notify_sessions_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fixwell_sessions', '*');
  RETURN NULL;
END;
$$;
CREATE TRIGGER "sessions_liveness_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "fixwell_notify_sessions_truncated"();
CREATE TRIGGER "users_liveness_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "fixwell_notify_sessions_truncated"();
