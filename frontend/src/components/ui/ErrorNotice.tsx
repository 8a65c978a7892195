import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from './Button';

/**
 * A load failure with a Retry button, described by the failure's text. Where several may fail on one
 * screen, `retryLabel` names what Retry loads ("Retry loading upcoming appointments"), so a screen reader's
 * list of buttons does not hold several identical "Retry"s; it starts with the visible "Retry" (the name
 * contains the label seen, for speech input).
 */
export function ErrorNotice({
  title,
  onRetry,
  retryLabel,
}: {
  title: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const titleId = useId();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center"
    >
      <AlertTriangle className="size-6 text-red-700" aria-hidden="true" />
      <p id={titleId} className="text-sm font-medium text-red-900">
        {title}
      </p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} aria-label={retryLabel} aria-describedby={titleId}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
