import { AppError } from '@barber/shared';
import type { AuthUser } from '../accounts/queries';
import type { Sql } from '../db/connect';

/**
 * The barber a barber-panel call acts on (docs/design.md §9): a barber acts on their own profile only; an
 * administrator names one with ?barberId=.
 */
export async function actingBarberId(sql: Sql, user: AuthUser, requested: number | undefined): Promise<number> {
  if (user.role === 'admin') {
    if (requested === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Choose a barber to act on (barberId)', {
        issues: [{ path: 'barberId', message: 'Required' }],
      });
    }
    const [row] = await sql`SELECT id FROM barbers WHERE id = ${requested}`;
    if (!row) throw new AppError('NOT_FOUND', 'Barber not found');
    return requested;
  }
  if (requested !== undefined && requested !== user.barberId)
    throw new AppError('FORBIDDEN', 'You can only manage your own barber profile.');
  if (user.barberId === null) throw new AppError('NOT_FOUND', 'Barber profile not found');
  return user.barberId;
}

/** The owner of a barber's resource (service, block, profile) or an administrator. */
export function assertOwnerOrAdmin(user: AuthUser, barberId: number, what: string): void {
  if (user.role !== 'admin' && user.barberId !== barberId)
    throw new AppError('FORBIDDEN', `You can only change your own ${what}.`);
}
