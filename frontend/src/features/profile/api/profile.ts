import type { User } from '@barber/shared';
import { api } from '../../../lib/api';

/** PUT /api/users/{id} {fullName, email, phone} -> the updated user. */
export function updateProfile(
  userId: number,
  input: { fullName: string; email: string; phone?: string | undefined },
): Promise<User> {
  return api.put(`/api/users/${userId}`, input, { answer: 'userSchema' });
}

/** PUT /api/users/{id}/password {currentPassword, newPassword}. */
export function changePassword(
  userId: number,
  input: { currentPassword: string; newPassword: string },
): Promise<unknown> {
  return api.put(`/api/users/${userId}/password`, input);
}
