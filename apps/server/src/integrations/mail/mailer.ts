/** Sends mail over SMTP_URL; without it, writes each message to DATA_DIR/outbox and logs its link. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, kept for the outbox and the log. */
  link?: string;
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
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(options.outboxDir, `${Date.now()}-${safeTo}.json`);
      await writeFile(file, JSON.stringify({ from: options.from, ...message }, null, 2));
      options.logger.info(
        { to: message.to, link: message.link, file },
        'mail written to outbox (no SMTP_URL)',
      );
    },
  };
}
