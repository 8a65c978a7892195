import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-zinc-900 text-white hover:bg-zinc-800',
  secondary: 'bg-zinc-100 text-zinc-900 hover:bg-zinc-200',
  outline: 'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50',
  ghost: 'text-zinc-900 hover:bg-zinc-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-zinc-900 underline underline-offset-4 hover:text-zinc-700',
};

const sizes: Record<ButtonSize, string> = {
  default: 'h-10 px-4 py-2 text-sm',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'h-10 w-10',
};

/** Button classes, also for links styled as buttons: <Link className={buttonVariants({ variant: 'outline' })}>. */
export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0',
    size === 'icon' ? '[&_svg]:size-5' : '[&_svg]:size-4',
    variants[variant],
    variant === 'link' ? 'h-auto p-0' : sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}

/** A form's submit button: disabled while `pending`, when it reads `pendingLabel` instead of its children. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: ReactNode }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
