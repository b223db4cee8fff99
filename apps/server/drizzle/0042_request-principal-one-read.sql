-- The session statement of migration 0035 (`app_request_principal_v4`) reading what it reads as the
-- owner in one statement: the session and its user, whether the user has left (ADR 0092), and the
-- versions of each area of the company's data (ADR 0120), summed here from `company_data_changes`
-- rather than through `app_company_data_areas` after the switch to app_user. That function is
-- SECURITY DEFINER with its own search_path, so each call saved and restored the settings and ran
-- as a function of its own: about 0.08 ms of PostgreSQL on every product request (docs/performance.md).
-- The versions are read before the answer is computed, as before, so an answer stored in the read
-- cache is never tagged with a version later than the data it was computed from (ADR 0046).
-- The profile, role and section levels are still read as app_user under row-level security. A new
-- name, so that instances of the previous release keep working during a rolling deploy.
CREATE FUNCTION app_request_principal_v5(p_token text)
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
  first_login_completed boolean,
  people_version bigint,
  company_version bigint,
  requests_version bigint,
  leave_version bigint,
  workshop_version bigint,
  other_version bigint
)
LANGUAGE plpgsql
AS $$
DECLARE
  s record;
BEGIN
  -- Read as the owner, before the switch to app_user: the employee record is a tenant row, and the
  -- change counts are read by no tenant.
  SELECT ss.id, ss.expires_at, u.id AS uid, u.email, u.email_verified, u.name,
    EXISTS (
      SELECT 1 FROM profiles p JOIN employee_records e ON e.company_id = p.company_id AND e.user_id = p.id
      WHERE p.id = u.id AND e.end_date IS NOT NULL AND e.end_date <= current_date
    ) AS has_left,
    a.people_version, a.company_version, a.requests_version, a.leave_version, a.workshop_version,
    a.other_version
  INTO s
  FROM auth_sessions ss
  JOIN auth_users u ON u.id = ss.user_id
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(c.people_changes), 0)::bigint AS people_version,
      coalesce(sum(c.company_changes), 0)::bigint AS company_version,
      coalesce(sum(c.requests_changes), 0)::bigint AS requests_version,
      coalesce(sum(c.leave_changes), 0)::bigint AS leave_version,
      coalesce(sum(c.workshop_changes), 0)::bigint AS workshop_version,
      coalesce(sum(c.other_changes), 0)::bigint AS other_version
    FROM profiles p JOIN company_data_changes c ON c.company_id = p.company_id
    WHERE p.id = u.id
  ) a
  WHERE ss.token = p_token AND ss.expires_at > now();
  IF NOT FOUND OR s.has_left THEN
    RETURN;
  END IF;
  PERFORM set_config('role', 'app_user', true), set_config('app.user_id', s.uid::text, true);
  RETURN QUERY
    SELECT s.id, s.expires_at, s.uid, s.email, s.email_verified, s.name, p.company_id, r.role,
      (SELECT json_object_agg(up.section_id, up.access_level ORDER BY up.section_id) FROM user_permissions up
        WHERE up.user_id = p.id AND up.company_id = p.company_id),
      p.first_login_completed,
      -- No company, no versions (as version 4 answered).
      CASE WHEN p.company_id IS NOT NULL THEN s.people_version END,
      CASE WHEN p.company_id IS NOT NULL THEN s.company_version END,
      CASE WHEN p.company_id IS NOT NULL THEN s.requests_version END,
      CASE WHEN p.company_id IS NOT NULL THEN s.leave_version END,
      CASE WHEN p.company_id IS NOT NULL THEN s.workshop_version END,
      CASE WHEN p.company_id IS NOT NULL THEN s.other_version END
    FROM (SELECT 1) AS one
    LEFT JOIN profiles p ON p.id = s.uid
    LEFT JOIN user_roles r ON r.user_id = p.id;
END
$$;
