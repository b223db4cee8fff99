-- The audit trail (ADR 0102) is append-only for the serving role: it may insert and read its
-- company's rows (the two policies of migration 0025), never update or delete them (no grant, and no
-- policy for either). RLS holds for the owner too. Its inserts move the company's data version like
-- every tenant table's changes (the read cache, migration 0015).
GRANT SELECT, INSERT ON audit_events TO app_user;
--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE TRIGGER audit_events_data_version_insert AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER audit_events_data_version_update AFTER UPDATE ON audit_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER audit_events_data_version_delete AFTER DELETE ON audit_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
-- An invitation link is opened without a session (ADR 0101): its token's hash names the invitation
-- and its company, read as the owner before the request switches to that company's tenant (as the
-- session statement reads the session, migration 0024). Nothing else about the row comes back here.
CREATE FUNCTION app_invitation_by_token(p_token_hash text)
RETURNS TABLE (invitation_id uuid, company_id uuid)
LANGUAGE sql STABLE
AS $$
  SELECT i.id, i.company_id FROM invitations i WHERE i.token_hash = p_token_hash
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_invitation_by_token(text) FROM PUBLIC;
