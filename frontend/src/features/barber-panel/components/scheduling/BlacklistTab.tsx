import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { blacklistInputSchema, zipcodeSchema } from '@barber/shared';
import { Ban, X } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { toast } from '../../../../components/ui/toast';
import { serverMessage } from '../../../../lib/api';
import { validateZipcode } from '../../api/availability';

export const NOT_IN_AREA_WARNING = 'This zipcode is not in our service area, but will be added to your blacklist';

/**
 * The add form's schema: one zipcode (5 digits, 'Please enter a valid 5-digit zipcode'), not listed yet
 * ('Zipcode already blacklisted'); it parses to the PUT /api/barber/profile body, the list with it
 * added as blacklistInputSchema checks it.
 */
function blacklistAddSchema(listed: readonly string[]) {
  return blacklistInputSchema
    .pick({})
    .extend({ zipcode: zipcodeSchema })
    .superRefine(({ zipcode }, ctx) => {
      if (listed.includes(zipcode))
        ctx.addIssue({ code: 'custom', path: ['zipcode'], message: 'Zipcode already blacklisted' });
    })
    .transform(({ zipcode }, ctx) => {
      const next = blacklistInputSchema.safeParse({ blacklistedZipcodes: [...listed, zipcode] });
      if (!next.success) {
        for (const issue of next.error.issues)
          ctx.addIssue({ code: 'custom', path: ['zipcode'], message: issue.message });
        return { zipcode, blacklistedZipcodes: [...listed] };
      }
      return { zipcode, blacklistedZipcodes: next.data.blacklistedZipcodes };
    });
}

/** Blacklisted zipcodes: add (5 digits, not listed yet) and remove; each change is saved at once. */
export function BlacklistTab({
  zipcodes,
  onSave,
  saving,
}: {
  zipcodes: string[];
  onSave: (next: string[]) => Promise<unknown>;
  saving: boolean;
}) {
  const id = useId();
  const schema = useMemo(() => blacklistAddSchema(zipcodes), [zipcodes]);
  const { register, handleSubmit, getValues, reset, clearErrors, formState } = useForm({
    resolver: zodResolver(schema),
    reValidateMode: 'onSubmit',
    defaultValues: { zipcode: '' },
  });
  const error = formState.errors.zipcode?.message ?? null;
  const [warning, setWarning] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function save(next: string[]): Promise<boolean> {
    try {
      await onSave(next);
      toast({ title: 'Zipcode preferences updated successfully', variant: 'success' });
      return true;
    } catch (failure) {
      toast({
        title: 'Failed to update zipcode preferences',
        description: serverMessage(failure),
        variant: 'destructive',
      });
      return false;
    }
  }

  async function add({ zipcode, blacklistedZipcodes }: { zipcode: string; blacklistedZipcodes: string[] }) {
    setChecking(true);
    try {
      const answer = await validateZipcode(zipcode).catch(() => null);
      if (answer && !answer.isValid) setWarning(NOT_IN_AREA_WARNING);
      if (await save(blacklistedZipcodes)) reset({ zipcode: '' });
      else setWarning(null); // it was not added: the warning said it would be
    } finally {
      setChecking(false);
    }
  }

  const busy = saving || checking;
  const describedBy =
    [error ? `${id}-error` : null, warning ? `${id}-warning` : null].filter(Boolean).join(' ') || undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Blacklisted Zipcodes</CardTitle>
        <CardDescription>
          Customers in these zipcodes cannot book you, even inside your service counties.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(event) => {
            setWarning(null);
            if (getValues('zipcode').trim() === '') {
              event.preventDefault(); // empty input is ignored
              clearErrors('zipcode');
              return;
            }
            void handleSubmit(add)(event);
          }}
        >
          <div className="flex-1 space-y-2">
            <Label htmlFor={id}>Zipcode</Label>
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              placeholder="e.g. 33139"
              aria-invalid={error !== null}
              aria-describedby={describedBy}
              {...register('zipcode', {
                onChange: () => {
                  clearErrors('zipcode');
                  setWarning(null);
                },
              })}
            />
          </div>
          <Button type="submit" disabled={busy}>
            <Ban aria-hidden="true" />
            {busy ? 'Saving...' : 'Add Zipcode'}
          </Button>
        </form>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {warning ? (
          <p id={`${id}-warning`} role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {warning}
          </p>
        ) : null}

        {zipcodes.length === 0 ? (
          <p className="rounded-md border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-600">
            No blacklisted zipcodes. All zipcodes in your service counties are available.
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Blacklisted zipcodes">
            {zipcodes.map((zip) => (
              <li
                key={zip}
                className="flex items-center gap-1 rounded-full bg-red-50 py-1 pl-3 pr-1 font-mono text-sm text-red-900"
              >
                {zip}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7 rounded-full hover:bg-red-100"
                  aria-label={`Remove ${zip}`}
                  disabled={busy}
                  onClick={() => void save(zipcodes.filter((z) => z !== zip))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
