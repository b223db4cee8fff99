-- The read cache per area (ADR 0120, refining 0046): each area of a company's data (db/data-areas.ts)
-- has its own change count, so a change in one area (a holiday submission) no longer ends the cached
-- answers that read none of its rows (the workshop board, the employee list). The total (`changes`)
-- still moves with every change, for the servers of the release before during a rolling deploy.

-- Adds one to the named areas (all of them when none or an unknown one is named) and to the total, on
-- each given company's row of this connection's backend; folds the rows of ended backends as before
-- (migration 0015), every column summed.
CREATE FUNCTION app_bump_company_data_areas(p_companies uuid[], p_areas text[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c uuid;
  me integer := pg_backend_pid();
  all_areas boolean := p_areas IS NULL OR cardinality(p_areas) = 0
    OR NOT (p_areas <@ ARRAY['people', 'company', 'requests', 'leave', 'workshop', 'other']);
  a_people bigint := CASE WHEN all_areas OR 'people' = ANY (p_areas) THEN 1 ELSE 0 END;
  a_company bigint := CASE WHEN all_areas OR 'company' = ANY (p_areas) THEN 1 ELSE 0 END;
  a_requests bigint := CASE WHEN all_areas OR 'requests' = ANY (p_areas) THEN 1 ELSE 0 END;
  a_leave bigint := CASE WHEN all_areas OR 'leave' = ANY (p_areas) THEN 1 ELSE 0 END;
  a_workshop bigint := CASE WHEN all_areas OR 'workshop' = ANY (p_areas) THEN 1 ELSE 0 END;
  a_other bigint := CASE WHEN all_areas OR 'other' = ANY (p_areas) THEN 1 ELSE 0 END;
BEGIN
  FOREACH c IN ARRAY ARRAY(SELECT DISTINCT x FROM unnest(p_companies) AS x WHERE x IS NOT NULL ORDER BY 1) LOOP
    INSERT INTO public.company_data_changes AS d (company_id, backend, changes, people_changes,
      company_changes, requests_changes, leave_changes, workshop_changes, other_changes)
    VALUES (c, me, 1, a_people, a_company, a_requests, a_leave, a_workshop, a_other)
    ON CONFLICT (company_id, backend) DO UPDATE SET changes = d.changes + 1,
      people_changes = d.people_changes + excluded.people_changes,
      company_changes = d.company_changes + excluded.company_changes,
      requests_changes = d.requests_changes + excluded.requests_changes,
      leave_changes = d.leave_changes + excluded.leave_changes,
      workshop_changes = d.workshop_changes + excluded.workshop_changes,
      other_changes = d.other_changes + excluded.other_changes;
    IF current_setting('transaction_isolation') = 'read committed'
      AND (SELECT count(*) FROM public.company_data_changes WHERE company_id = c) > 64 THEN
      WITH free AS (
        SELECT backend FROM public.company_data_changes
        WHERE company_id = c AND backend NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
        FOR UPDATE SKIP LOCKED
      ), folded AS (
        DELETE FROM public.company_data_changes
        WHERE company_id = c AND backend IN (SELECT backend FROM free) RETURNING *
      ), total AS (
        SELECT coalesce(sum(changes), 0) AS changes, coalesce(sum(people_changes), 0) AS people,
          coalesce(sum(company_changes), 0) AS company, coalesce(sum(requests_changes), 0) AS requests,
          coalesce(sum(leave_changes), 0) AS leave, coalesce(sum(workshop_changes), 0) AS workshop,
          coalesce(sum(other_changes), 0) AS other
        FROM folded
      )
      UPDATE public.company_data_changes d SET changes = d.changes + t.changes,
        people_changes = d.people_changes + t.people, company_changes = d.company_changes + t.company,
        requests_changes = d.requests_changes + t.requests, leave_changes = d.leave_changes + t.leave,
        workshop_changes = d.workshop_changes + t.workshop, other_changes = d.other_changes + t.other
      FROM total t
      WHERE d.company_id = c AND d.backend = me;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Callers of migration 0015's function (a trigger that names no area) move every area.
CREATE OR REPLACE FUNCTION app_bump_company_data_versions(p_companies uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM public.app_bump_company_data_areas(p_companies, NULL);
END
$$;
--> statement-breakpoint
-- The statement triggers of migration 0015, now moving the areas named by the trigger's arguments
-- (every area without any).
CREATE OR REPLACE FUNCTION app_tenant_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_bump_company_data_areas(ARRAY(SELECT company_id FROM new_rows), TG_ARGV);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_bump_company_data_areas(
      ARRAY(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows), TG_ARGV);
  ELSE
    PERFORM public.app_bump_company_data_areas(ARRAY(SELECT company_id FROM old_rows), TG_ARGV);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_companies_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_bump_company_data_areas(ARRAY(SELECT id FROM new_rows), TG_ARGV);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_bump_company_data_areas(
      ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows), TG_ARGV);
  ELSE
    PERFORM public.app_bump_company_data_areas(ARRAY(SELECT id FROM old_rows), TG_ARGV);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_roles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  users uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    users := ARRAY(SELECT user_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    users := ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
  ELSE
    users := ARRAY(SELECT user_id FROM old_rows);
  END IF;
  PERFORM public.app_bump_company_data_areas(
    ARRAY(SELECT company_id FROM public.profiles WHERE id = ANY (users))
      || nullif(current_setting('app.company_id', true), '')::uuid,
    TG_ARGV);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Holiday requests: every change moves `requests`; one that involves an approved request (approving,
-- cancelling or editing approved leave, or booking leave approved at once) moves `leave` too. A
-- pending submission or a rejection leaves the calendar's and the balances' answers in place.
CREATE FUNCTION app_holiday_requests_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  companies uuid[];
  taken boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    companies := ARRAY(SELECT company_id FROM new_rows);
    taken := EXISTS (SELECT 1 FROM new_rows WHERE status = 'approved');
  ELSIF TG_OP = 'UPDATE' THEN
    companies := ARRAY(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows);
    taken := EXISTS (SELECT 1 FROM new_rows WHERE status = 'approved')
      OR EXISTS (SELECT 1 FROM old_rows WHERE status = 'approved');
  ELSE
    companies := ARRAY(SELECT company_id FROM old_rows);
    taken := EXISTS (SELECT 1 FROM old_rows WHERE status = 'approved');
  END IF;
  PERFORM public.app_bump_company_data_areas(companies,
    CASE WHEN taken THEN ARRAY['requests', 'leave'] ELSE ARRAY['requests'] END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every table under the tenant policy, with its area (db/data-areas.ts, TABLE_AREAS; a DB test checks
-- that the two agree and that none is missing). Same trigger names as before.
DO $$
DECLARE
  t text;
  area text;
  f text;
  args text;
BEGIN
  FOR t, area IN SELECT * FROM (VALUES
    ('profiles', 'people'), ('user_roles', 'people'), ('user_permissions', 'people'),
    ('employee_records', 'people'), ('invitations', 'people'),
    ('companies', 'company'), ('company_details', 'company'), ('company_settings', 'company'),
    ('company_calendar_days', 'company'),
    ('holiday_requests', NULL), ('leave_ledger_entries', 'leave'),
    ('work_orders', 'workshop'), ('bom_products', 'workshop'), ('component_database', 'workshop'),
    ('workshop_job_schedules', 'workshop'),
    ('notifications', 'other'), ('oauth_states', 'other'), ('cloud_storage_configurations', 'other'),
    ('document_storage_policies', 'other'), ('cloud_storage_audit', 'other'),
    ('slack_user_mappings', 'other'), ('calendar_feeds', 'other'), ('audit_events', 'other')
  ) AS x(t, area) LOOP
    f := CASE t WHEN 'companies' THEN 'app_companies_changed' WHEN 'user_roles' THEN 'app_user_roles_changed'
      WHEN 'holiday_requests' THEN 'app_holiday_requests_changed' ELSE 'app_tenant_rows_changed' END;
    args := CASE WHEN area IS NULL THEN '' ELSE quote_literal(area) END;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_data_version_insert', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_data_version_update', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_data_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)', t || '_data_version_insert', t, f, args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)', t || '_data_version_update', t, f, args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)', t || '_data_version_delete', t, f, args);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A company's version of each area: the sums of its rows' columns (0 before the first change).
CREATE FUNCTION app_company_data_areas(p_company uuid)
RETURNS TABLE (people_version bigint, company_version bigint, requests_version bigint,
  leave_version bigint, workshop_version bigint, other_version bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce(sum(people_changes), 0)::bigint, coalesce(sum(company_changes), 0)::bigint,
    coalesce(sum(requests_changes), 0)::bigint, coalesce(sum(leave_changes), 0)::bigint,
    coalesce(sum(workshop_changes), 0)::bigint, coalesce(sum(other_changes), 0)::bigint
  FROM public.company_data_changes WHERE company_id = p_company
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_company_data_areas(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_company_data_areas(uuid) TO app_user;
--> statement-breakpoint
-- The session statement of migration 0024 with each area's version instead of the one total. A new
-- name, so that instances of the previous release keep working during a rolling deploy (their
-- prepared `app_request_principal_v3` statements are unchanged, and the total still moves).
CREATE FUNCTION app_request_principal_v4(p_token text)
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
      p.first_login_completed,
      v.people_version, v.company_version, v.requests_version, v.leave_version, v.workshop_version,
      v.other_version
    FROM (SELECT 1) AS one
    LEFT JOIN profiles p ON p.id = s.uid
    LEFT JOIN user_roles r ON r.user_id = p.id
    LEFT JOIN LATERAL app_company_data_areas(p.company_id) AS v ON p.company_id IS NOT NULL;
END
$$;
