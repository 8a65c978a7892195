import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { pageItems } from '../../lib/pagination';

/** Previous, numbered pages (first, last, current +/- 1, with ellipses) and Next. */
export function Pagination({
  page,
  pageCount,
  onPage,
  label = 'Pagination',
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      {pageItems(page, pageCount).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'default' : 'outline'}
            size="sm"
            className="min-w-9"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="px-2 text-zinc-600" aria-hidden="true">
            …
          </span>
        ),
      )}
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
