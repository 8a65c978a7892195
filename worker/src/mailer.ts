import type { Config } from '@barber/backend/src/config';
import nodemailer from 'nodemailer';
import { pino } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send: (mail: Mail) => Promise<{ messageId: string }>;
}

const mailers = new WeakMap<object, Mailer>();
const log = pino({ name: 'mailer', level: process.env.LOG_LEVEL ?? 'info' });

/**
 * The email transport of a configuration: SMTP at SMTP_URL through nodemailer, or, without SMTP_URL,
 * a transport that only logs that a message would be sent (development and demos send nothing).
 */
export function mailerOf(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'LOG_LEVEL'>, logger: Pick<typeof log, 'info'> = log): Mailer {
  const cached = logger === log ? mailers.get(config) : undefined;
  if (cached) return cached;
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
  const mailer: Mailer = {
    send: async (mail) => {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      if (!config.SMTP_URL && config.LOG_LEVEL !== 'silent') {
        // Never the text: it can hold a password-reset link, and logs are read by more people than mailboxes.
        logger.info({ to: mail.to, subject: mail.subject }, 'email not sent (SMTP_URL not set)');
      }
      return { messageId: info.messageId };
    },
  };
  if (logger === log) mailers.set(config, mailer);
  return mailer;
}
