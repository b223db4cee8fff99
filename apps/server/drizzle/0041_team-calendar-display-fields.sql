ALTER TABLE "team_calendar_people" ADD COLUMN "line_manager_id" uuid;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "holiday_type" text;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "working_days" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "start_half_day" boolean;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD COLUMN "end_half_day" boolean;--> statement-breakpoint
-- ADR 0175: each row of the team calendar's summary also holds what the calendar shows of the holiday
-- and the employee's line manager (who may see the leave type, ADR 0050), so the month and day pages
-- read no other table. Migration 0033's functions, with those fields: the refresh writes them and
-- rewrites a row when any of them changed; the request trigger also fires on a change of a field it
-- copies; the employee trigger carries a new line manager to the rows, as it does a new name.
CREATE OR REPLACE FUNCTION app_team_calendar_refresh(p_employees uuid[], p_first date[], p_last date[]) RETURNS void
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
    SELECT DISTINCT ON (r.employee_record_id, g.day)
      r.company_id, r.employee_record_id, g.day, r.id AS request_id, e.full_name, e.line_manager_id,
      r.user_id, r.start_date, r.end_date, r.holiday_type, r.working_days, r.start_half_day, r.end_half_day
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
    UPDATE team_calendar_people p SET request_id = w.request_id, full_name = w.full_name,
      line_manager_id = w.line_manager_id, user_id = w.user_id, start_date = w.start_date,
      end_date = w.end_date, holiday_type = w.holiday_type, working_days = w.working_days,
      start_half_day = w.start_half_day, end_half_day = w.end_half_day
    FROM wanted w
    WHERE p.employee_record_id = w.employee_record_id AND p.day = w.day
      AND (p.request_id, p.full_name, p.line_manager_id, p.user_id, p.start_date, p.end_date, p.holiday_type,
        p.working_days, p.start_half_day, p.end_half_day)
      IS DISTINCT FROM (w.request_id, w.full_name, w.line_manager_id, w.user_id, w.start_date, w.end_date,
        w.holiday_type, w.working_days, w.start_half_day, w.end_half_day)
  ), added AS (
    INSERT INTO team_calendar_people (company_id, employee_record_id, day, request_id, full_name,
      line_manager_id, user_id, start_date, end_date, holiday_type, working_days, start_half_day, end_half_day)
    SELECT w.company_id, w.employee_record_id, w.day, w.request_id, w.full_name,
      w.line_manager_id, w.user_id, w.start_date, w.end_date, w.holiday_type, w.working_days,
      w.start_half_day, w.end_half_day
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
CREATE OR REPLACE FUNCTION app_holiday_requests_team_calendar() RETURNS trigger
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
        AND (o.status, o.start_date, o.end_date, o.employee_record_id, o.user_id, o.holiday_type,
          o.working_days, o.start_half_day, o.end_half_day)
          IS DISTINCT FROM (n.status, n.start_date, n.end_date, n.employee_record_id, n.user_id, n.holiday_type,
          n.working_days, n.start_half_day, n.end_half_day)
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
CREATE OR REPLACE FUNCTION app_employee_records_team_calendar() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  ended uuid[];
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.full_name, o.line_manager_id) IS DISTINCT FROM (n.full_name, n.line_manager_id)) THEN
    UPDATE team_calendar_people p SET full_name = n.full_name, line_manager_id = n.line_manager_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.full_name, o.line_manager_id) IS DISTINCT FROM (n.full_name, n.line_manager_id)
      AND p.employee_record_id = n.id;
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
CREATE OR REPLACE FUNCTION app_team_calendar_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM team_calendar_people WHERE company_id = p_company;
  DELETE FROM team_calendar_days WHERE company_id = p_company;
  INSERT INTO team_calendar_people (company_id, employee_record_id, day, request_id, full_name,
    line_manager_id, user_id, start_date, end_date, holiday_type, working_days, start_half_day, end_half_day)
  SELECT DISTINCT ON (r.employee_record_id, g.day) r.company_id, r.employee_record_id, g.day, r.id, e.full_name,
    e.line_manager_id, r.user_id, r.start_date, r.end_date, r.holiday_type, r.working_days, r.start_half_day,
    r.end_half_day
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
-- Backfill: the new fields of every row there is.
UPDATE team_calendar_people p SET line_manager_id = e.line_manager_id, user_id = r.user_id,
  start_date = r.start_date, end_date = r.end_date, holiday_type = r.holiday_type, working_days = r.working_days,
  start_half_day = r.start_half_day, end_half_day = r.end_half_day
FROM holiday_requests r, employee_records e
WHERE r.id = p.request_id AND e.id = p.employee_record_id;
