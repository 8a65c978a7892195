import { toast as sonner, Toaster as SonnerToaster } from 'sonner';

export interface ToastOptions {
  title: string;
  description?: string;
  /** 'destructive' marks failures (red styling, error icon). */
  variant?: 'default' | 'destructive' | 'success';
  /** Display time in ms; 5000 by default. */
  duration?: number;
}

/** Shows a toast with a title and an optional description: toast({ title, description, variant }). */
export function toast({ title, description, variant = 'default', duration }: ToastOptions): string | number {
  const options = { description, duration };
  if (variant === 'destructive') return sonner.error(title, options);
  if (variant === 'success') return sonner.success(title, options);
  return sonner(title, options);
}

/**
 * Where toasts appear: bottom right, clear of the desktop header's navigation (at the top they covered it,
 * issue 11 item 7); on phones above the bottom tab bar (4 rem and the safe area).
 */
const TOAST_POSITION = 'bottom-right' as const;
const TOAST_MOBILE_OFFSET = { bottom: 'calc(5rem + env(safe-area-inset-bottom))' } as const;

/** Spec §9: at most 1 toast visible at a time, 5000 ms by default. */
export function Toaster() {
  return (
    <SonnerToaster
      visibleToasts={1}
      duration={5000}
      position={TOAST_POSITION}
      mobileOffset={TOAST_MOBILE_OFFSET}
      closeButton
      theme="light"
      toastOptions={{ className: 'app-toast' }}
    />
  );
}
