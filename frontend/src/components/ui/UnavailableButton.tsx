import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from './Button';

/**
 * A button the specification shows disabled (a feature the product does not offer yet), with the reason
 * said under it and tied to it for screen readers: a control that cannot act says why.
 */
export function UnavailableButton({
  reason,
  wrapperClassName,
  ...props
}: Omit<ButtonProps, 'disabled'> & { reason: string; wrapperClassName?: string }) {
  const id = useId();
  return (
    <div className={cn('space-y-1', wrapperClassName)}>
      <Button {...props} disabled aria-describedby={id} />
      <p id={id} className="text-xs text-zinc-600">
        {reason}
      </p>
    </div>
  );
}
