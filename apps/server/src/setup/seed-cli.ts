import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { withDatabaseStartupErrors } from '../db/connection-errors.ts';
import { runMigrations } from '../db/migrate.ts';
import { loadEnv } from '../env.ts';
import { createAuth } from '../features/auth/auth.ts';
import { createEmailQueue } from '../features/email/email-worker.ts';
import { createMailer } from '../integrations/mail/mailer.ts';
import { createStorage } from '../integrations/storage/storage-factory.ts';
import { createLogger } from '../logger.ts';
import { runEntryPoint, StartupError } from '../startup-error.ts';
import { seedDemoIfEmpty } from './seed.ts';

await runEntryPoint(async () => {
  const env = loadEnv();
  // Demo data never exists in production: its accounts share a published password.
  if (env.NODE_ENV === 'production') {
    throw new StartupError(
      'Refusing to seed: demo data is never written with NODE_ENV=production (the demo accounts share a published password).',
    );
  }
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  await withDatabaseStartupErrors(env.DATABASE_URL, () => runMigrations(database));
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    logger,
  });
  // Never started here: whatever the seed queues is sent by the server's worker.
  const emailQueue = createEmailQueue({
    db: database.db,
    mailer,
    logger,
    listen: database.listen,
    publicUrl: env.PUBLIC_URL,
  });
  const auth = createAuth({
    db: database.db,
    secret: env.AUTH_SECRET,
    publicUrl: env.PUBLIC_URL,
    mailer,
    emailQueue,
  });
  const seeded = await seedDemoIfEmpty(database.db, auth, createStorage(env));
  await database.close();
  console.log(seeded ? 'Demo data seeded.' : 'The database already has users; nothing seeded.');
});
