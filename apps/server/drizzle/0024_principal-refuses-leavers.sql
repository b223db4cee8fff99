-- The session statement of migration 0016, refusing leavers (ADR 0092): from the end date of the
-- user's employee record in their company, the session resolves to nothing (401), whatever Better
-- Auth's session row says. A new name, so that instances of the previous release keep working
-- during a rolling deploy (their prepared `app_request_principal_v2` statements are unchanged).
CREATE FUNCTION app_request_principal_v3(p_token text)
RETURNS TABLE (
  session_id text,
  expires_at timestamptz,
  user_id uuid,
  email text,
  email_verified boolean,
  name text,
  company_id uuid,
  role text,
  levels json,
  data_version bigint,
  first_login_completed boolean
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
  -- Read as the owner, before the switch to app_user: the employee record is a tenant row.
  IF EXISTS (
    SELECT 1 FROM profiles p JOIN employee_records e ON e.company_id = p.company_id AND e.user_id = p.id
    WHERE p.id = s.uid AND e.end_date IS NOT NULL AND e.end_date <= current_date
  ) THEN
    RETURN;
  END IF;
  PERFORM set_config('role', 'app_user', true), set_config('app.user_id', s.uid::text, true);
  RETURN QUERY
    SELECT s.id, s.expires_at, s.uid, s.email, s.email_verified, s.name, p.company_id, r.role,
      (SELECT json_object_agg(up.section_id, up.access_level ORDER BY up.section_id) FROM user_permissions up
        WHERE up.user_id = p.id AND up.company_id = p.company_id),
      CASE WHEN p.company_id IS NULL THEN NULL ELSE app_company_data_version(p.company_id) END,
      p.first_login_completed
    FROM (SELECT 1) AS one
    LEFT JOIN profiles p ON p.id = s.uid
    LEFT JOIN user_roles r ON r.user_id = p.id;
END
$$;
