import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { isSealed, open, seal, secretKey } from '../accounts/secretBox';
import type { Sql, Tx } from '../db/connect';

/** What password_resets stores of a token: its SHA-256, never the token. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/*
 * A password reset link carries its one-time token, and only the token's hash is stored (passwordReset.ts).
 * Between the request and the email the link travels sealed (AES-256-GCM, secretBox.ts): in the outbox row and
 * the job. The backend and the worker share SESSION_SECRET, so the worker opens it.
 */
const keyOf = (config: Pick<Config, 'SESSION_SECRET'>) => secretKey(config.SESSION_SECRET, 'password-reset-link-v1');

export function sealResetUrl(config: Pick<Config, 'SESSION_SECRET'>, resetUrl: string): string {
  return seal(resetUrl, keyOf(config));
}

/** The link; undefined when it was sealed under another SESSION_SECRET or altered. */
export function openResetUrl(config: Pick<Config, 'SESSION_SECRET'>, sealed: string): string | undefined {
  return isSealed(sealed) ? open(sealed, keyOf(config)) : undefined;
}

/**
 * Whether the link's token can still be used: unused, unexpired, and not dropped by a newer request. A link
 * that cannot is not emailed (a job queued again long after, or overtaken by a newer one).
 */
export async function resetLinkLive(sql: Sql, resetUrl: string): Promise<boolean> {
  const token = new URL(resetUrl).searchParams.get('token') ?? '';
  const [row] = await sql`
    SELECT 1 FROM password_resets WHERE token_hash = ${hashResetToken(token)} AND used_at IS NULL AND expires_at > now()`;
  return row !== undefined;
}

/**
 * Holds, until the transaction ends, the one lock of an address's reset links: a request for a link (passwordReset.ts)
 * and a change of the account's email (accounts/commands.ts) wait for each other, whether or not an account has it.
 */
export async function lockResetsOf(tx: Tx, email: string): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`password-reset:${email.toLowerCase()}`}))`;
}
