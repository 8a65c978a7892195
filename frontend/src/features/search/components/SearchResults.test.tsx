import type { BarberSearchResult } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ApiError } from '../../../lib/api';
import { barberSearchResultOf } from '../../../test/barberSearchResult';
import type { SearchParams } from '../lib/searchParams';
import { SearchResults } from './SearchResults';

const params: SearchParams = {
  zipcode: '10001',
  date: '2026-11-26',
  startTime: '',
  endTime: '',
  serviceCategory: 'all',
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const barber = barberSearchResultOf();

const render = (props: { message?: string; error?: unknown; moreFailed?: boolean; barbers?: BarberSearchResult[] }) =>
  renderToStaticMarkup(
    <Router ssrPath="/search">
      <SearchResults
        params={params}
        barbers={props.error ? undefined : (props.barbers ?? [])}
        total={props.barbers ? 40 : 0}
        message={props.message}
        isLoading={false}
        error={props.error ?? null}
        onRetry={() => {}}
        onBook={() => {}}
        hasMore={Boolean(props.barbers)}
        isLoadingMore={false}
        onShowMore={() => {}}
        moreFailed={props.moreFailed}
      />
    </Router>,
  );

describe('SearchResults', () => {
  it("shows the server's reason when it found no one for a zipcode outside the service area", () => {
    const html = text(render({ message: 'This zipcode is not in our service area.' }));
    expect(html).toContain('This zipcode is not in our service area.');
    expect(html).not.toContain('Try adjusting');
  });

  it('heads the results with the specification\'s words, "barber(s)" whatever the count', () => {
    expect(text(render({ barbers: [barber] }))).toContain('Found 40 available barber(s)');
  });

  it('keeps the hint to adjust the search when the server simply found no one', () => {
    const html = text(render({ message: 'No barbers found. Try adjusting your date, time range or search area.' }));
    expect(html).toContain('No barbers found');
    expect(html).toContain('Try adjusting your date, time range or search area to find available barbers.');
  });

  it('shows a failed search as an error with Retry, never as an empty result', () => {
    const error = new ApiError(500, '500: Internal Server Error', { message: 'Something went wrong on our side.' });
    const html = render({ error });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('Something went wrong on our side.');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(text(html)).not.toContain('No barbers found');
  });

  it('says when the next page failed, beside Show more, keeping the barbers shown', () => {
    const failed = text(render({ barbers: [barber], moreFailed: true }));
    expect(failed).toContain('Marcus Lee');
    expect(failed).toContain('More barbers could not be loaded. Please try again.');
    expect(failed).toContain('Show more');
    expect(text(render({ barbers: [barber] }))).not.toContain('could not be loaded');
  });
});
