import type { Tx } from '../db/connect';
import { endWaitlistsOf } from '../waitlist/commands';

/**
 * A verified barber's user becomes a barber, when a customer (an administrator with a barber profile stays an
 * administrator). A barber cannot book: their open waitlist entries end. Answers whether entries ended (the caller
 * announces the appends after its commit: announceAppend).
 */
export async function promoteToBarber(tx: Tx, userId: number): Promise<boolean> {
  const [promoted] = await tx`
    UPDATE users SET role = 'barber', updated_at = now() WHERE id = ${userId} AND role = 'customer' RETURNING id`;
  return promoted ? (await endWaitlistsOf(tx, userId)) > 0 : false;
}
