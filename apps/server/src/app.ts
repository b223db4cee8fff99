/** Builds the Hono app: middleware, the auth and product routers, the SPA. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { UPLOAD_BODY_MAX_BYTES } from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { ERROR_CODES } from '@hr/shared/errors';
import { IMPORT_MAX_BYTES } from '@hr/shared/hr/employee-import';
import { IMAGE_MAX_BYTES } from '@hr/shared/image-upload';
import type { Db, Listen } from './db/client.ts';
import type { Env } from './env.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { type Auth, createAuth } from './features/auth/auth.ts';
import { calendarFeedsRoutes, icalRoutes } from './features/calendar-feeds/calendar-feeds.routes.ts';
import { cloudStorageRoutes } from './features/cloud-storage/cloud-storage.routes.ts';
import { companiesRoutes } from './features/companies/companies.routes.ts';
import { companyRoutes } from './features/company/company.routes.ts';
import { crossAppExchangeRoutes, crossAppRoutes } from './features/cross-app/cross-app.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { emailPreferencesRoutes } from './features/email/email.routes.ts';
import { createEmailQueue, type EmailQueue } from './features/email/email-worker.ts';
import { employeesRoutes } from './features/employees/employees.routes.ts';
import { importTooLarge } from './features/employees/import-csv.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { holidaysRoutes } from './features/holidays/holidays.routes.ts';
import { hubspotRoutes } from './features/hubspot/hubspot.routes.ts';
import { invitationPublicRoutes } from './features/invitations/invitations.routes.ts';
import { leaveRoutes } from './features/leave/leave.routes.ts';
import { calendarDaysRoutes } from './features/leave-calendar/calendar-days.routes.ts';
import { meRoutes } from './features/me/me.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { securityEventsRoutes } from './features/security-events/security-events.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { slackRoutes } from './features/slack/slack.routes.ts';
import { slackInteractionRoutes } from './features/slack-approvals/slack-approvals.routes.ts';
import { sendApprovalMessageInBackground } from './features/slack-approvals/slack-approvals.service.ts';
import { workshopRoutes } from './features/workshop/workshop.routes.ts';
import { apiRouter } from './http/api-route.ts';
import type { AppEnv } from './http/app-env.ts';
import { compressResponses } from './http/compression.ts';
import { csrfGuard } from './http/csrf.ts';
import { errorBody, handleError } from './http/error-handler.ts';
import { apiBodyLimit, type BodyLimitRule, rejectNulInUrl } from './http/input-guards.ts';
import { openApiRoutes } from './http/openapi/openapi.routes.ts';
import { createReadCache } from './http/read-cache.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { requireSession } from './http/session.ts';
import { spaRoutes } from './http/spa.ts';
import { createDriveClient } from './integrations/google-drive/drive-client.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createGraphClient } from './integrations/microsoft-graph/graph-client.ts';
import { createSecretBox } from './integrations/secret-box.ts';
import { createSlackClient } from './integrations/slack/slack-client.ts';
import { imageTooLarge } from './integrations/storage/image-upload.ts';
import { storageRoutes } from './integrations/storage/storage.routes.ts';
import { createStorage } from './integrations/storage/storage-factory.ts';
import type { StoragePort } from './integrations/storage/storage-port.ts';
import type { Logger } from './logger.ts';
import { defaultWebDist } from './paths.ts';
import { createNotificationHub, type NotificationHub } from './realtime/notification-hub.ts';

/**
 * The routes whose bodies may pass the 1 MB default (every other /api body is refused above it):
 * files sent as base64 JSON, and the multipart image uploads with their own message.
 */
export const BODY_LIMIT_RULES: BodyLimitRule[] = [
  { method: 'POST', path: /^\/api\/v1\/documents$/, maxSize: UPLOAD_BODY_MAX_BYTES },
  { method: 'POST', path: /^\/api\/v1\/cloud-storage\/[^/]+\/files$/, maxSize: UPLOAD_BODY_MAX_BYTES },
  {
    method: 'POST',
    path: /^\/api\/v1\/(company\/logo|profile\/avatar)$/,
    maxSize: IMAGE_MAX_BYTES + 64 * 1024,
    error: imageTooLarge,
  },
  // The employee import's CSV file (ADR 0097), with room for the multipart framing.
  {
    method: 'POST',
    path: /^\/api\/v1\/employees\/import$/,
    maxSize: IMPORT_MAX_BYTES + 64 * 1024,
    error: importTooLarge,
  },
];

export interface AppDeps {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** LISTEN on the database (Database.listen): feeds the live notification streams. */
  listen: Listen;
  /** Defaults to the adapter STORAGE_DRIVER names. */
  storage?: StoragePort;
  /** How often an open notification stream re-checks its session (default 25 s; tests shorten it). */
  streamSessionCheckMs?: number;
}

/** Slack, OneDrive, Google Drive and cross-app settings, all from the environment. */
function integrationDeps(db: Db, env: Env, storage: StoragePort | undefined, logger: Logger) {
  const secretBox = createSecretBox(env.AUTH_SECRET);
  const redirectUri = new URL('/auth/callback', env.PUBLIC_URL).toString();
  const slack = createSlackClient({
    clientId: env.SLACK_CLIENT_ID,
    clientSecret: env.SLACK_CLIENT_SECRET,
    apiUrl: env.SLACK_API_URL,
    oauthUrl: env.SLACK_OAUTH_URL,
  });
  const drives = {
    microsoft: createGraphClient({
      clientId: env.MICROSOFT_CLIENT_ID,
      clientSecret: env.MICROSOFT_CLIENT_SECRET,
      loginUrl: env.MICROSOFT_LOGIN_URL,
      graphUrl: env.MICROSOFT_GRAPH_URL,
    }),
    google: createDriveClient({
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL,
      oauthUrl: env.GOOGLE_OAUTH_URL,
      apiUrl: env.GOOGLE_API_URL,
    }),
  };
  const cloud = { db, secretBox, drives, redirectUri };
  return {
    slack: { db, slack, secretBox, redirectUri },
    slackApprovals: {
      db,
      slack,
      secretBox,
      botToken: env.SLACK_BOT_TOKEN,
      signingSecret: env.SLACK_SIGNING_SECRET,
      logger,
    },
    cloud,
    documents: { ...cloud, storage },
    crossApp: { db, urls: { crm: env.CRM_APP_URL, hr: env.HR_APP_URL }, publicUrl: env.PUBLIC_URL },
    hubspot: { tokenConfigured: Boolean(env.HUBSPOT_ACCESS_TOKEN) },
  };
}

export function createApp({
  db,
  env,
  logger,
  mailer,
  listen,
  storage: givenStorage,
  streamSessionCheckMs,
}: AppDeps): {
  app: OpenAPIHono<AppEnv>;
  auth: Auth;
  hub: NotificationHub;
  storage: StoragePort;
  emailQueue: EmailQueue;
} {
  // The email queue's worker (ADR 0095); main.ts starts its listener and sweep, tests drain it.
  const emailQueue = createEmailQueue({
    db,
    mailer,
    logger,
    listen,
    publicUrl: env.PUBLIC_URL,
    options: {
      leaseSeconds: env.EMAIL_LEASE_SECONDS,
      maxAttempts: env.EMAIL_MAX_ATTEMPTS,
      retryBaseSeconds: env.EMAIL_RETRY_BASE_SECONDS,
      sweepSeconds: env.EMAIL_SWEEP_SECONDS,
      retentionDays: env.EMAIL_RETENTION_DAYS,
    },
  });
  const auth = createAuth({
    db,
    secret: env.AUTH_SECRET,
    publicUrl: env.PUBLIC_URL,
    mailer,
    emailQueue,
    production: env.NODE_ENV === 'production',
  });
  const deps = {
    db,
    auth,
    trustProxy: env.TRUST_PROXY,
    readCache: createReadCache(),
    ipRateLimits: { signIn: env.RATE_LIMIT_IP_SIGNIN, signUp: env.RATE_LIMIT_IP_SIGNUP },
  };
  const storage = givenStorage ?? createStorage(env);
  const hub = createNotificationHub(listen, logger);
  const integrations = integrationDeps(db, env, storage, logger);

  // Product endpoints: every one sits behind the session middleware.
  const v1 = apiRouter(requireSession(deps));
  v1.route('/me', meRoutes(deps));
  // A request newly waiting for a line manager (submitted, or moved to a new one): their Slack message.
  const onPendingRequest = (companyId: string, requestId: string) =>
    sendApprovalMessageInBackground(integrations.slackApprovals, companyId, requestId);
  v1.route('/employees', employeesRoutes({ ...deps, onPendingRequest }));
  v1.route('/holidays', holidaysRoutes({ ...deps, onPendingRequest }));
  v1.route('/leave', leaveRoutes(deps));
  v1.route('/reports', reportsRoutes({ db }));
  v1.route('/workshop', workshopRoutes(deps));
  v1.route('/settings', settingsRoutes(deps));
  // After Settings: its gates (super admin, Settings at View) run first for /settings/* (ADR 0086).
  v1.route('/settings/calendar-days', calendarDaysRoutes({ db }));
  v1.route('/settings/audit-events', auditRoutes({ db }));
  v1.route('/company', companyRoutes({ db, storage }));
  v1.route('/profile', profileRoutes({ db, storage, onPendingRequest }));
  v1.route('/profile/email-preferences', emailPreferencesRoutes({ db }));
  v1.route('/companies', companiesRoutes(deps));
  v1.route('/security-events', securityEventsRoutes({ db }));
  v1.route(
    '/notifications',
    notificationsRoutes({
      db,
      hub,
      ...(streamSessionCheckMs ? { sessionCheckMs: streamSessionCheckMs } : {}),
    }),
  );
  v1.route('/slack', slackRoutes(integrations.slack));
  v1.route('/cloud-storage', cloudStorageRoutes(integrations.cloud));
  v1.route('/documents', documentsRoutes(integrations.documents));
  v1.route('/cross-app', crossAppRoutes(integrations.crossApp));
  v1.route('/hubspot', hubspotRoutes(integrations.hubspot));
  v1.route('/calendar-feeds', calendarFeedsRoutes({ db, publicUrl: env.PUBLIC_URL }));

  const app = apiRouter();
  // The benchmark's ceiling: registered before every middleware, so nothing but routing runs.
  if (env.BENCH_CEILING) app.get('/api/bench/ceiling', (c) => c.json({ ok: true }));
  app.use('*', requestContext(logger));
  // Outside the security headers: it sees every answer complete, and copies its headers as they are.
  app.use('*', compressResponses());
  app.use('*', securityHeaders);
  app.onError(handleError);
  // Before the session, Better Auth and every handler: nothing reads a body over its limit or a %00.
  app.use('/api/*', rejectNulInUrl);
  app.use('/api/*', apiBodyLimit(BODY_LIMIT_RULES));
  app.use('/api/*', csrfGuard(env.PUBLIC_URL));
  app.route('/api/health', healthRoutes(db));
  // Public, like health: generated from the route declarations on first request (ADR 0075).
  app.route(
    '/api/openapi.json',
    openApiRoutes({
      app: () => app,
      sessionCookieName: async () => (await auth.$context).authCookies.sessionToken.name,
      publicUrl: env.PUBLIC_URL,
    }),
  );
  app.route('/api/auth', authRoutes(deps));
  // An invitation link is opened without a session (ADR 0101).
  app.route('/api/invitations', invitationPublicRoutes(deps));
  // Redeemed server-to-server by the sister app, without a session: before the guarded v1 router.
  app.route('/api/v1/cross-app/exchange', crossAppExchangeRoutes(integrations.crossApp));
  // Calendar apps fetch the feeds without a session: the secret URL is the credential (ADR 0099).
  app.route('/api/ical', icalRoutes({ db, trustProxy: env.TRUST_PROXY }));
  // Slack's clicks carry its signature, not a session (ADR 0100).
  app.route('/api/slack/interactions', slackInteractionRoutes(integrations.slackApprovals));
  app.route('/api/v1', v1);
  app.route('/api/storage', storageRoutes(storage));
  app.all('/api/*', (c) => c.json(errorBody(ERROR_CODES.NOT_FOUND, 'Not found.'), 404));
  app.route('/', spaRoutes(env.WEB_DIST_DIR ?? defaultWebDist));
  return { app, auth, hub, storage, emailQueue };
}
