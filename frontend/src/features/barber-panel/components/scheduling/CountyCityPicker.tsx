import { citiesOfCounty, counties, isCountyKey, type CountyKey } from '@barber/shared';

/**
 * Counties and their cities. Ticking a county ticks all its cities; unticking it removes them.
 * Cities are optional: none ticked serves every city of the chosen counties.
 */
export function CountyCityPicker({
  selectedCounties,
  selectedCities,
  onChange,
  idPrefix,
}: {
  selectedCounties: string[];
  selectedCities: string[];
  onChange: (next: { counties: string[]; cities: string[] }) => void;
  idPrefix: string;
}) {
  function toggleCounty(county: CountyKey, checked: boolean) {
    const cities = citiesOfCounty(county);
    if (checked) {
      // no city ticked serves every city of the counties already chosen: listing the new county's cities alone
      // would stop serving them (a block serves only the cities it lists once it lists any)
      const served =
        selectedCities.length > 0
          ? selectedCities
          : selectedCounties.filter(isCountyKey).flatMap((c) => citiesOfCounty(c));
      onChange({
        counties: [...new Set([...selectedCounties, county])],
        cities: [...new Set([...served, ...cities])],
      });
    } else {
      onChange({
        counties: selectedCounties.filter((c) => c !== county),
        cities: selectedCities.filter((c) => !cities.includes(c)),
      });
    }
  }

  function toggleCity(city: string, checked: boolean) {
    onChange({
      counties: selectedCounties,
      cities: checked ? [...new Set([...selectedCities, city])] : selectedCities.filter((c) => c !== city),
    });
  }

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Counties</legend>
        <div className="flex flex-wrap gap-4">
          {counties.map((c) => (
            <label key={c.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-zinc-900"
                checked={selectedCounties.includes(c.key)}
                onChange={(e) => toggleCounty(c.key, e.target.checked)}
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      {selectedCounties.length > 0 ? (
        <fieldset className="space-y-2" aria-describedby={`${idPrefix}-cities-hint`}>
          <legend className="text-sm font-medium">Cities (optional)</legend>
          <p id={`${idPrefix}-cities-hint`} className="text-sm text-zinc-600">
            Choose the cities you serve, or leave blank to serve all cities in the selected counties.
          </p>
          {counties
            .filter((c) => selectedCounties.includes(c.key))
            .map((c) => (
              <div key={c.key} className="space-y-1">
                <p className="text-xs font-semibold uppercase tracking-wide text-zinc-600">{c.label}</p>
                <div className="grid max-h-40 grid-cols-2 gap-1 overflow-y-auto rounded-md border border-zinc-200 p-2 sm:grid-cols-3">
                  {citiesOfCounty(c.key).map((city) => (
                    <label key={city} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-zinc-900"
                        checked={selectedCities.includes(city)}
                        onChange={(e) => toggleCity(city, e.target.checked)}
                      />
                      {city}
                    </label>
                  ))}
                </div>
              </div>
            ))}
        </fieldset>
      ) : null}
    </div>
  );
}
