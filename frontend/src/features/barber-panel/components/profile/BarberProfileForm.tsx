import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { barberProfileInputSchema, regions, type BarberProfile, type BarberProfileInput } from '@barber/shared';
import { SubmitButton } from '../../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { NumberInputField, TextareaField } from '../../../../components/ui/FormField';
import { PortfolioEditor } from './PortfolioEditor';

interface FormValues {
  bio: string;
  yearsOfExperience: number;
  cities: string[];
  portfolioImages: string[];
}

function valuesOf(barber: BarberProfile | null): FormValues {
  return {
    bio: barber?.bio ?? '',
    yearsOfExperience: barber?.yearsOfExperience ?? 0,
    cities: barber?.cities ?? [],
    portfolioImages: barber?.portfolioImages ?? [],
  };
}

/** Bio, years of experience, areas served and portfolio (docs/spec/barber-and-admin.md §2, §5). */
export function BarberProfileForm({
  barber,
  onSubmit,
  onInvalid,
  pending,
}: {
  barber: BarberProfile | null;
  /** Sends the profile; resolves true once it is saved. */
  onSubmit: (values: BarberProfileInput) => Promise<boolean> | void;
  /** The form could not be sent: a field is wrong (each says why below it). */
  onInvalid?: () => void;
  pending: boolean;
}) {
  const { register, handleSubmit, control, reset, formState } = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(barberProfileInputSchema, undefined, { raw: true }) as never,
    defaultValues: valuesOf(barber),
  });
  const errors = formState.errors;
  // a newer profile (another tab's or another device's save) updates what the barber has not edited
  useEffect(() => reset(valuesOf(barber), { keepDirtyValues: true }), [barber, reset]);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Barber Profile</CardTitle>
        <CardDescription>
          {barber
            ? 'What customers see on your public profile.'
            : 'Create your barber profile to start taking bookings.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-5"
          noValidate
          onSubmit={handleSubmit(
            async (values) => {
              const saved = await onSubmit({
                ...values,
                cities: Array.isArray(values.cities) ? (values.cities as BarberProfileInput['cities']) : ['miami'],
              });
              // What was saved is no longer an edit: a later read of the profile shows newer values of it
              // (keepDirtyValues keeps the fields dirty that were edited before, even once saved).
              if (saved) reset(values);
            },
            () => onInvalid?.(),
          )}
        >
          <TextareaField
            label="Bio"
            error={errors.bio?.message}
            hint="Tell customers about your style and experience."
            rows={5}
            {...register('bio')}
          />
          <NumberInputField
            label="Years of experience"
            error={errors.yearsOfExperience?.message}
            min={0}
            className="sm:w-40"
            {...register('yearsOfExperience', { valueAsNumber: true })}
          />
          <Controller
            control={control}
            name="cities"
            render={({ field }) => (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Areas served</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {regions.map((r) => {
                    const checked = (field.value ?? []).includes(r.key);
                    return (
                      <label key={r.key} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-zinc-900"
                          checked={checked}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked
                                ? [...(field.value ?? []), r.key]
                                : (field.value ?? []).filter((c) => c !== r.key),
                            )
                          }
                        />
                        {r.label}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />
          <Controller
            control={control}
            name="portfolioImages"
            render={({ field }) => <PortfolioEditor images={field.value ?? []} onChange={field.onChange} />}
          />
          {errors.portfolioImages?.message ? (
            <p className="text-sm font-medium text-red-700">{errors.portfolioImages.message}</p>
          ) : null}
          <div>
            <SubmitButton pending={pending} pendingLabel="Saving...">
              {barber ? 'Save Profile' : 'Create Profile'}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
