import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One entry of a <dl>: the label muted on the left, the value on the right. */
export function DetailRow({
  label,
  value,
  className = 'gap-4',
  labelClassName = 'text-zinc-600',
  valueClassName = 'text-right font-medium text-zinc-900',
}: {
  label: ReactNode;
  value: ReactNode;
  className?: string;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <div className={cn('flex justify-between', className)}>
      <dt className={labelClassName}>{label}</dt>
      <dd className={valueClassName}>{value}</dd>
    </div>
  );
}

/** The total under a list of details, set off by a rule (`className` sets its spacing and size). */
export function TotalRow({
  amount,
  className,
  labelWeight = 'font-semibold',
}: {
  amount: ReactNode;
  className: string;
  labelWeight?: string;
}) {
  return (
    <DetailRow
      label="Total"
      value={amount}
      className={cn('border-t', className)}
      labelClassName={labelWeight}
      valueClassName="font-bold"
    />
  );
}
