CREATE TABLE "leave_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_record_id" uuid NOT NULL,
	"holiday_year_start" date NOT NULL,
	"kind" text NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leave_ledger_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "carry_over_cap_days" numeric(5, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "carry_over_expiry_months" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "allow_negative_balance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "allowance_leave_types" text[] DEFAULT '{annual}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "approval_leave_types" text[] DEFAULT '{annual,sick,personal,maternity,paternity,study,unpaid}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_records" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "leave_ledger_entries" ADD CONSTRAINT "leave_ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ledger_entries" ADD CONSTRAINT "leave_ledger_entries_employee_record_id_employee_records_id_fk" FOREIGN KEY ("employee_record_id") REFERENCES "public"."employee_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ledger_entries" ADD CONSTRAINT "leave_ledger_entries_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_ledger_entries_once_key" ON "leave_ledger_entries" USING btree ("employee_record_id","holiday_year_start","kind") WHERE kind <> 'adjustment';--> statement-breakpoint
CREATE INDEX "leave_ledger_entries_company_year_idx" ON "leave_ledger_entries" USING btree ("company_id","holiday_year_start");--> statement-breakpoint
CREATE POLICY "leave_ledger_entries_tenant_isolation" ON "leave_ledger_entries" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON leave_ledger_entries TO app_user;
--> statement-breakpoint
-- The read cache's data version (migration 0015): ledger writes change balances.
CREATE TRIGGER leave_ledger_entries_data_version_insert AFTER INSERT ON leave_ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER leave_ledger_entries_data_version_update AFTER UPDATE ON leave_ledger_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER leave_ledger_entries_data_version_delete AFTER DELETE ON leave_ledger_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_tenant_rows_changed();
--> statement-breakpoint
-- Existing balances move into the ledger of the current holiday year (ADR 0090): the record's
-- annual_holiday_days becomes its entitlement and holiday_days_used (days taken before the product)
-- an opening balance, so every balance reads the same before and after.
WITH years AS (
  SELECT e.id, e.company_id, e.annual_holiday_days, e.holiday_days_used,
    make_date(
      extract(year FROM current_date)::int
        - CASE WHEN extract(month FROM current_date)::int < coalesce(s.holiday_year_start_month, 1) THEN 1 ELSE 0 END,
      coalesce(s.holiday_year_start_month, 1), 1) AS year_start
  FROM employee_records e LEFT JOIN company_settings s ON s.company_id = e.company_id
)
INSERT INTO leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason)
SELECT company_id, id, year_start, 'entitlement', annual_holiday_days,
  'Holiday year from ' || to_char(year_start, 'YYYY-MM-DD') || ': ' || annual_holiday_days::text || ' days (from the employee record)'
FROM years
UNION ALL
SELECT company_id, id, year_start, 'opening_balance', -holiday_days_used,
  'Days taken before the ledger (from the employee record)'
FROM years WHERE holiday_days_used <> 0;
