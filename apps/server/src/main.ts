/**
 * Boot: env -> listen (answering 503 while starting) -> database (PGlite: data-folder lock first) ->
 * migrate -> RLS guard -> app -> seed (empty database, never in production) -> serve.
 *
 * The port is bound before the database is touched: a second process started by mistake fails on the
 * port (or on the data-folder lock) before it has opened, migrated or seeded anything.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { checkPostgresConnection, openDatabase } from './db/client.ts';
import { withDatabaseStartupErrors } from './db/connection-errors.ts';
import { assertServingRoleIsRestricted, runMigrations } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { startRolloverTimer } from './features/leave/leave.service.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { createLogger } from './logger.ts';
import { seedDemoIfEmpty } from './setup/seed.ts';
import { runEntryPoint, StartupError } from './startup-error.ts';
import { APP_VERSION } from './version.ts';

/** What every request gets until the app is ready: 503, so load balancers and health checks wait. */
const starting: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
  const health = req.url?.startsWith('/api/health');
  const body = health
    ? { status: 'starting', db: 'unavailable', version: APP_VERSION }
    : { error: { code: 'STARTING', message: 'The server is starting. Please try again in a moment.' } };
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
  res.end(JSON.stringify(body));
};

/** Binds the port or refuses with one line (a second process on the same port). */
async function listen(server: Server, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.removeListener('listening', onListening);
      if (err.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Refusing to start: port ${port} is already in use (is another Northwind HR process running?).`,
          ),
        );
      } else reject(err);
    };
    const onListening = () => {
      server.removeListener('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port);
  });
}

await runEntryPoint(async () => {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const started = performance.now();

  let handler: RequestListener = starting;
  // The app's listener replaces `starting` once the database is ready (what @hono/node-server's serve does).
  const server = createServer((req, res) => handler(req, res));
  await listen(server, env.PORT);

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    listenUrl: env.DATABASE_LISTEN_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
  }).catch((err: unknown) => {
    server.close();
    throw err;
  });
  // The listener's own connection (behind a transaction pooler), checked before anything is migrated.
  const listenUrl = env.DATABASE_URL ? env.DATABASE_LISTEN_URL : undefined;
  if (listenUrl) {
    await withDatabaseStartupErrors(
      listenUrl,
      () => checkPostgresConnection(listenUrl),
      'DATABASE_LISTEN_URL',
    ).catch(async (err: unknown) => {
      server.close();
      await database.close();
      throw err;
    });
  }
  // The first statements on PostgreSQL: a missing database or a stopped server is one line.
  await withDatabaseStartupErrors(env.DATABASE_URL, () => runMigrations(database));
  await assertServingRoleIsRestricted(database.db);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    logger,
  });
  const { app, auth, hub, storage, emailQueue } = createApp({
    db: database.db,
    env,
    logger,
    mailer,
    listen: database.listen,
  });
  if (env.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db, auth, storage);
    if (seeded) logger.info('demo data seeded');
  }
  handler = getRequestListener(app.fetch);
  // The holiday year turns on its own: every instance runs the (idempotent) rollover hourly (ADR 0091).
  const stopRollover = startRolloverTimer(database.db, logger);
  // The email queue's worker (ADR 0095): woken by NOTIFY after each commit that queued mail, plus a
  // periodic sweep (retries, expired claims of a dead instance, the leavers' daily emails).
  await emailQueue.start();

  const address = server.address();
  logger.info(
    {
      port: typeof address === 'object' && address ? address.port : env.PORT,
      db: database.kind,
      ms: Math.round(performance.now() - started),
    },
    'listening',
  );
  console.log(`\nNorthwind HR is running at ${env.PUBLIC_URL}`);
  if (env.SEED_DEMO) {
    console.log('Demo logins (password DemoPassw0rd!2026):');
    console.log('  owner@northwind.example (Super Admin), admin@northwind.example (Admin),');
    console.log(
      '  manager@northwind.example (line manager), alice@northwind.example, tom@northwind.example,',
    );
    console.log('  dev@northwind.example (Developer), owner@southbank.example, sam@southbank.example\n');
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    // Before the pool closes: a rollover in progress ends after its current company.
    await stopRollover();
    await emailQueue.stop();
    await hub.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
});
