-- Live notifications: every insert, update or delete of a notification row announces itself on the
-- channel hr_notifications with ids only ({"userId","id","op"}); each server instance LISTENs and
-- forwards the event to that user's open Server-Sent Event streams. NOTIFY is delivered at commit,
-- so a rolled-back change announces nothing.
CREATE OR REPLACE FUNCTION notify_notification_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  affected notifications%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN
    affected := OLD;
  ELSE
    affected := NEW;
  END IF;
  PERFORM pg_notify(
    'hr_notifications',
    json_build_object('userId', affected.user_id, 'id', affected.id, 'op', TG_OP)::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_notify ON notifications;
--> statement-breakpoint
CREATE TRIGGER notifications_notify
  AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_notification_change();
