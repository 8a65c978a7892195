import type { Config } from '@barber/backend/config';
import nodemailer, { type Transporter } from 'nodemailer';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send: (mail: Mail) => Promise<{ messageId: string }>;
}

/** Where the mailer says what it did: the worker's pino logger (its level follows LOG_LEVEL). */
export interface MailLog {
  info: (obj: object, msg?: string) => void;
}

/** One transport per configuration: SMTP connections are pooled by nodemailer, not made per email. */
const transports = new WeakMap<object, Transporter>();

/**
 * The email transport of a configuration: SMTP at SMTP_URL through nodemailer, or, without SMTP_URL,
 * a transport that only logs, through the injected logger, that a message would be sent (development
 * and demos send nothing). Without a logger nothing is logged.
 */
export function mailerOf(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, logger?: MailLog): Mailer {
  let transport = transports.get(config);
  if (!transport) {
    transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ jsonTransport: true });
    transports.set(config, transport);
  }
  const send = transport;
  return {
    send: async (mail) => {
      const info = await send.sendMail({ from: config.MAIL_FROM, ...mail });
      // Never the text: it can hold a password-reset link, and logs are read by more people than mailboxes.
      if (!config.SMTP_URL) logger?.info({ to: mail.to, subject: mail.subject }, 'email not sent (SMTP_URL not set)');
      return { messageId: info.messageId };
    },
  };
}
