import { useForm } from 'react-hook-form';
import { Search } from 'lucide-react';
import { addDaysLocal } from '@barber/shared';
import { NativeSelect } from '../../../components/customer/NativeSelect';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent } from '../../../components/ui/Card';
import { FormField, InputField } from '../../../components/ui/FormField';
import { Options } from '../../../components/ui/Options';
import { useToday } from '../../../lib/useNow';
import { SEARCH_CATEGORIES, TIME_OPTIONS } from '../lib/options';
import { SEARCH_WINDOW_DAYS, searchResolver } from '../lib/searchForm';
import type { SearchParams } from '../lib/searchParams';

/** The Earliest and Latest Time choices: "Any time", then the hours. */
const ANY_TIME = [{ value: '', label: 'Any time' }, ...TIME_OPTIONS];

/** The search's selects, in their order on the form. */
const SELECTS = [
  { name: 'startTime', label: 'Earliest Time (optional)', choices: ANY_TIME },
  { name: 'endTime', label: 'Latest Time (optional)', choices: ANY_TIME },
  { name: 'serviceCategory', label: 'Service Category (optional)', choices: SEARCH_CATEGORIES },
] as const;

/**
 * The search form: Zipcode, Date, Earliest Time, Latest Time, Service Category. It shows `initial` (the
 * URL's search), and shows it again whenever it changes.
 */
export function SearchForm({
  initial,
  isSearching,
  onSearch,
}: {
  initial: SearchParams;
  isSearching: boolean;
  onSearch: (params: SearchParams) => void;
}) {
  // `values`, not just default values: the form follows the URL's search when it changes without a submit
  // (the browser's Back and Forward between two searches, the top bar's link to /search); what is typed is
  // kept until then (the same search again is compared by value, not reset)
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchParams>({ resolver: searchResolver, values: initial });
  // the date picker's bounds move at midnight on a page left open
  const today = useToday();

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
          {SELECTS.map(({ name, label, choices }) => (
            <FormField key={name} label={label} error={errors[name]?.message}>
              {(field) => (
                <NativeSelect {...field} {...register(name)}>
                  <Options choices={choices} />
                </NativeSelect>
              )}
            </FormField>
          ))}
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
