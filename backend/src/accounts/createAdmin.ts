import { AppError, createAdminSchema, type CreateAdminInput } from '@barber/shared';
import type { Sql } from '../db/connect';
import { accountTakenOr, assertPasswordLength } from './commands';
import { hashPassword } from './passwords';

export const ADMIN_EXISTS =
  'An administrator already exists. Sign in as them and give other people the administrator role from the admin screens.';

/**
 * The first administrator of a new installation (`npm run create-admin`): registration's own checks
 * (the shared schema, the platform's password length), then a user with the admin role. Refused once an
 * administrator exists: every later one is made by an administrator, where it is seen and logged.
 */
export async function createFirstAdmin(
  sql: Sql,
  input: CreateAdminInput,
  passwordMinLength: number,
): Promise<{ id: number; username: string }> {
  const parsed = createAdminSchema.safeParse(input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues.map((i) => i.message).join('; '));
  const admin = parsed.data;
  assertPasswordLength(admin.password, passwordMinLength);
  const passwordHash = await hashPassword(admin.password);
  try {
    return await sql.begin(async (tx) => {
      // One creator at a time: two racing runs must not both find no administrator.
      await tx`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`;
      const [existing] = await tx`SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`;
      if (existing) throw new AppError('CONFLICT', ADMIN_EXISTS);
      const [user] = await tx<{ id: number; username: string }[]>`
        INSERT INTO users (username, email, password_hash, full_name, role)
        VALUES (${admin.username}, ${admin.email}, ${passwordHash}, ${admin.fullName}, 'admin')
        RETURNING id, username`;
      return user!;
    });
  } catch (error) {
    throw accountTakenOr(error);
  }
}
