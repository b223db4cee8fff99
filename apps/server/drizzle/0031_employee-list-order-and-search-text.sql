DROP INDEX "employee_records_company_created_idx";--> statement-breakpoint
DROP INDEX "employee_records_search_trgm_idx";--> statement-breakpoint
DROP INDEX "leave_ledger_entries_company_year_idx";--> statement-breakpoint
ALTER TABLE "employee_records" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("full_name" || chr(31) || "email" || chr(31) || "employee_number" || chr(31) || "position" || chr(31) || coalesce("department", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "employee_records_company_order_idx" ON "employee_records" USING btree ("company_id","created_at","employee_number","id","end_date");--> statement-breakpoint
CREATE INDEX "leave_ledger_entries_company_year_employee_idx" ON "leave_ledger_entries" USING btree ("company_id","holiday_year_start","employee_record_id");