/** Builds the Hono app: middleware, the auth and product routers, the SPA. Exports AppType for the web client. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@hr/shared/errors';
import { Hono } from 'hono';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { type Auth, createAuth } from './features/auth/auth.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { meRoutes } from './features/me/me.routes.ts';
import type { AppEnv } from './http/app-env.ts';
import { errorBody, handleError } from './http/error-handler.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { requireSession } from './http/session.ts';
import { spaRoutes } from './http/spa.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Logger } from './logger.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
}

export function createApp({ db, env, logger, mailer }: AppDeps): { app: Hono<AppEnv>; auth: Auth } {
  const auth = createAuth({ db, secret: env.AUTH_SECRET, publicUrl: env.PUBLIC_URL, mailer });
  const deps = { db, auth, trustProxy: env.TRUST_PROXY };

  // Product endpoints: every one sits behind the session middleware.
  const v1 = new Hono<AppEnv>();
  v1.use('*', requireSession(deps));
  v1.route('/me', meRoutes(deps));

  const app = new Hono<AppEnv>();
  app.use('*', requestContext(logger));
  app.use('*', securityHeaders);
  app.onError(handleError);
  app.route('/api/health', healthRoutes(db));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/v1', v1);
  app.all('/api/*', (c) => c.json(errorBody(ERROR_CODES.NOT_FOUND, 'Not found.'), 404));
  app.route('/', spaRoutes(env.WEB_DIST_DIR ?? defaultWebDist));
  return { app, auth };
}

export type AppType = ReturnType<typeof createApp>['app'];
