-- The team calendar's per-day summary (ADR 0110): `team_calendar_people` (one row per person away and
-- day, with the holiday and the name the calendar sorts by) and `team_calendar_days` (how many people
-- a day), kept by triggers in the transaction of every change that moves someone on or off the
-- calendar: a holiday request inserted, deleted, or updated in its status, dates or employee while it
-- is or becomes approved (submissions approved at once, decisions, cancellations, recorded sickness,
-- seeds, imports, raw SQL), and an employee record's name or end date (a leaver is away only up to
-- their last day). The serving role may only read the two tables.
--
-- Recomputes the calendar days of the given employees over first..last (unnested in parallel; an
-- employee given twice is recomputed over the span of its ranges) from holiday_requests, and applies
-- the difference: rows no longer wanted are deleted, rows whose holiday or name changed are updated,
-- new rows inserted (PKs disjoint, so one statement does all three), and each day's count gets the
-- statement's net change, added in (company, day) order: concurrent writers of one day add up, and
-- within a statement they lock days in one order. Companies being deleted in this transaction (a
-- cascade reaching holiday_requests) get no count rows. Runs as the owner, from the trigger functions
-- below (security definer): no grant to anyone else.
CREATE FUNCTION app_team_calendar_refresh(p_employees uuid[], p_first date[], p_last date[]) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF coalesce(cardinality(p_employees), 0) = 0 THEN
    RETURN;
  END IF;
  WITH affected AS (
    SELECT a.employee_record_id, min(a.first_day) AS first_day, max(a.last_day) AS last_day
    FROM unnest(p_employees, p_first, p_last) AS a(employee_record_id, first_day, last_day)
    GROUP BY a.employee_record_id
  ), wanted AS (
    -- A person counts once a day: on their first approved holiday covering it (by start date, then
    -- id), and only up to their end date (least() ignores a null end date).
    SELECT DISTINCT ON (r.employee_record_id, g.day)
      r.company_id, r.employee_record_id, g.day, r.id AS request_id, e.full_name
    FROM affected a
    JOIN holiday_requests r ON r.employee_record_id = a.employee_record_id AND r.status = 'approved'
      AND r.start_date <= a.last_day AND r.end_date >= a.first_day
    JOIN employee_records e ON e.id = r.employee_record_id
    CROSS JOIN LATERAL (
      SELECT greatest(r.start_date, a.first_day) + i AS day
      FROM generate_series(0, least(r.end_date, a.last_day, e.end_date) - greatest(r.start_date, a.first_day)) AS i
    ) g
    ORDER BY r.employee_record_id, g.day, r.start_date, r.id
  ), removed AS (
    DELETE FROM team_calendar_people p
    USING affected a
    WHERE p.employee_record_id = a.employee_record_id AND p.day BETWEEN a.first_day AND a.last_day
      AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.employee_record_id = p.employee_record_id AND w.day = p.day)
    RETURNING p.company_id, p.day, -1 AS change
  ), changed AS (
    UPDATE team_calendar_people p SET request_id = w.request_id, full_name = w.full_name
    FROM wanted w
    WHERE p.employee_record_id = w.employee_record_id AND p.day = w.day
      AND (p.request_id, p.full_name) IS DISTINCT FROM (w.request_id, w.full_name)
  ), added AS (
    INSERT INTO team_calendar_people (company_id, employee_record_id, day, request_id, full_name)
    SELECT w.company_id, w.employee_record_id, w.day, w.request_id, w.full_name
    FROM wanted w
    WHERE NOT EXISTS (
      SELECT 1 FROM team_calendar_people p WHERE p.employee_record_id = w.employee_record_id AND p.day = w.day)
    ON CONFLICT DO NOTHING
    RETURNING company_id, day, 1 AS change
  )
  INSERT INTO team_calendar_days AS d (company_id, day, people)
  SELECT c.company_id, c.day, sum(c.change)::int
  FROM (SELECT * FROM removed UNION ALL SELECT * FROM added) c
  WHERE EXISTS (SELECT 1 FROM companies co WHERE co.id = c.company_id)
  GROUP BY c.company_id, c.day
  HAVING sum(c.change) <> 0
  ORDER BY c.company_id, c.day
  ON CONFLICT (company_id, day) DO UPDATE SET people = d.people + excluded.people;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_team_calendar_refresh(uuid[], date[], date[]) FROM PUBLIC;
--> statement-breakpoint
-- Statement triggers on holiday_requests: the employees and dates of the rows that are or were
-- approved and whose status, dates or employee changed (an update of anything else, a pending
-- request's approver for example, costs one join of the transition tables and nothing more).
CREATE FUNCTION app_holiday_requests_team_calendar() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  employees uuid[];
  firsts date[];
  lasts date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(employee_record_id), array_agg(start_date), array_agg(end_date) INTO employees, firsts, lasts
    FROM new_rows WHERE status = 'approved';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(employee_record_id), array_agg(start_date), array_agg(end_date) INTO employees, firsts, lasts
    FROM old_rows WHERE status = 'approved';
  ELSE
    WITH moved AS (
      SELECT o.employee_record_id AS old_employee, o.start_date AS old_start, o.end_date AS old_end,
        n.employee_record_id AS new_employee, n.start_date AS new_start, n.end_date AS new_end
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'approved' OR n.status = 'approved')
        AND (o.status, o.start_date, o.end_date, o.employee_record_id)
          IS DISTINCT FROM (n.status, n.start_date, n.end_date, n.employee_record_id)
    ), ranges AS (
      SELECT old_employee AS employee_record_id, old_start AS first_day, old_end AS last_day FROM moved
      UNION ALL
      SELECT new_employee, new_start, new_end FROM moved
    )
    SELECT array_agg(employee_record_id), array_agg(first_day), array_agg(last_day) INTO employees, firsts, lasts
    FROM ranges;
  END IF;
  PERFORM public.app_team_calendar_refresh(employees, firsts, lasts);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER holiday_requests_team_calendar_insert AFTER INSERT ON holiday_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_holiday_requests_team_calendar();
--> statement-breakpoint
CREATE TRIGGER holiday_requests_team_calendar_update AFTER UPDATE ON holiday_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_holiday_requests_team_calendar();
--> statement-breakpoint
CREATE TRIGGER holiday_requests_team_calendar_delete AFTER DELETE ON holiday_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_holiday_requests_team_calendar();
--> statement-breakpoint
-- An employee record's name is the calendar's order (its rows are renamed); its end date decides the
-- days a leaver counts (all their days are recomputed). Inserts and deletes need nothing: a new record
-- has no requests, and a record with requests cannot be deleted (its rows cascade with the company).
CREATE FUNCTION app_employee_records_team_calendar() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  ended uuid[];
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.full_name IS DISTINCT FROM n.full_name) THEN
    UPDATE team_calendar_people p SET full_name = n.full_name
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.full_name IS DISTINCT FROM n.full_name AND p.employee_record_id = n.id;
  END IF;
  ended := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.end_date IS DISTINCT FROM n.end_date);
  IF cardinality(ended) > 0 THEN
    PERFORM public.app_team_calendar_refresh(ended,
      array_fill('-infinity'::date, ARRAY[cardinality(ended)]), array_fill('infinity'::date, ARRAY[cardinality(ended)]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employee_records_team_calendar_update AFTER UPDATE ON employee_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_employee_records_team_calendar();
--> statement-breakpoint
-- A company's calendar summary from scratch: the backfill below, and writers that run with triggers
-- off (the bench seed's `session_replication_role = replica`). Owner only.
CREATE FUNCTION app_team_calendar_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM team_calendar_people WHERE company_id = p_company;
  DELETE FROM team_calendar_days WHERE company_id = p_company;
  INSERT INTO team_calendar_people (company_id, employee_record_id, day, request_id, full_name)
  SELECT DISTINCT ON (r.employee_record_id, g.day) r.company_id, r.employee_record_id, g.day, r.id, e.full_name
  FROM holiday_requests r
  JOIN employee_records e ON e.id = r.employee_record_id
  CROSS JOIN LATERAL (
    SELECT r.start_date + i AS day FROM generate_series(0, least(r.end_date, e.end_date) - r.start_date) AS i
  ) g
  WHERE r.company_id = p_company AND r.status = 'approved'
  ORDER BY r.employee_record_id, g.day, r.start_date, r.id;
  INSERT INTO team_calendar_days (company_id, day, people)
  SELECT p_company, day, count(*)::int FROM team_calendar_people WHERE company_id = p_company GROUP BY day;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_team_calendar_rebuild(uuid) FROM PUBLIC;
--> statement-breakpoint
-- The serving role reads the summary (under the tenant policy) and never writes it.
GRANT SELECT ON team_calendar_people, team_calendar_days TO app_user;
--> statement-breakpoint
-- The read cache's data version (migration 0015), like every tenant table, with one shortcut: rows
-- written by the triggers above (trigger depth above 1) belong to the company whose holiday_requests
-- or employee_records statement fired them, and that statement's own data-version trigger has moved
-- the version in this transaction already; so these calls return at once. A direct write (the
-- rebuild, an operator's statement) moves it as everywhere else.
CREATE FUNCTION app_team_calendar_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
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
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['team_calendar_people', 'team_calendar_days'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION app_team_calendar_rows_changed()', t || '_data_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_team_calendar_rows_changed()', t || '_data_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION app_team_calendar_rows_changed()', t || '_data_version_delete', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Backfill: every company's summary from its approved holidays.
SELECT app_team_calendar_rebuild(id) FROM companies;
