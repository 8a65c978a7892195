import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { TableHead, type TableColumn } from './TableHead';

/**
 * An admin list table: its header row, then `children` (the rows). With `scrollLabel` it scrolls sideways
 * in its own focusable region of that name when the screen is narrow.
 */
export function AdminTable({
  columns,
  dense,
  testId,
  scrollLabel,
  className,
  children,
}: {
  columns: TableColumn[];
  dense?: boolean;
  testId: string;
  scrollLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={cn('w-full border-collapse', className)} data-testid={testId}>
      <TableHead columns={columns} dense={dense} />
      <tbody className="divide-y divide-zinc-100">{children}</tbody>
    </table>
  );
  return scrollLabel ? (
    <div className="overflow-x-auto" role="region" aria-label={scrollLabel} tabIndex={0}>
      {table}
    </div>
  ) : (
    table
  );
}
