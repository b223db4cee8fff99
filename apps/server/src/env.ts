/** The only reader of process.env: parsed and validated once at startup. */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './startup-error.ts';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL: the listener's own direct connection for LISTEN/NOTIFY (live notifications), which a
   * transaction pooler such as PgBouncer cannot carry. Defaults to DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** Off behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21). */
  DATABASE_PREPARED_STATEMENTS: booleanFlag(true),
  AUTH_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Northwind HR <no-reply@localhost>'),
  /** The email queue (ADR 0095): how long a claim holds a message; longer than one SMTP send. */
  EMAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Failed sends of one message before it is marked failed. */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The first retry's delay; each next one doubles (capped at an hour). */
  EMAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often each instance looks for due mail without being woken by NOTIFY. */
  EMAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Sent and failed mail is deleted from the queue this many days after it was queued. */
  EMAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  SLACK_API_URL: z.string().url().default('https://slack.com/api/'),
  SLACK_OAUTH_URL: z.string().url().default('https://slack.com/oauth/v2/authorize'),
  /** The Slack app's signing secret: POST /api/slack/interactions is refused (503) without it (ADR 0100). */
  SLACK_SIGNING_SECRET: z.string().min(1).optional(),
  /** The Slack app's bot token (xoxb-…): sends the approval direct messages; none are sent without it. */
  SLACK_BOT_TOKEN: z.string().min(1).optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_GRAPH_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
  MICROSOFT_LOGIN_URL: z.string().url().default('https://login.microsoftonline.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_API_URL: z.string().url().default('https://www.googleapis.com'),
  GOOGLE_OAUTH_URL: z.string().url().default('https://oauth2.googleapis.com'),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(true),
  S3_PUBLIC_URL: z.string().url().optional(),
  HUBSPOT_ACCESS_TOKEN: z.string().optional(),
  /** Sister apps: http(s) only, their origins are the only places a cross-app return may lead. */
  CRM_APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  HR_APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  MAIN_WEBSITE_URL: z.string().url().default('https://example.com'),
  TRUST_PROXY: booleanFlag(false),
  /** Failed sign-ins per client IP per hour, across emails (ADR 0052); raise it for offices behind one NAT address. */
  RATE_LIMIT_IP_SIGNIN: z.coerce.number().int().min(1).default(100),
  /** Sign-up attempts per client IP per hour, across emails (ADR 0052). */
  RATE_LIMIT_IP_SIGNUP: z.coerce.number().int().min(1).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Development and test only: seeding is off by default in production, and refused there when asked for. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  WEB_DIST_DIR: z.string().optional(),
  /** Benchmark only: mounts GET /api/bench/ceiling, a bare handler returning a constant. */
  BENCH_CEILING: booleanFlag(false),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
};

/** The one line the server prints when production is asked to seed the demo accounts. */
export const SEED_DEMO_IN_PRODUCTION =
  'Refusing to start: SEED_DEMO=true is not allowed with NODE_ENV=production (the demo accounts share a published password and include a Developer); remove SEED_DEMO and create the first developer with npm run user:grant-developer -- <email>.';

/** Demo data never exists in production: off by default there, and an explicit request is refused. */
function resolveSeedDemo(parsed: z.infer<typeof envSchema>): boolean {
  if (parsed.NODE_ENV !== 'production') return parsed.SEED_DEMO ?? true;
  if (parsed.SEED_DEMO) throw new StartupError(SEED_DEMO_IN_PRODUCTION);
  return false;
}

/** The one line the server prints when production has no AUTH_SECRET. */
export const AUTH_SECRET_MISSING =
  'Refusing to start: AUTH_SECRET must be set in production (at least 32 characters); generate one with: openssl rand -base64 32';

/**
 * DATA_DIR holds PGlite's files, the development auth secret, the mail outbox and local uploads:
 * when any of them is in use it must be a writable folder, or the server refuses with one line.
 */
function assertDataDirWritable(parsed: z.infer<typeof envSchema>): void {
  const used =
    !parsed.DATABASE_URL || !parsed.AUTH_SECRET || !parsed.SMTP_URL || parsed.STORAGE_DRIVER === 'local';
  if (!used) return;
  const dir = path.resolve(parsed.DATA_DIR);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = path.join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `Refusing to start: DATA_DIR ${dir} is not a writable folder (${code}); fix its permissions or set DATA_DIR to one the server can write.`,
    );
  }
}

/** In development the auth secret is generated once and kept in DATA_DIR; production must set it. */
function resolveAuthSecret(parsed: z.infer<typeof envSchema>): string {
  if (parsed.AUTH_SECRET) return parsed.AUTH_SECRET;
  if (parsed.NODE_ENV === 'production') throw new StartupError(AUTH_SECRET_MISSING);
  const file = path.join(parsed.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Refusing to start: invalid environment: ${issues.join('; ')}`);
  }
  const parsed = result.data;
  const seedDemo = resolveSeedDemo(parsed);
  if (parsed.NODE_ENV === 'production' && !parsed.AUTH_SECRET) throw new StartupError(AUTH_SECRET_MISSING);
  assertDataDirWritable(parsed);
  return {
    ...parsed,
    SEED_DEMO: seedDemo,
    AUTH_SECRET: resolveAuthSecret(parsed),
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
  };
}
