CREATE TABLE "company_calendar_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"counts_as_leave" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_calendar_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "default_region" text DEFAULT 'england-and-wales' NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_records" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "employee_records" ADD COLUMN "working_pattern" text[];--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD COLUMN "start_half_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD COLUMN "end_half_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD COLUMN "split_group_id" uuid;--> statement-breakpoint
ALTER TABLE "company_calendar_days" ADD CONSTRAINT "company_calendar_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_calendar_days_company_date_key" ON "company_calendar_days" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "holiday_requests_split_group_idx" ON "holiday_requests" USING btree ("company_id","split_group_id") WHERE split_group_id is not null;--> statement-breakpoint
CREATE POLICY "company_calendar_days_tenant_isolation" ON "company_calendar_days" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);