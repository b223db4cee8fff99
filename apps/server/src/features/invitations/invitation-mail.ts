/**
 * The invitation email (ADR 0101). `sendInvitationEmail` is the one place it is sent: today through
 * the mailer directly, as the password reset is; the durable email queue replaces its body.
 */
import { ACCEPT_INVITATION_PATH } from '@hr/shared/invitations/invitations.schemas';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';

export function invitationLink(publicUrl: string, token: string): string {
  const url = new URL(ACCEPT_INVITATION_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function invitationMail(
  publicUrl: string,
  invitation: { to: string; token: string; companyName: string; invitedBy: string; expiresAt: Date },
): MailMessage {
  const link = invitationLink(publicUrl, invitation.token);
  const until = invitation.expiresAt.toISOString().slice(0, 10);
  const company = invitation.companyName;
  return {
    to: invitation.to,
    subject: `You are invited to ${company} on Northwind HR`,
    text:
      `${invitation.invitedBy} invited you to join ${company} on Northwind HR.\n\n` +
      `Open this link to choose your password and sign in (it works once, until ${until}):\n\n${link}\n\n` +
      'If you did not expect this invitation, you can ignore this email.\n',
    html:
      `<p>${escapeHtml(invitation.invitedBy)} invited you to join <strong>${escapeHtml(company)}</strong> on Northwind HR.</p>` +
      `<p><a href="${escapeHtml(link)}">Accept the invitation and choose your password</a> (the link works once, until ${until}).</p>` +
      '<p>If you did not expect this invitation, you can ignore this email.</p>',
    link,
  };
}

export interface InvitationMailer {
  mailer: Mailer;
  publicUrl: string;
}

export async function sendInvitationEmail(
  deps: InvitationMailer,
  invitation: { to: string; token: string; companyName: string; invitedBy: string; expiresAt: Date },
): Promise<void> {
  await deps.mailer.send(invitationMail(deps.publicUrl, invitation));
}
