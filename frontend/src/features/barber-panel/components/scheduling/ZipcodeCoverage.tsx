import { countyLabels, isCountyKey, type CountyKey } from '@barber/shared';
import { TitledCard } from '../../../../components/ui/Card';
import { Skeleton } from '../../../../components/ui/Spinner';
import { useCountyZipcodes } from '../../api/availability';

const PREVIEW = 20;

function CountyZipcodes({ county, blacklisted }: { county: CountyKey; blacklisted: ReadonlySet<string> }) {
  const { data, isLoading, isError } = useCountyZipcodes(county);
  const zipcodes = data?.zipcodes ?? [];
  return (
    <section className="space-y-2" aria-label={`${countyLabels[county]} zipcodes`}>
      <h3 className="font-semibold">
        {countyLabels[county]}
        {data ? <span className="ml-2 text-sm font-normal text-zinc-600">({zipcodes.length} zipcodes)</span> : null}
      </h3>
      {isLoading ? (
        <Skeleton className="h-16" />
      ) : isError ? (
        <p className="text-sm text-red-700">Could not load the zipcodes of this county.</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {zipcodes.slice(0, PREVIEW).map((zip) => {
            const excluded = blacklisted.has(zip);
            return (
              <li
                key={zip}
                className={
                  excluded
                    ? 'rounded bg-red-100 px-2 py-0.5 font-mono text-xs text-red-900 line-through'
                    : 'rounded bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-900'
                }
              >
                {zip}
                {excluded ? <span className="sr-only"> (blacklisted)</span> : null}
              </li>
            );
          })}
          {zipcodes.length > PREVIEW ? (
            <li className="px-1 text-xs text-zinc-600">+{zipcodes.length - PREVIEW} more</li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

/** The zipcodes each served county covers (first 20 per county); blacklisted ones are struck out. */
export function ZipcodeCoverage({ counties, blacklisted }: { counties: string[]; blacklisted: string[] }) {
  const keys = [...new Set(counties)].filter(isCountyKey);
  const excluded = new Set(blacklisted);
  return (
    <TitledCard
      title="Zipcode Coverage"
      description="The zipcodes of the counties your time blocks serve."
      contentClassName="space-y-4"
    >
      {keys.length === 0 ? (
        <p className="text-sm text-zinc-600">Add a time block with a county to see the zipcodes you cover.</p>
      ) : (
        keys.map((county) => <CountyZipcodes key={county} county={county} blacklisted={excluded} />)
      )}
    </TitledCard>
  );
}
