import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '../db/connect';

/**
 * The secret links of the barbers' calendar feeds (migration 019). A token is the HMAC of a random nonce
 * under the server's secret; the database keeps the nonce and the token's SHA-256 only. The settings screen
 * can so show the same link again (the server recomputes it), a request is found by the hash of its token,
 * and regenerating replaces both, which ends the old link.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`calendar-feed:${nonce}`).digest('base64url');
const newNonce = () => randomBytes(32).toString('base64url');

/** The feed's address under PUBLIC_URL (never a request's Host). */
export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
}

/** A new link for the barber; the old one stops working in the same statement. */
export async function regenerateFeedToken(sql: Sql, secret: string, barberId: number): Promise<string> {
  const nonce = newNonce();
  const token = tokenOf(secret, nonce);
  await sql`
    INSERT INTO calendar_feeds (barber_id, nonce, token_hash) VALUES (${barberId}, ${nonce}, ${hashToken(token)})
    ON CONFLICT (barber_id) DO UPDATE SET nonce = excluded.nonce, token_hash = excluded.token_hash, created_at = now()`;
  return token;
}

/**
 * A link made before the barber's sessions were last revoked (a password changed or reset, an administrator's
 * reset of the account, two-factor sign-in switched) opens nothing: it may be in the hands of whoever the account
 * was taken back from, and it shows the customers' names, phones and addresses.
 */
const REVOKED_FEED_SQL = `EXISTS (
  SELECT 1 FROM barbers b JOIN users u ON u.id = b.user_id
   WHERE b.id = calendar_feeds.barber_id AND u.sessions_valid_after >= calendar_feeds.created_at)`;

/**
 * The barber's current token, made on first use. Should the server's secret have changed since, the stored
 * hash no longer matches the recomputed token, or should the link have been revoked with the barber's sessions,
 * a new link is made (the old one cannot be shown again). Two requests that find the same dead link make one new
 * link between them: the row is replaced only if no one replaced it meanwhile, else it is read again.
 */
export async function currentFeedToken(sql: Sql, secret: string, barberId: number): Promise<string> {
  const first = newNonce();
  await sql`
    INSERT INTO calendar_feeds (barber_id, nonce, token_hash) VALUES (${barberId}, ${first}, ${hashToken(tokenOf(secret, first))})
    ON CONFLICT (barber_id) DO NOTHING`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await sql<{ nonce: string; tokenHash: string; revoked: boolean }[]>`
      SELECT nonce, token_hash AS "tokenHash", ${sql.unsafe(REVOKED_FEED_SQL)} AS revoked
        FROM calendar_feeds WHERE barber_id = ${barberId}`;
    const token = tokenOf(secret, row!.nonce);
    if (hashToken(token) === row!.tokenHash && !row!.revoked) return token;
    const nonce = newNonce();
    const fresh = tokenOf(secret, nonce);
    const replaced = await sql`
      UPDATE calendar_feeds SET nonce = ${nonce}, token_hash = ${hashToken(fresh)}, created_at = now()
       WHERE barber_id = ${barberId} AND nonce = ${row!.nonce} RETURNING barber_id`;
    if (replaced.length > 0) return fresh;
  }
  throw new Error(`The calendar feed link of barber ${barberId} kept changing while it was read`);
}

/** The barber whose feed the token opens, or undefined (unknown, replaced by a newer link, or revoked). */
export async function barberOfFeedToken(sql: Sql, token: string): Promise<number | undefined> {
  const [row] = await sql<{ barberId: number }[]>`
    SELECT barber_id AS "barberId" FROM calendar_feeds
     WHERE token_hash = ${hashToken(token)} AND NOT ${sql.unsafe(REVOKED_FEED_SQL)}`;
  return row?.barberId;
}
