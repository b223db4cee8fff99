-- The hot path of every product request in one round trip (ADR 0043): the session named by a token,
-- its user, then, as app_user with only app.user_id set (so RLS shows nothing but the user's own
-- rows), the user's company, role and per-section levels. The role and setting are transaction-local:
-- called outside a transaction, they end with the statement. A session whose user has no profile
-- (removed from its company) comes back with a null company_id.
CREATE OR REPLACE FUNCTION app_session_principal(p_token text)
RETURNS TABLE (
  session_id text,
  expires_at timestamptz,
  user_id uuid,
  email text,
  email_verified boolean,
  name text,
  company_id uuid,
  role text,
  levels json
)
LANGUAGE plpgsql
AS $$
DECLARE
  s record;
BEGIN
  SELECT ss.id, ss.expires_at, u.id AS uid, u.email, u.email_verified, u.name INTO s
  FROM auth_sessions ss JOIN auth_users u ON u.id = ss.user_id
  WHERE ss.token = p_token AND ss.expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('role', 'app_user', true), set_config('app.user_id', s.uid::text, true);
  RETURN QUERY
    SELECT s.id, s.expires_at, s.uid, s.email, s.email_verified, s.name, p.company_id, r.role,
      (SELECT json_object_agg(up.section_id, up.access_level) FROM user_permissions up
        WHERE up.user_id = p.id AND up.company_id = p.company_id)
    FROM (SELECT 1) AS one
    LEFT JOIN profiles p ON p.id = s.uid
    LEFT JOIN user_roles r ON r.user_id = p.id;
END
$$;
