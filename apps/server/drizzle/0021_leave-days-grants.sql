-- company_calendar_days is a tenant table: the serving role reads and writes it under RLS, RLS holds
-- for the owner too, and its changes move the company's data version (the read cache, migration 0015).
GRANT SELECT, INSERT, UPDATE, DELETE ON company_calendar_days TO app_user;
--> statement-breakpoint
ALTER TABLE company_calendar_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE TRIGGER company_calendar_days_data_version_insert AFTER INSERT ON company_calendar_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER company_calendar_days_data_version_update AFTER UPDATE ON company_calendar_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER company_calendar_days_data_version_delete AFTER DELETE ON company_calendar_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
