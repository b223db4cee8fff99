-- The serving role. Requests switch to it inside their transaction (SET LOCAL ROLE), so row-level
-- security applies to every product query. Roles are cluster-wide: create it only once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT app_user TO CURRENT_USER;
