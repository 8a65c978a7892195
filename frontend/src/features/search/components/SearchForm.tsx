import { useForm } from 'react-hook-form';
import { Search } from 'lucide-react';
import { addDaysLocal, todayLocal } from '@barber/shared';
import { NativeSelect } from '../../../components/customer/NativeSelect';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent } from '../../../components/ui/Card';
import { FormField, InputField } from '../../../components/ui/FormField';
import { Options } from '../../../components/ui/Options';
import { SEARCH_CATEGORIES, TIME_OPTIONS } from '../lib/options';
import { SEARCH_WINDOW_DAYS, searchResolver } from '../lib/searchForm';
import type { SearchParams } from '../lib/searchParams';

/** The search form: Zipcode, Date, Earliest Time, Latest Time, Service Category. */
export function SearchForm({
  initial,
  isSearching,
  onSearch,
}: {
  initial: SearchParams;
  isSearching: boolean;
  onSearch: (params: SearchParams) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchParams>({ resolver: searchResolver, defaultValues: initial });
  const today = todayLocal();

  return (
    <Card>
      <CardContent className="pt-6">
        <form
          onSubmit={handleSubmit(onSearch)}
          noValidate
          aria-label="Search barbers"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-start"
        >
          <InputField
            label="Zipcode"
            error={errors.zipcode?.message}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder="33139"
            {...register('zipcode')}
          />
          <InputField
            label="Date"
            error={errors.date?.message}
            type="date"
            min={today}
            max={addDaysLocal(today, SEARCH_WINDOW_DAYS)}
            {...register('date')}
          />
          <FormField label="Earliest Time (optional)" error={errors.startTime?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('startTime')}>
                <AnyTimeOptions />
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Latest Time (optional)" error={errors.endTime?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('endTime')}>
                <AnyTimeOptions />
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Service Category (optional)" error={errors.serviceCategory?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('serviceCategory')}>
                <Options choices={SEARCH_CATEGORIES} />
              </NativeSelect>
            )}
          </FormField>
          <div className="flex sm:pt-6">
            <Button type="submit" className="w-full" disabled={isSearching}>
              <Search aria-hidden="true" />
              {isSearching ? 'Searching...' : 'Search'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The options of the Earliest and Latest Time selects: "Any time", then the hours. */
function AnyTimeOptions() {
  return (
    <>
      <option value="">Any time</option>
      <Options choices={TIME_OPTIONS} />
    </>
  );
}
