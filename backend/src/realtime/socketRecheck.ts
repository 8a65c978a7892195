import type { PlatformSettings } from '@barber/shared';
import type { IncomingMessage } from 'node:http';
import { findAuthUsers, type AuthUser } from '../accounts/queries';
import type { Sql } from '../db/connect';
import { heldForTwoFactor } from '../plugins/auth';
import { addressAllowed } from '../platform/addressAllowlist';
import type { LiveSocket } from './hub';

export type HandshakeRefusal = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'TWO_FACTOR_SETUP_REQUIRED';

/**
 * Why a handshake would refuse this user now, apart from their session: gone, an administrator outside the IP
 * whitelist (it holds for the administrators' live activity too), or one held to the two-factor set-up.
 */
export function refusalOf(
  user: AuthUser | null | undefined,
  settings: Pick<PlatformSettings, 'ipWhitelist' | 'twoFactorEnabled'>,
  address: () => string,
): HandshakeRefusal | undefined {
  if (!user) return 'UNAUTHENTICATED';
  if (user.role === 'admin' && !addressAllowed(settings.ipWhitelist, address())) return 'FORBIDDEN';
  if (heldForTwoFactor(settings.twoFactorEnabled, user)) return 'TWO_FACTOR_SETUP_REQUIRED';
  return undefined;
}

/**
 * Disconnects those of these sockets whose handshake would now be refused (the user is gone, an administrator
 * the whitelist or the two-factor rule now bars) or would join other rooms (a barber profile, another role).
 * Their client connects again by itself, and is refused or joins the right rooms with its cursor.
 */
export async function dropStaleSockets(
  sql: Sql,
  sockets: readonly LiveSocket[],
  settings: Pick<PlatformSettings, 'ipWhitelist' | 'twoFactorEnabled'>,
  clientAddress: (request: IncomingMessage) => string,
): Promise<void> {
  if (sockets.length === 0) return;
  const users = await findAuthUsers(sql, [...new Set(sockets.map((socket) => socket.data.user.id))]);
  for (const socket of sockets) {
    const was = socket.data.user;
    const user = users.get(was.id);
    const stale =
      refusalOf(user, settings, () => clientAddress(socket.request)) !== undefined ||
      user!.role !== was.role ||
      user!.barberId !== was.barberId;
    if (stale) socket.disconnect(true);
  }
}
