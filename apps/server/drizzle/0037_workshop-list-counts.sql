CREATE TABLE "workshop_list_counts" (
	"company_id" uuid NOT NULL,
	"list" text NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "workshop_list_counts_pkey" PRIMARY KEY("company_id","list"),
	CONSTRAINT "workshop_list_counts_list_check" CHECK (list in ('orders', 'stock'))
);
--> statement-breakpoint
ALTER TABLE "workshop_list_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workshop_list_counts" ADD CONSTRAINT "workshop_list_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "workshop_list_counts_tenant_isolation" ON "workshop_list_counts" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
-- How many open jobs each board list holds (ADR 0160), kept by statement triggers on work_orders in
-- the writing transaction: every statement adds its net change per (company, list), in (company,
-- list) order, so concurrent writers add up (the second waits on the first's row lock). An update
-- that moves no job between lists nets to nothing and writes nothing. Companies being deleted in this
-- transaction (a cascade reaching work_orders) get no count rows. The serving role only reads.
CREATE FUNCTION app_work_orders_list_counts() RETURNS trigger
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
-- It trusts its transition tables, so it refuses to run for any table but work_orders, and nobody
-- holds EXECUTE on it (firing a trigger needs none).
REVOKE EXECUTE ON FUNCTION app_work_orders_list_counts() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER work_orders_list_counts_insert AFTER INSERT ON work_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_work_orders_list_counts();
--> statement-breakpoint
CREATE TRIGGER work_orders_list_counts_update AFTER UPDATE ON work_orders REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_work_orders_list_counts();
--> statement-breakpoint
CREATE TRIGGER work_orders_list_counts_delete AFTER DELETE ON work_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_work_orders_list_counts();
--> statement-breakpoint
-- A company's counts from its stored lists, for the operator after writes that bypass triggers
-- (TRUNCATE, bulk loads with triggers off, a data-only restore) and for the bench seed. It reads as
-- that company (work_orders forces row-level security even for its owner), under the company's
-- workshop lock (ADR 0024) so that no change through the API lands between its count and its write,
-- and sets each count outright (an upsert: a trigger's concurrent first row cannot make it fail).
-- Owner only.
CREATE FUNCTION app_workshop_list_counts_rebuild(p_company uuid) RETURNS void
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
--> statement-breakpoint
GRANT SELECT ON workshop_list_counts TO app_user;
--> statement-breakpoint
-- The read cache's data version (migrations 0015, 0035), as every tenant table: the workshop area.
CREATE TRIGGER workshop_list_counts_data_version_insert AFTER INSERT ON workshop_list_counts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed('workshop');
--> statement-breakpoint
CREATE TRIGGER workshop_list_counts_data_version_update AFTER UPDATE ON workshop_list_counts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed('workshop');
--> statement-breakpoint
CREATE TRIGGER workshop_list_counts_data_version_delete AFTER DELETE ON workshop_list_counts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed('workshop');
--> statement-breakpoint
-- Backfill: every company's counts from its stored lists.
SELECT app_workshop_list_counts_rebuild(id) FROM companies;
