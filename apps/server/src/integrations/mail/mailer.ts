/**
 * Sends mail over SMTP_URL; without it, writes each message to DATA_DIR/outbox and logs its link.
 * nodemailer is loaded with the first message sent over SMTP, not at start (ADR 0135).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lazy } from '../../lazy.ts';
import type { Logger } from '../../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, kept for the outbox and the log. */
  link?: string;
  /** The queued message's id (ADR 0095): the same message always lands under the same name. */
  id?: string;
  createdAt?: Date;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const smtp = lazy(async () => (await import('nodemailer')).default.createTransport(smtpUrl));
    return {
      async send(message) {
        const transport = await smtp();
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          // A resent message keeps its Message-ID, so a receiving server can drop the copy.
          ...(message.id ? { messageId: `<${message.id}@northwind-hr>` } : {}),
        });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      // A queued message is written under its own id: sending it again rewrites the same file.
      const name = message.id
        ? `${(message.createdAt ?? new Date()).getTime()}-${message.id}-${safeTo}.json`
        : `${Date.now()}-${safeTo}.json`;
      const file = path.join(options.outboxDir, name);
      const { createdAt: _createdAt, ...fields } = message;
      // Written aside and renamed into place: a reader of the folder never sees half a message
      // (the temporary name does not end in .json).
      const temporary = path.join(options.outboxDir, `.${name}.${randomUUID()}.tmp`);
      await writeFile(temporary, JSON.stringify({ from: options.from, ...fields }, null, 2));
      await rename(temporary, file);
      options.logger.info(
        { to: message.to, link: message.link, file },
        'mail written to outbox (no SMTP_URL)',
      );
    },
  };
}
