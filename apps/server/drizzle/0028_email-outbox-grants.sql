-- The email queue (ADR 0095). Not a tenant table: the worker claims rows of every company as the
-- owner. The serving role may only add messages, in the transaction of the change that causes them;
-- it can neither read (no SELECT: nobody's mail is readable through the product) nor change them.
GRANT INSERT ON email_outbox TO app_user;
--> statement-breakpoint
-- Wakes the workers of every instance once the inserting transaction commits (NOTIFY is delivered
-- at commit, and not at all on rollback). One notification per statement; the payload says nothing.
CREATE FUNCTION app_email_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hr_email_outbox', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_notify AFTER INSERT ON email_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION app_email_outbox_notify();
