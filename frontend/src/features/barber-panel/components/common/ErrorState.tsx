import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { EmptyState } from '../../../../components/ui/EmptyState';

/** A failed load: its title, the reason and an optional Retry button. */
export function ErrorState({
  title,
  message,
  onRetry,
  headingLevel,
}: {
  title: string;
  message?: ReactNode;
  onRetry?: () => void;
  headingLevel?: 2 | 3;
}) {
  return (
    <div role="alert">
      <EmptyState
        icon={<AlertTriangle />}
        title={title}
        description={message}
        headingLevel={headingLevel}
        className="border-red-300"
        action={
          onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
