CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"trading_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_name" text NOT NULL,
	"trading_name" text,
	"logo_url" text,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_details" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"round_rsp_to_whole_numbers" boolean DEFAULT false NOT NULL,
	"cloud_storage_enabled" boolean DEFAULT false NOT NULL,
	"primary_cloud_provider" text DEFAULT 'supabase' NOT NULL,
	"cloud_storage_folder_structure" text DEFAULT 'company/department/date' NOT NULL,
	"full_time_hours_per_day" numeric(4, 1) DEFAULT 7.5 NOT NULL,
	"annual_holiday_days_entitlement" numeric(5, 1) DEFAULT 28 NOT NULL,
	"holiday_year_start_month" integer DEFAULT 1 NOT NULL,
	"holiday_year_end_month" integer DEFAULT 12 NOT NULL,
	"financial_year_start_month" integer DEFAULT 4 NOT NULL,
	"financial_year_end_month" integer DEFAULT 3 NOT NULL,
	"working_days_pattern" text[] DEFAULT '{monday,tuesday,wednesday,thursday,friday}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"first_login_completed" boolean DEFAULT false NOT NULL,
	"full_name" text,
	"email" text NOT NULL,
	"position" text,
	"line_manager" uuid,
	"avatar_url" text,
	"is_line_manager" boolean DEFAULT false NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sections" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"access_level" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "employee_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"position" text NOT NULL,
	"department" text,
	"employee_number" text NOT NULL,
	"start_date" date NOT NULL,
	"annual_holiday_days" numeric(5, 1) DEFAULT 28 NOT NULL,
	"holiday_days_used" numeric(5, 1) DEFAULT 0 NOT NULL,
	"holiday_days_remaining" numeric(5, 1) GENERATED ALWAYS AS (annual_holiday_days - holiday_days_used) STORED,
	"line_manager_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "holiday_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_record_id" uuid NOT NULL,
	"user_id" uuid,
	"line_manager_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"holiday_type" text DEFAULT 'annual' NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"working_days" numeric(5, 1) NOT NULL,
	"days_requested" numeric(5, 1) NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewer_comments" text
);
--> statement-breakpoint
ALTER TABLE "holiday_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "cloud_storage_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"provider" text NOT NULL,
	"file_path" text,
	"file_name" text,
	"operation_status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_storage_audit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "cloud_storage_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"encrypted_tokens" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_storage_configurations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_storage_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"storage_location" text DEFAULT 'supabase' NOT NULL,
	"cloud_folder_path" text
);
--> statement-breakpoint
ALTER TABLE "document_storage_policies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "slack_user_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slack_username" text,
	"is_oauth_connected" boolean DEFAULT false NOT NULL,
	"team_name" text,
	"encrypted_access_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slack_user_mappings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"company_id" uuid,
	"email" text,
	"ip_address" text,
	"user_agent" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bom_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_code" text,
	"product_name" text,
	"c1" text,
	"q1" numeric(10, 2),
	"c2" text,
	"q2" numeric(10, 2),
	"c3" text,
	"q3" numeric(10, 2),
	"c4" text,
	"q4" numeric(10, 2),
	"c5" text,
	"q5" numeric(10, 2),
	"c6" text,
	"q6" numeric(10, 2),
	"c7" text,
	"q7" numeric(10, 2),
	"c8" text,
	"q8" numeric(10, 2),
	"c9" text,
	"q9" numeric(10, 2),
	"c10" text,
	"q10" numeric(10, 2),
	"c11" text,
	"q11" numeric(10, 2),
	"c12" text,
	"q12" numeric(10, 2),
	"c13" text,
	"q13" numeric(10, 2),
	"c14" text,
	"q14" numeric(10, 2),
	"c15" text,
	"q15" numeric(10, 2),
	"c16" text,
	"q16" numeric(10, 2),
	"c17" text,
	"q17" numeric(10, 2),
	"c18" text,
	"q18" numeric(10, 2),
	"c19" text,
	"q19" numeric(10, 2),
	"c20" text,
	"q20" numeric(10, 2),
	"sop_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bom_products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "component_database" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"component" text NOT NULL,
	"quantity_on_hand" numeric(12, 2) DEFAULT 0 NOT NULL,
	"vendor" text
);
--> statement-breakpoint
ALTER TABLE "component_database" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_date" date,
	"notes" text,
	"quantity_required" integer DEFAULT 1 NOT NULL,
	"work_order_number" text NOT NULL,
	"parts_procurement_status" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issued" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_auth_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_records" ADD CONSTRAINT "employee_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_records" ADD CONSTRAINT "employee_records_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_records" ADD CONSTRAINT "employee_records_line_manager_id_auth_users_id_fk" FOREIGN KEY ("line_manager_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD CONSTRAINT "holiday_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD CONSTRAINT "holiday_requests_employee_record_id_employee_records_id_fk" FOREIGN KEY ("employee_record_id") REFERENCES "public"."employee_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD CONSTRAINT "holiday_requests_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD CONSTRAINT "holiday_requests_line_manager_id_auth_users_id_fk" FOREIGN KEY ("line_manager_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_requests" ADD CONSTRAINT "holiday_requests_reviewed_by_auth_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_storage_audit" ADD CONSTRAINT "cloud_storage_audit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_storage_configurations" ADD CONSTRAINT "cloud_storage_configurations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_storage_policies" ADD CONSTRAINT "document_storage_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_user_mappings" ADD CONSTRAINT "slack_user_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_user_mappings" ADD CONSTRAINT "slack_user_mappings_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_products" ADD CONSTRAINT "bom_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_database" ADD CONSTRAINT "component_database_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_product_id_bom_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."bom_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_issued_by_auth_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_id_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "company_details_company_id_key" ON "company_details" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invitations_company_id_idx" ON "invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "profiles_company_id_idx" ON "profiles" USING btree ("company_id","full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "user_permissions_user_section_company_key" ON "user_permissions" USING btree ("user_id","section_id","company_id");--> statement-breakpoint
CREATE INDEX "user_permissions_company_id_idx" ON "user_permissions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_records_company_number_key" ON "employee_records" USING btree ("company_id","employee_number");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_records_company_user_key" ON "employee_records" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "employee_records_company_created_idx" ON "employee_records" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "holiday_requests_user_idx" ON "holiday_requests" USING btree ("company_id","user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "holiday_requests_manager_pending_idx" ON "holiday_requests" USING btree ("company_id","line_manager_id","submitted_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "holiday_requests_calendar_idx" ON "holiday_requests" USING btree ("company_id","status","start_date","end_date");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_storage_audit_company_idx" ON "cloud_storage_audit" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_storage_configurations_company_provider_key" ON "cloud_storage_configurations" USING btree ("company_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "document_storage_policies_company_type_key" ON "document_storage_policies" USING btree ("company_id","document_type");--> statement-breakpoint
CREATE UNIQUE INDEX "slack_user_mappings_user_key" ON "slack_user_mappings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "security_events_created_at_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_email_idx" ON "security_events" USING btree ("email");--> statement-breakpoint
CREATE INDEX "bom_products_company_idx" ON "bom_products" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "component_database_company_part_key" ON "component_database" USING btree ("company_id","part_number");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_company_number_key" ON "work_orders" USING btree ("company_id","work_order_number");--> statement-breakpoint
CREATE INDEX "work_orders_company_status_idx" ON "work_orders" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE POLICY "companies_read" ON "companies" AS PERMISSIVE FOR SELECT TO "app_user" USING (id = nullif(current_setting('app.company_id', true), '')::uuid or current_setting('app.role', true) = 'developer');--> statement-breakpoint
CREATE POLICY "companies_create" ON "companies" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "companies_write" ON "companies" AS PERMISSIVE FOR UPDATE TO "app_user" USING (id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "company_details_tenant_isolation" ON "company_details" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "company_settings_tenant_isolation" ON "company_settings" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invitations_tenant_isolation" ON "invitations" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "profiles_tenant_isolation" ON "profiles" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid or id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid or id = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "user_permissions_tenant_isolation" ON "user_permissions" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "user_permissions_own_read" ON "user_permissions" AS PERMISSIVE FOR SELECT TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "user_roles_tenant_isolation" ON "user_roles" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid or exists (select 1 from profiles p where p.id = user_id and p.company_id = nullif(current_setting('app.company_id', true), '')::uuid)) WITH CHECK (exists (select 1 from profiles p where p.id = user_id and p.company_id = nullif(current_setting('app.company_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "employee_records_tenant_isolation" ON "employee_records" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "holiday_requests_tenant_isolation" ON "holiday_requests" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notifications_tenant_isolation" ON "notifications" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "cloud_storage_audit_tenant_isolation" ON "cloud_storage_audit" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "cloud_storage_configurations_tenant_isolation" ON "cloud_storage_configurations" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_storage_policies_tenant_isolation" ON "document_storage_policies" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "slack_user_mappings_tenant_isolation" ON "slack_user_mappings" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "bom_products_tenant_isolation" ON "bom_products" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "component_database_tenant_isolation" ON "component_database" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "work_orders_tenant_isolation" ON "work_orders" AS PERMISSIVE FOR ALL TO "app_user" USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);