-- What the serving role may touch. Auth, security-event and rate-limit tables get no grant: only the
-- server's own connection (outside tenant transactions) reads and writes them.
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
GRANT SELECT ON sections TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON
  companies, company_details, company_settings, profiles, user_roles, user_permissions, invitations,
  employee_records, holiday_requests, notifications,
  bom_products, component_database, work_orders,
  cloud_storage_configurations, document_storage_policies, cloud_storage_audit, slack_user_mappings
TO app_user;
--> statement-breakpoint
-- The table owner would otherwise bypass its own policies; FORCE makes RLS hold for it too.
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_details FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_permissions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE holiday_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bom_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE component_database FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE work_orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cloud_storage_configurations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_storage_policies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cloud_storage_audit FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE slack_user_mappings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO sections (id, display_name) VALUES
  ('settings', 'Settings'),
  ('user-management', 'User Management'),
  ('company-settings', 'Company Settings'),
  ('employees', 'Employees'),
  ('financial-data', 'Financial Data'),
  ('customer-data', 'Customer Data'),
  ('slack-integration', 'Slack Integration'),
  ('inventory', 'Inventory'),
  ('orders', 'Orders'),
  ('procurement', 'Procurement'),
  ('production', 'Production'),
  ('hire-management', 'Hire Management')
ON CONFLICT (id) DO NOTHING;
