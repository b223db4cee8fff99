CREATE TABLE "team_calendar_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "team_calendar_days_pkey" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
ALTER TABLE "team_calendar_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "team_calendar_people" (
	"company_id" uuid NOT NULL,
	"employee_record_id" uuid NOT NULL,
	"day" date NOT NULL,
	"request_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	CONSTRAINT "team_calendar_people_pkey" PRIMARY KEY("employee_record_id","day")
);
--> statement-breakpoint
ALTER TABLE "team_calendar_people" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "team_calendar_days" ADD CONSTRAINT "team_calendar_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD CONSTRAINT "team_calendar_people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_calendar_people" ADD CONSTRAINT "team_calendar_people_employee_record_id_employee_records_id_fk" FOREIGN KEY ("employee_record_id") REFERENCES "public"."employee_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_calendar_people_day_idx" ON "team_calendar_people" USING btree ("company_id","day",full_name collate "und-x-icu","employee_record_id");--> statement-breakpoint
CREATE POLICY "team_calendar_days_tenant_isolation" ON "team_calendar_days" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "team_calendar_people_tenant_isolation" ON "team_calendar_people" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);