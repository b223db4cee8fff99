CREATE POLICY "invitations_read_by_token" ON "invitations" AS PERMISSIVE FOR SELECT TO "app_user" USING (token_hash = nullif(current_setting('app.invitation_token_hash', true), ''));--> statement-breakpoint
-- The invitation link's look-up (ADR 0101), correct under a non-superuser owner, as production must
-- use: `app_invitation_by_token` (migration 0030) read `invitations` as the owner, and the table
-- forces row-level security with policies for app_user, so with no tenant set it found no row and
-- every invitation link answered 404. Version 2 reads as app_user by the token's hash
-- (`invitations_read_by_token`), still only the invitation's id and company. A new name, so the
-- release before keeps working during a rolling deploy.
CREATE FUNCTION app_invitation_by_token_v2(p_token_hash text)
RETURNS TABLE (invitation_id uuid, company_id uuid)
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM set_config('role', 'app_user', true),
    set_config('app.invitation_token_hash', p_token_hash, true);
  RETURN QUERY SELECT i.id, i.company_id FROM invitations i WHERE i.token_hash = p_token_hash;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_invitation_by_token_v2(text) FROM PUBLIC;
