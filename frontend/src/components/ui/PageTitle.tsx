import { useEffect, type ReactNode } from 'react';
import { usePlatformName } from '../../lib/brand';
import { cn } from '../../lib/cn';

/** Sets document.title to "{title} | {brand}" (just the brand when title is empty). */
export function usePageTitle(title: string | undefined): void {
  const brand = usePlatformName();
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}

/** Sets the document title and renders the page's h1 with an optional subtitle and actions. */
export function PageHeader({
  title,
  documentTitle,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  /** document.title part; defaults to title when it is a string. */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className={cn('mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 md:text-3xl">{title}</h1>
        {description ? <p className="text-zinc-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
