/**
 * The greeting of a signed-in user (issue 11 item 7: a new account was greeted "Welcome back"):
 * "Welcome, Ana" right after registering (stores/session.ts `newAccount`), "Welcome back, Ana" otherwise.
 */
export function greeting(name: string, newAccount: boolean): string {
  return newAccount ? `Welcome, ${name}` : `Welcome back, ${name}`;
}
