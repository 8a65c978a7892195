import type { ComponentProps } from 'react';
import { InputField } from './ui/FormField';

/** A field for a code of an authenticator app or a recovery code (up to 32 characters), filled in by the browser. */
export function CodeField({
  onCode,
  ...field
}: ComponentProps<typeof InputField> & { onCode: (code: string) => void }) {
  return <InputField autoComplete="one-time-code" maxLength={32} onChange={(e) => onCode(e.target.value)} {...field} />;
}
