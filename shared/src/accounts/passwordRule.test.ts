import { describe, expect, it } from 'vitest';
import { loginSchema, PASSWORD_MAX_LENGTH, passwordFormSchema, registerSchema, withPasswordMin } from './schemas';

describe('the password rule of the forms', () => {
  it("applies the platform's least length as it is when the form is checked", () => {
    let min = 6;
    const schema = withPasswordMin(passwordFormSchema, 'newPassword', () => min);
    const values = { currentPassword: 'old', newPassword: 'seven77', confirmPassword: 'seven77' };
    expect(schema.safeParse(values).success).toBe(true);
    min = 12;
    const refused = schema.safeParse(values);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['newPassword'], message: 'Password must be at least 12 characters' }),
    ]);
  });

  it('bounds passwords at sign-in and registration', () => {
    const long = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(loginSchema.safeParse({ username: 'a', password: long }).success).toBe(false);
    expect(
      registerSchema.safeParse({ username: 'abc', email: 'a@example.com', password: long, fullName: 'Ab' }).success,
    ).toBe(false);
  });
});
