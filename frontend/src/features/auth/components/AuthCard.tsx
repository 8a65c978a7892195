import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from '../../../components/ui/Button';
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

/**
 * The form of an auth screen: its fields, then a full-width submit button that shows `pendingLabel`
 * and is disabled while `pending`, then `after` (e.g. a "Back" button).
 */
export function AuthForm({
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  after,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
      <SubmitButton className="w-full" pending={pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
      {after}
    </form>
  );
}
