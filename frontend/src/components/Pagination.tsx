import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/Button';

/**
 * Previous, the numbered pages of `items` (anything else than a number is an ellipsis) and Next;
 * nothing when there is a single page. With `compactLabels` Previous and Next show only their arrows
 * on small screens and are named "Previous page" and "Next page".
 */
export function Pagination({
  page,
  pages,
  items,
  onPage,
  label = 'Pagination',
  compactLabels = false,
  className,
}: {
  page: number;
  pages: number;
  items: (number | string)[];
  onPage: (page: number) => void;
  label?: string;
  compactLabels?: boolean;
  className?: string;
}) {
  if (pages <= 1) return null;
  const text = (words: string) => (compactLabels ? <span className="hidden sm:inline">{words}</span> : words);
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={compactLabels ? 'Previous page' : undefined}
      >
        <ChevronLeft aria-hidden="true" />
        {text('Previous')}
      </Button>
      {items.map((item, i) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'default' : 'outline'}
            size="sm"
            className="min-w-9"
            onClick={() => onPage(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
          >
            {item}
          </Button>
        ) : (
          <span key={`e${i}`} className="px-2 text-zinc-600" aria-hidden="true">
            …
          </span>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={compactLabels ? 'Next page' : undefined}
      >
        {text('Next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
