// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/app';
import { useBarbers } from './barbers';

function Count() {
  const query = useBarbers('miami', 'haircut');
  return <p>{query.data ? `${query.data.barbers.length} barbers` : 'loading'}</p>;
}

describe('the home page barbers', () => {
  it('asks for the few the page shows (Featured and Nearby), not every barber of the city', async () => {
    const api = fakeApi((r) =>
      r.path.startsWith('/api/barbers') ? { status: 200, body: { barbers: [] } } : undefined,
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Count />
      </QueryClientProvider>,
    );
    await screen.findByText('0 barbers');
    expect(api.requests.map((r) => r.path)).toEqual(['/api/barbers?city=miami&serviceCategory=haircut&limit=5']);
  });
});
