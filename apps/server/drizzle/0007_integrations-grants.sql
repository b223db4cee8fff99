-- OAuth states are tenant rows the serving role reads and writes under RLS. Cross-app codes are
-- redeemed without a session, so only the server's own connection touches them (no grant).
GRANT SELECT, INSERT, UPDATE, DELETE ON oauth_states TO app_user;
--> statement-breakpoint
ALTER TABLE oauth_states FORCE ROW LEVEL SECURITY;
