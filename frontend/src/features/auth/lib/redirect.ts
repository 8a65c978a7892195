import type { Role } from '@barber/shared';

/** Keeps only same-site paths ("/bookings?x=1"); anything else (absolute or protocol-relative URLs) is dropped. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/register')) return null;
  return raw;
}

/** docs/spec/customer-side.md §2.5: a redirect other than / wins; else barber -> /barber/dashboard, admin -> /admin/dashboard, others -> /. */
export function destinationAfterSignIn(role: Role, redirect: string | null): string {
  if (redirect && redirect !== '/') return redirect;
  if (role === 'barber') return '/barber/dashboard';
  if (role === 'admin') return '/admin/dashboard';
  return '/';
}

/** Delay before navigating after a successful sign-in or registration (docs/spec/customer-side.md §9). */
export const AUTH_REDIRECT_DELAY_MS = 100;
