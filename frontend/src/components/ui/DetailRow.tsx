import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One entry of a <dl>: the label muted on the left, the value on the right. */
export function DetailRow({
  label,
  value,
  className = 'gap-4',
}: {
  label: ReactNode;
  value: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-between', className)}>
      <dt className="text-zinc-600">{label}</dt>
      <dd className="text-right font-medium text-zinc-900">{value}</dd>
    </div>
  );
}

/** The total under a list of details, set off by a rule (`className` sets its spacing and size). */
export function TotalRow({
  amount,
  className,
  labelClassName = 'font-semibold',
}: {
  amount: ReactNode;
  className: string;
  labelClassName?: string;
}) {
  return (
    <div className={cn('flex justify-between border-t', className)}>
      <dt className={labelClassName}>Total</dt>
      <dd className="font-bold">{amount}</dd>
    </div>
  );
}
