/** An account this young is greeted as new ("Welcome"), an older one as returning ("Welcome back"). */
export const NEW_ACCOUNT_HOURS = 24;

/**
 * The greeting of a signed-in user (issue 11 item 7: a new account was greeted "Welcome back"):
 * "Welcome, Ana" for an account made in the last day, "Welcome back, Ana" afterwards.
 */
export function greeting(name: string, createdAt: string | null | undefined, now: Date = new Date()): string {
  const made = createdAt ? Date.parse(createdAt) : Number.NaN;
  const isNew = Number.isFinite(made) && now.getTime() - made < NEW_ACCOUNT_HOURS * 3_600_000;
  return isNew ? `Welcome, ${name}` : `Welcome back, ${name}`;
}
