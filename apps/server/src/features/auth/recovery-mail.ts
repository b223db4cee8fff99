/** The password reset email: a link to the SPA's reset page, valid one hour, once (ADR 0054). */
import { RESET_PASSWORD_PATH } from '@hr/shared/auth/recovery.schemas';
import type { MailMessage } from '../../integrations/mail/mailer.ts';

export function resetPasswordLink(publicUrl: string, token: string): string {
  const url = new URL(RESET_PASSWORD_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

export function resetPasswordMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = resetPasswordLink(publicUrl, token);
  return {
    to,
    subject: 'Reset your Northwind HR password',
    text:
      'We received a request to reset the password of your Northwind HR account.\n\n' +
      `Open this link within one hour to choose a new password (it works once):\n\n${link}\n\n` +
      'If you did not ask for this, you can ignore this email: your password stays as it is.\n',
    html:
      '<p>We received a request to reset the password of your Northwind HR account.</p>' +
      `<p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p>` +
      '<p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>',
    link,
  };
}
