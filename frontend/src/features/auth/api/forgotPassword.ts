import { api } from '../../../lib/api';

/** POST /api/forgot-password { email }: always 200; never tells whether the address exists (docs/design.md §9). */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('/api/forgot-password', { email });
}
