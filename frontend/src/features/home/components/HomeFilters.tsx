import { regionLabels, type RegionKey } from '@barber/shared';
import { NativeSelect } from '../../../components/customer/NativeSelect';
import { Label } from '../../../components/ui/Label';
import { cn } from '../../../lib/cn';
import { HOME_CATEGORIES, HOME_CITIES, type HomeCategory } from '../lib/filters';

/** The signed-in home filters: a city selector and category chips (changing either refetches). */
export function HomeFilters({
  city,
  category,
  onCityChange,
  onCategoryChange,
}: {
  city: RegionKey;
  category: HomeCategory;
  onCityChange: (city: RegionKey) => void;
  onCategoryChange: (category: HomeCategory) => void;
}) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div className="w-full space-y-2 md:w-64">
        <Label htmlFor="home-city">City</Label>
        <NativeSelect id="home-city" value={city} onChange={(e) => onCityChange(e.target.value as RegionKey)}>
          {HOME_CITIES.map((r) => (
            <option key={r.key} value={r.key}>
              {regionLabels[r.key]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div role="group" aria-label="Service category" className="flex flex-wrap gap-2">
        {HOME_CATEGORIES.map((c) => {
          const active = c.value === category;
          return (
            <button
              key={c.value}
              type="button"
              aria-pressed={active}
              onClick={() => onCategoryChange(c.value)}
              className={cn(
                'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
                active
                  ? 'border-zinc-900 bg-zinc-900 text-white'
                  : 'border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100',
              )}
            >
              {c.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
