/** The Better Auth instance: sessions, sign-in, sign-out, email verification and password hashing. */
import { randomUUID } from 'node:crypto';
import { RESET_PASSWORD_TOKEN_TTL_SECONDS } from '@hr/shared/auth/recovery.schemas';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import type { Db } from '../../db/client.ts';
import { authAccounts, authSessions, authUsers, authVerifications } from '../../db/schema/auth.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { enqueueEmail } from '../email/email.service.ts';
import type { EmailQueue } from '../email/email-worker.ts';
import { profileCompanyOf } from './recovery.service.ts';
import { resetPasswordLink } from './recovery-mail.ts';

/** Better Auth reads the client IP from this header, which only our own wrapper sets. */
export const CLIENT_IP_HEADER = 'x-hr-client-ip';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  /** The durable email queue (ADR 0095): the password reset goes through it. */
  emailQueue: EmailQueue;
  /** In production only PUBLIC_URL's own origin is trusted (no loopback aliases). */
  production?: boolean;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a sign-in may come from: PUBLIC_URL's, and outside production its loopback aliases
 * (http://127.0.0.1:3000 and http://[::1]:3000 when PUBLIC_URL says http://localhost:3000): one
 * machine, the same server, whichever name the browser was given.
 */
export function trustedOriginsOf(publicUrl: string, production: boolean): string[] {
  const url = new URL(publicUrl);
  if (production || !LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)].filter(
    (origin, i, all) => all.indexOf(origin) === i,
  );
}

export function createAuth({ db, secret, publicUrl, mailer, emailQueue, production = false }: AuthOptions) {
  return betterAuth({
    appName: 'Northwind HR',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins: trustedOriginsOf(publicUrl, production),
    telemetry: { enabled: false },
    logger: { level: 'error' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Password reset (ADR 0054): the link opens the SPA's reset page; one hour, single use, and a
      // reset signs the user out everywhere.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Queued (the token row is already written), then sent at once; if the process dies first, the
      // worker of any instance sends it. The user's company brands it.
      async sendResetPassword({ user, token }) {
        const id = await enqueueEmail(db, {
          companyId: await profileCompanyOf(db, user.id),
          kind: 'password_reset',
          to: user.email,
          data: { link: resetPasswordLink(publicUrl, token) },
        });
        await emailQueue.sendNow(id);
      },
    },
    emailVerification: {
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Verify your email address',
          text: `Welcome to Northwind HR. Open this link to verify your email address:\n\n${url}\n`,
          html: `<p>Welcome to Northwind HR.</p><p><a href="${url}">Verify your email address</a></p>`,
          link: url,
        });
      },
    },
    // Our own per-email limits (stored in the database) guard sign-up and sign-in; see ADR 0003.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: 'hr',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
