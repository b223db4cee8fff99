/** Boot: env -> database -> migrate -> seed (empty database) -> app -> listen. */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { assertServingRoleIsRestricted, runMigrations } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { createLogger } from './logger.ts';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const started = performance.now();

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
});
await runMigrations(database);
await assertServingRoleIsRestricted(database.db);
const mailer = createMailer({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  outboxDir: path.join(env.DATA_DIR, 'outbox'),
  logger,
});
const { app, auth, hub } = createApp({ db: database.db, env, logger, mailer, listen: database.listen });
if (env.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(database.db, auth);
  if (seeded) logger.info('demo data seeded');
}

const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  logger.info(
    { port: info.port, db: database.kind, ms: Math.round(performance.now() - started) },
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
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  await hub.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
