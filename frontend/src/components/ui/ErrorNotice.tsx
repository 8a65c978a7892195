import { AlertTriangle } from 'lucide-react';
import { Button } from './Button';

/** A load failure with a Retry button. */
export function ErrorNotice({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center"
    >
      <AlertTriangle className="size-6 text-red-700" aria-hidden="true" />
      <p className="text-sm font-medium text-red-900">{title}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
