import type { ReactNode } from 'react';
import { Hammer } from 'lucide-react';
import { PageHeader } from './PageTitle';
import { EmptyState } from './EmptyState';

/** Placeholder body of a screen that a later issue builds: page title, heading and "Coming soon". */
export function ComingSoon({
  title,
  documentTitle,
  description,
  children,
}: {
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      <PageHeader title={title} documentTitle={documentTitle} description={description} />
      <EmptyState
        icon={<Hammer />}
        title="Coming soon"
        description="This screen is being built and will be available shortly."
        action={children}
      />
    </div>
  );
}
