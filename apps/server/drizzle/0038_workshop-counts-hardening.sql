CREATE INDEX "work_orders_parts_short_idx" ON "work_orders" USING btree ("company_id","product_id") WHERE board_parts_ready < board_parts_total;--> statement-breakpoint
-- The list counts' trigger function (migration 0037) refuses to run for any table but work_orders:
-- it trusts its transition tables, so a trigger on another table must not reach it. Firing a
-- trigger needs no EXECUTE right, so nobody else gets one.
CREATE OR REPLACE FUNCTION app_work_orders_list_counts() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_RELID <> 'public.work_orders'::regclass THEN
    RAISE EXCEPTION 'app_work_orders_list_counts fires on work_orders only, not %', TG_TABLE_NAME;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workshop_list_counts AS c (company_id, list, jobs)
    SELECT company_id, board_list, count(*)::int FROM new_rows
    WHERE board_list IN ('orders', 'stock')
    GROUP BY company_id, board_list
    ORDER BY company_id, board_list
    ON CONFLICT (company_id, list) DO UPDATE SET jobs = c.jobs + excluded.jobs;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workshop_list_counts AS c (company_id, list, jobs)
    SELECT company_id, board_list, -count(*)::int FROM old_rows o
    WHERE board_list IN ('orders', 'stock') AND EXISTS (SELECT 1 FROM companies co WHERE co.id = o.company_id)
    GROUP BY company_id, board_list
    ORDER BY company_id, board_list
    ON CONFLICT (company_id, list) DO UPDATE SET jobs = c.jobs + excluded.jobs;
  ELSE
    INSERT INTO workshop_list_counts AS c (company_id, list, jobs)
    SELECT x.company_id, x.list, sum(x.change)::int
    FROM (
      SELECT company_id, board_list AS list, -1 AS change FROM old_rows WHERE board_list IN ('orders', 'stock')
      UNION ALL
      SELECT company_id, board_list, 1 FROM new_rows WHERE board_list IN ('orders', 'stock')
    ) x
    GROUP BY x.company_id, x.list
    HAVING sum(x.change) <> 0
    ORDER BY x.company_id, x.list
    ON CONFLICT (company_id, list) DO UPDATE SET jobs = c.jobs + excluded.jobs;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_work_orders_list_counts() FROM PUBLIC;
--> statement-breakpoint
-- A company's counts from its stored lists, for the operator after writes that bypass triggers
-- (TRUNCATE, bulk loads with triggers off, a data-only restore) and for the bench seed. It reads as
-- that company (work_orders forces row-level security even for its owner), under the company's
-- workshop lock (ADR 0024) so that no change through the API lands between its count and its write,
-- and sets each count outright (an upsert: a trigger's concurrent first row cannot make it fail).
-- Owner only.
CREATE OR REPLACE FUNCTION app_workshop_list_counts_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  previous text := current_setting('app.company_id', true);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('workshop:' || p_company::text));
  PERFORM set_config('app.company_id', p_company::text, true);
  INSERT INTO workshop_list_counts AS c (company_id, list, jobs)
  SELECT p_company, l.list,
    (SELECT count(*)::int FROM work_orders w WHERE w.company_id = p_company AND w.board_list = l.list)
  FROM (VALUES ('orders'), ('stock')) AS l(list)
  ON CONFLICT (company_id, list) DO UPDATE SET jobs = excluded.jobs;
  PERFORM set_config('app.company_id', coalesce(previous, ''), true);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_workshop_list_counts_rebuild(uuid) FROM PUBLIC;
