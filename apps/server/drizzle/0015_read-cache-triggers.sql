-- The read cache's tag (ADR 0046): every committed change to a company's rows adds one to that
-- company's data version, in the writing transaction itself, so a version read after the commit always
-- differs from one read before it (the sum only grows, whatever order writers commit in). The session
-- statement (app_request_principal, below) returns the version with the principal.

-- Adds one to each given company's row of this connection's backend. Only this backend updates that
-- row, so concurrent writers never wait on each other (nor deadlock), and the update is HOT: no new
-- index entry, dead versions pruned with the page, no vacuum needed for the sum to stay cheap. Once a
-- company has more than 64 rows (backends come and go), the writer folds the rows of backends that
-- have ended (and that no transaction holds: SKIP LOCKED, it never waits) into its own: the sum stays
-- the same.
-- Folding relies on read committed; a writer at a stricter isolation level only adds. Security
-- definer: no role but the owner has a grant on the table; any role that writes tenant rows runs the
-- triggers, so any role may call this (the worst a caller can do is make cached answers miss).
CREATE FUNCTION app_bump_company_data_versions(p_companies uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c uuid;
  me integer := pg_backend_pid();
BEGIN
  FOREACH c IN ARRAY ARRAY(SELECT DISTINCT x FROM unnest(p_companies) AS x WHERE x IS NOT NULL ORDER BY 1) LOOP
    INSERT INTO public.company_data_changes AS d (company_id, backend, changes) VALUES (c, me, 1)
    ON CONFLICT (company_id, backend) DO UPDATE SET changes = d.changes + 1;
    IF current_setting('transaction_isolation') = 'read committed'
      AND (SELECT count(*) FROM public.company_data_changes WHERE company_id = c) > 64 THEN
      WITH free AS (
        SELECT backend FROM public.company_data_changes
        WHERE company_id = c AND backend NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
        FOR UPDATE SKIP LOCKED
      ), folded AS (
        DELETE FROM public.company_data_changes
        WHERE company_id = c AND backend IN (SELECT backend FROM free) RETURNING changes
      )
      UPDATE public.company_data_changes SET changes = changes + (SELECT coalesce(sum(changes), 0) FROM folded)
      WHERE company_id = c AND backend = me;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A company's data version: the sum of its changes (0 before the first).
CREATE FUNCTION app_company_data_version(p_company uuid) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce(sum(changes), 0)::bigint FROM public.company_data_changes WHERE company_id = p_company
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_company_data_version(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_company_data_version(uuid) TO app_user;
--> statement-breakpoint
-- Statement triggers (one call per statement, however many rows): the companies of the rows a
-- statement inserted, updated (before and after) or deleted. Tenant tables carry company_id; the
-- companies table is keyed by id.
CREATE FUNCTION app_tenant_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_bump_company_data_versions(ARRAY(SELECT company_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_bump_company_data_versions(
      ARRAY(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows));
  ELSE
    PERFORM public.app_bump_company_data_versions(ARRAY(SELECT company_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_companies_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.app_bump_company_data_versions(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.app_bump_company_data_versions(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows));
  ELSE
    PERFORM public.app_bump_company_data_versions(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- user_roles is keyed by user: the companies of those users' profiles (as far as the writer may see
-- them), and the company of the writing transaction.
CREATE FUNCTION app_user_roles_changed() RETURNS trigger
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
  PERFORM public.app_bump_company_data_versions(
    ARRAY(SELECT company_id FROM public.profiles WHERE id = ANY (users))
      || nullif(current_setting('app.company_id', true), '')::uuid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every table under the tenant policy (a DB test checks that none is missing).
DO $$
DECLARE
  t text;
  f text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'companies', 'company_details', 'company_settings', 'profiles', 'user_roles', 'user_permissions',
    'invitations', 'employee_records', 'holiday_requests', 'notifications', 'bom_products',
    'component_database', 'work_orders', 'workshop_job_schedules', 'cloud_storage_configurations',
    'document_storage_policies', 'cloud_storage_audit', 'slack_user_mappings', 'oauth_states'
  ] LOOP
    f := CASE t WHEN 'companies' THEN 'app_companies_changed' WHEN 'user_roles' THEN 'app_user_roles_changed'
      ELSE 'app_tenant_rows_changed' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_version_insert', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_version_update', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_version_delete', t, f);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The session statement of migration 0009 with the company's data version as well. A new name, so
-- that instances of the previous release, whose prepared `app_session_principal` statements expect
-- nine columns, keep working during a rolling deploy; a later release drops the old function.
CREATE FUNCTION app_request_principal(p_token text)
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
  data_version bigint
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
      (SELECT json_object_agg(up.section_id, up.access_level ORDER BY up.section_id) FROM user_permissions up
        WHERE up.user_id = p.id AND up.company_id = p.company_id),
      CASE WHEN p.company_id IS NULL THEN NULL ELSE app_company_data_version(p.company_id) END
    FROM (SELECT 1) AS one
    LEFT JOIN profiles p ON p.id = s.uid
    LEFT JOIN user_roles r ON r.user_id = p.id;
END
$$;
