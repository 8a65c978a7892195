import type { ProfileInput, User } from '@barber/shared';
import { api } from '../../../lib/api';
import { loadCurrentUser } from '../../../stores/session';

/** PATCH /api/admin/profile, then the current user is read again (docs/spec/barber-and-admin.md §7). */
export async function updateAdminProfile(input: ProfileInput): Promise<User> {
  const user = await api.patch('/api/admin/profile', input, { answer: 'userSchema' });
  await loadCurrentUser();
  return user;
}
