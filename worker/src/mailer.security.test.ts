import { describe, expect, it } from 'vitest';
import { mailerOf } from './mailer';

// Issue 10 (low): without SMTP, reset tokens were written to the log with the email's text.
describe('the mailer without SMTP', () => {
  it('logs that an email would be sent, never its text (a reset link)', async () => {
    const logged: unknown[] = [];
    const mailer = mailerOf(
      { SMTP_URL: undefined, MAIL_FROM: 'x <x@example.com>' },
      { info: (...args: unknown[]) => logged.push(args) },
    );
    const text = 'Open https://barbers.example/reset-password?token=SECRET-TOKEN-123 within 60 minutes';
    await mailer.send({ to: 'someone@example.com', subject: 'Reset your password', text });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).toContain('Reset your password');
    expect(JSON.stringify(logged)).not.toContain('SECRET-TOKEN-123');
  });
});
