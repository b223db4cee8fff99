-- The job schedule is a tenant table: the serving role may use it, and RLS holds for its owner too.
GRANT SELECT, INSERT, UPDATE, DELETE ON workshop_job_schedules TO app_user;
--> statement-breakpoint
ALTER TABLE workshop_job_schedules FORCE ROW LEVEL SECURITY;
