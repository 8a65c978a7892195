import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { readProfileParams } from '../../../lib/profileParams';
import { barberSearchResultOf } from '../../../test/barberSearchResult';
import { quickBookResumeUrl } from './QuickBookDialog';
import { SearchResultCard } from './SearchResultCard';

/*
 * Issue 11 item 6: View Profile lost the search's zipcode and date, the time chips looked like buttons but
 * did nothing, and a visitor's Quick Book choice was lost at sign-in (the profile widget kept its own).
 */

const barber = barberSearchResultOf();

const render = () =>
  renderToStaticMarkup(
    <Router ssrPath="/search">
      <SearchResultCard
        barber={barber}
        slots={['09:00', '09:30']}
        search={{ date: '2026-11-26', zipcode: '33139' }}
        onBook={() => {}}
      />
    </Router>,
  );

describe('SearchResultCard', () => {
  it('links View Profile with the search date and zipcode, so the profile opens its widget filled', () => {
    const html = render();
    expect(html).toContain('href="/barber-profile/42?date=2026-11-26&amp;zipcode=33139"');
  });

  it('makes each time chip a button that books that time', () => {
    const html = render();
    expect(html).toMatch(/<button[^>]*aria-label="Book 9:00 AM with Marcus Lee"[^>]*>9:00 AM<\/button>/);
    expect(html).toMatch(/<button[^>]*aria-label="Book 9:30 AM with Marcus Lee"[^>]*>9:30 AM<\/button>/);
  });
});

describe("a visitor's Quick Book choice at sign-in", () => {
  it('comes back as the profile widget with the same date, zipcode, service and time', () => {
    const url = quickBookResumeUrl(42, {
      date: '2026-11-26',
      zipcode: '33139',
      service: barber.services[0],
      slot: '09:30',
    });
    const [path, query] = url.split('?');
    expect(path).toBe('/barber-profile/42');
    expect(readProfileParams(query ?? '')).toEqual({
      date: '2026-11-26',
      zipcode: '33139',
      serviceId: 3,
      startTime: '09:30',
      endTime: '10:15',
      totalAmount: '35.00',
    });
  });
});
