import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/Card';

/** The classes of the text links under an auth form ("Sign in", "Back to home"). */
export const AUTH_LINK_CLASS = 'font-medium text-zinc-900 underline underline-offset-4';

/** The card of a sign-in, registration or password screen: its heading, the line under it, then the content. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">{children}</CardContent>
    </Card>
  );
}

/** The full-width submit button of an auth form; it shows `pendingLabel` and is disabled while `pending`. */
export function AuthSubmit({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: string;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
