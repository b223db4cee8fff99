-- The summaries' rebuilds and backfills, correct under a non-superuser owner, as production must use
-- (ADR 0180). The backfills of migrations 0033 (team calendar) and 0037 (workshop list counts) ran
-- `SELECT ...rebuild(id) FROM companies` as the owner with no tenant set; `companies` forces row-level
-- security with policies for app_user (of which the owner is a member), so they found no company and
-- wrote nothing: the team calendar showed nobody away on the days of holidays approved before 0033,
-- and the Operations screen's list totals started from 0. The operator's rebuild statements in
-- docs/operations.md did the same, and `app_team_calendar_rebuild` given a company id read no
-- request of it as the owner, so it emptied that company's summary.
--
-- `app_team_calendar_rebuild` now sets the company's tenant and calls the rebuild of 0041 (renamed
-- `app_team_calendar_rebuild_rows`), as `app_workshop_list_counts_rebuild` already read in it; and
-- `app_summaries_rebuild_all()` lists the companies as `companies_read` lets a developer (the rollover
-- timer's way, ADR 0180), then rebuilds both summaries of each. Owner only. A superuser's calls work
-- the same (it bypasses the policies).
ALTER FUNCTION app_team_calendar_rebuild(uuid) RENAME TO app_team_calendar_rebuild_rows;
--> statement-breakpoint
CREATE FUNCTION app_team_calendar_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  previous text := current_setting('app.company_id', true);
BEGIN
  PERFORM set_config('app.company_id', p_company::text, true);
  PERFORM app_team_calendar_rebuild_rows(p_company);
  PERFORM set_config('app.company_id', coalesce(previous, ''), true);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_team_calendar_rebuild(uuid) FROM PUBLIC;
--> statement-breakpoint
-- The operator's rebuild (docs/operations.md) and this migration's backfill: every company's team
-- calendar summary and list counts; answers the number of companies. The ids are read into an array,
-- as a developer, before any company's work changes the settings the policy reads.
CREATE FUNCTION app_summaries_rebuild_all() RETURNS integer
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  previous text := current_setting('app.role', true);
  ids uuid[];
  company uuid;
BEGIN
  PERFORM set_config('app.role', 'developer', true);
  ids := ARRAY(SELECT id FROM companies ORDER BY id);
  PERFORM set_config('app.role', coalesce(previous, ''), true);
  FOREACH company IN ARRAY ids LOOP
    PERFORM app_team_calendar_rebuild(company);
    PERFORM app_workshop_list_counts_rebuild(company);
  END LOOP;
  RETURN cardinality(ids);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_summaries_rebuild_all() FROM PUBLIC;
--> statement-breakpoint
-- What 0033 and 0037 meant to do (a rebuild of a right summary writes the same rows again).
SELECT app_summaries_rebuild_all();
