import { isApiError, api } from '../../../lib/api';

/** POST /api/reset-password { token, newPassword }: once per token; signs the user out everywhere. */
export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return api.post('/api/reset-password', { token, newPassword });
}

/** The server refused the link itself (unknown, expired or already used), not the new password. */
export function isInvalidResetToken(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const issues = error.body?.issues;
  return (
    Array.isArray(issues) &&
    issues.some((issue: unknown) => {
      const path = (issue as { path?: unknown } | null)?.path;
      return path === 'token' || (Array.isArray(path) && path[0] === 'token');
    })
  );
}
