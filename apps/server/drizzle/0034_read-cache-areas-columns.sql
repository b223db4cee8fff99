DROP INDEX "holiday_requests_manager_pending_idx";--> statement-breakpoint
ALTER TABLE "company_data_changes" ADD COLUMN "people_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_data_changes" ADD COLUMN "company_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_data_changes" ADD COLUMN "requests_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_data_changes" ADD COLUMN "leave_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_data_changes" ADD COLUMN "workshop_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_data_changes" ADD COLUMN "other_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "holiday_requests_pending_idx" ON "holiday_requests" USING btree ("company_id","employee_record_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "holiday_requests_approved_end_idx" ON "holiday_requests" USING btree ("company_id","end_date","start_date") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "leave_ledger_entries_employee_year_idx" ON "leave_ledger_entries" USING btree ("employee_record_id","holiday_year_start");