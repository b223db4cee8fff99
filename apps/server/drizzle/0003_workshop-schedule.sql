CREATE TABLE "workshop_job_schedules" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"job_order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "workshop_job_schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workshop_job_schedules" ADD CONSTRAINT "workshop_job_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_job_schedules" ADD CONSTRAINT "workshop_job_schedules_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_company_open_idx" ON "work_orders" USING btree ("company_id","created_at" DESC NULLS LAST) WHERE "work_orders"."status" <> 'completed';--> statement-breakpoint
CREATE POLICY "workshop_job_schedules_tenant_isolation" ON "workshop_job_schedules" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);