import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What a shared zod schema's safeParse answers (typed by shape: the frontend does not import zod itself). */
interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** The first message `schema` gives for `values`, or null when they pass: why a form cannot be sent yet. */
export function firstSchemaMessage(schema: SafeParser, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/**
 * The line beside a disabled submit button that says why it is disabled; give the button
 * aria-describedby={id} so a screen reader hears the reason with the button.
 * <SubmitReason id={`${id}-why`}>{reason}</SubmitReason>
 */
export function SubmitReason({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <p id={id} role="status" className={cn('text-sm text-zinc-700 sm:text-right', className)}>
      {children}
    </p>
  );
}
