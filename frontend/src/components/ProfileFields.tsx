import type { ComponentProps } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { ProfileInput } from '@barber/shared';
import { InputField } from './ui/FormField';

type AccountKey = 'fullName' | 'username' | 'email' | 'phone';

/** How each account field is typed: the keyboard, and the autofill browsers and password managers offer. */
const INPUTS: Record<AccountKey, ComponentProps<'input'>> = {
  fullName: { autoComplete: 'name' },
  username: { autoComplete: 'username', autoCapitalize: 'none' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
};

/**
 * The account fields of a form, in this order: full name, username, email, phone; a field shows when it
 * has a label. Each is registered under its key with its error under it.
 */
export function AccountFields<T extends FieldValues>({
  register,
  errors,
  labels,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels: Partial<Record<AccountKey, string>>;
}) {
  const fieldErrors = errors as FieldErrors<Record<AccountKey, string>>;
  return (Object.keys(INPUTS) as AccountKey[]).map((name) =>
    labels[name] ? (
      <InputField
        key={name}
        label={labels[name]}
        error={fieldErrors[name]?.message}
        {...INPUTS[name]}
        {...register(name as Path<T>)}
      />
    ) : null,
  );
}

/** The full name, email and phone fields of a profile form (profileSchema), each with its error. */
export function ProfileFields({
  register,
  errors,
  fullNameLabel = 'Full Name',
  phoneLabel = 'Phone',
}: {
  register: UseFormRegister<ProfileInput>;
  errors: FieldErrors<ProfileInput>;
  fullNameLabel?: string;
  phoneLabel?: string;
}) {
  return (
    <AccountFields
      register={register}
      errors={errors}
      labels={{ fullName: fullNameLabel, email: 'Email', phone: phoneLabel }}
    />
  );
}
