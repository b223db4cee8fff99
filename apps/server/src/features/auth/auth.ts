/** The Better Auth instance: sessions, sign-in, sign-out, email verification and password hashing. */
import { randomUUID } from 'node:crypto';
import { RESET_PASSWORD_TOKEN_TTL_SECONDS } from '@hr/shared/auth/recovery.schemas';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client.ts';
import { authAccounts, authSessions, authUsers, authVerifications } from '../../db/schema/auth.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { resetPasswordMail } from './recovery-mail.ts';

/** Better Auth reads the client IP from this header, which only our own wrapper sets. */
export const CLIENT_IP_HEADER = 'x-hr-client-ip';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
}

export function createAuth({ db, secret, publicUrl, mailer }: AuthOptions) {
  return betterAuth({
    appName: 'Northwind HR',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [publicUrl],
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
      async sendResetPassword({ user, token }) {
        await mailer.send(resetPasswordMail(publicUrl, user.email, token));
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
