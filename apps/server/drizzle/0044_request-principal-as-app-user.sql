-- The session statement and the sign-in's leaver check, correct when the app connects as a
-- non-superuser owner, as production must (docs/operations.md). Tenant tables FORCE row-level
-- security and their policies are for app_user only, so such an owner reads no row of them:
-- `app_request_principal_v5` (migration 0042) read the leaver check and the company's change counts
-- through `profiles` as the owner, and there found no profile. Every version came back 0, so the read
-- cache never saw a change (answers stayed as first cached), and a leaver's session went on after the
-- end date; version 4's leaver check had the same fault. The tests ran as the `postgres` superuser,
-- which bypasses row-level security, so they could not see it.
--
-- Version 6 reads as the owner only what no tenant policy covers (the session and its user in the
-- auth tables), then switches to app_user with the user's id, reads the profile, role and levels under
-- the own-row policies (as versions 4 and 5 did), sets the profile's company and reads the employee
-- record under the tenant policy for the leaver check, and then, back as the owner (`role` none),
-- sums the company's change counts (`company_data_changes` is read by no tenant and does not force
-- row-level security). The counts are still read before the answer is computed, so a cached answer
-- is never tagged with a version later than its data (ADR 0046).
-- A new name, so that instances of the previous release keep working during a rolling deploy.
CREATE FUNCTION app_request_principal_v6(p_token text)
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
  p_company uuid;
  p_role text;
  p_levels json;
  p_first_login boolean;
  v_people bigint;
  v_company bigint;
  v_requests bigint;
  v_leave bigint;
  v_workshop bigint;
  v_other bigint;
BEGIN
  SELECT ss.id, ss.expires_at, u.id AS uid, u.email, u.email_verified, u.name INTO s
  FROM auth_sessions ss JOIN auth_users u ON u.id = ss.user_id
  WHERE ss.token = p_token AND ss.expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('role', 'app_user', true), set_config('app.user_id', s.uid::text, true);
  SELECT p.company_id, r.role,
    (SELECT json_object_agg(up.section_id, up.access_level ORDER BY up.section_id) FROM user_permissions up
      WHERE up.user_id = p.id AND up.company_id = p.company_id),
    p.first_login_completed
  INTO p_company, p_role, p_levels, p_first_login
  FROM (SELECT 1) AS one
  LEFT JOIN profiles p ON p.id = s.uid
  LEFT JOIN user_roles r ON r.user_id = p.id;
  IF p_company IS NOT NULL THEN
    PERFORM set_config('app.company_id', p_company::text, true);
    -- A leaver's session ends on their end date (ADR 0092).
    IF EXISTS (
      SELECT 1 FROM employee_records e
      WHERE e.company_id = p_company AND e.user_id = s.uid
        AND e.end_date IS NOT NULL AND e.end_date <= current_date
    ) THEN
      RETURN;
    END IF;
    -- Back to the owner for the counts (read by no tenant): cheaper than the security-definer
    -- `app_company_data_areas`, whose own search_path is set and restored on every call.
    PERFORM set_config('role', 'none', true);
    SELECT coalesce(sum(c.people_changes), 0)::bigint, coalesce(sum(c.company_changes), 0)::bigint,
      coalesce(sum(c.requests_changes), 0)::bigint, coalesce(sum(c.leave_changes), 0)::bigint,
      coalesce(sum(c.workshop_changes), 0)::bigint, coalesce(sum(c.other_changes), 0)::bigint
    INTO v_people, v_company, v_requests, v_leave, v_workshop, v_other
    FROM company_data_changes c WHERE c.company_id = p_company;
  END IF;
  RETURN QUERY
    SELECT s.id::text, s.expires_at, s.uid, s.email::text, s.email_verified, s.name::text, p_company,
      p_role, p_levels, p_first_login, v_people, v_company, v_requests, v_leave, v_workshop, v_other;
END
$$;
--> statement-breakpoint
-- The sign-in's leaver check (ADR 0092): the end date of the user's employee record in their current
-- company when it has come, else null, read as app_user (own profile, then the company's record).
CREATE FUNCTION app_ended_employment_v1(p_user uuid)
RETURNS date
LANGUAGE plpgsql
AS $$
DECLARE
  p_company uuid;
  ended date;
BEGIN
  PERFORM set_config('role', 'app_user', true), set_config('app.user_id', p_user::text, true);
  SELECT p.company_id INTO p_company FROM profiles p WHERE p.id = p_user;
  IF p_company IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('app.company_id', p_company::text, true);
  SELECT e.end_date INTO ended FROM employee_records e
  WHERE e.company_id = p_company AND e.user_id = p_user
    AND e.end_date IS NOT NULL AND e.end_date <= current_date
  LIMIT 1;
  RETURN ended;
END
$$;
