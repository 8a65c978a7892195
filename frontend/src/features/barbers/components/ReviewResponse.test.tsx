// @vitest-environment happy-dom
import '../../../test/dom';
import type { BarberDetailsAnswer, CurrentUser, Review } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf, type FakeRoute } from '../../../test/app';
import { barberSearchResultOf } from '../../../test/barberSearchResult';
import { BarberProfilePage } from './BarberProfilePage';

/*
 * docs/design.md: the barber answers a review of theirs once (PUT /api/reviews/{id}/response). On their own
 * profile's Reviews tab each review without a response offers Reply; nobody else sees it.
 */

// Marcus Lee: barber 42, user 7
const { availableSlots: _slots, actualCitiesServed: _cities, ...barber } = barberSearchResultOf();

const review = (over: Partial<Review>): Review => ({
  id: 1,
  barberId: 42,
  rating: 5,
  comment: 'Great fade',
  createdAt: '2026-11-02T10:00:00.000Z',
  barberResponse: null,
  customerName: 'Maria G.',
  ...over,
});

const unanswered = review({ id: 1 });
const answered = review({ id: 2, customerName: 'John D.', comment: 'Solid', barberResponse: 'Thanks John!' });

const details = (): BarberDetailsAnswer => ({ barber, services: barber.services, reviews: [unanswered, answered] });
const profile: FakeRoute = ({ method, path }) =>
  method === 'GET' && path === '/api/barbers/42' ? { status: 200, body: details() } : undefined;

function renderProfile(user: CurrentUser | null) {
  useSession.setState({ user, status: 'ready' });
  const location = memoryLocation({ path: '/barbers/42' });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Route path="/barbers/:id">
          <BarberProfilePage />
        </Route>
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openReviews() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Reviews' }));
  await screen.findByText('Great fade');
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  cleanup(); // before signing out, so the page does not answer it
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

/** The owner's profile, its Reviews tab, and the Reply dialog of the unanswered review. */
async function openReplyAsOwner() {
  const user = userEvent.setup();
  renderProfile(userOf('barber', 7));
  await openReviews();
  await user.click(screen.getByRole('button', { name: 'Reply' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Reply to Review' }) };
}

describe('answering a review on the barber profile', () => {
  it('offers the owner Reply only on the reviews without a response', async () => {
    fakeApi(profile);
    renderProfile(userOf('barber', 7));
    await openReviews();
    const replies = screen.getAllByRole('button', { name: 'Reply' });
    expect(replies).toHaveLength(1);
    expect(replies[0]!.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(replies[0]!.getAttribute('aria-describedby')!)?.textContent).toBe('Maria G.');
    expect(screen.getByText('Thanks John!')).toBeTruthy();
  });

  it('posts the trimmed response, closes and shows it at once', async () => {
    const api = fakeApi(profile, ({ method, path, body }) =>
      method === 'PUT' && path === '/api/reviews/1/response'
        ? {
            status: 200,
            body: { review: { ...unanswered, barberResponse: (body as { barberResponse: string }).barberResponse } },
          }
        : undefined,
    );
    const { user, dialog } = await openReplyAsOwner();

    // the schema's message for an empty (or blank) response; nothing is sent
    await user.type(within(dialog).getByLabelText('Your response'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Post Response' }));
    expect(await within(dialog).findByText('Response is required')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your response'), 'Thank you, Maria!  ');
    await user.click(within(dialog).getByRole('button', { name: 'Post Response' }));

    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/reviews/1/response', body: { barberResponse: 'Thank you, Maria!' } },
    ]);
    expect(await screen.findByText('Response posted')).toBeTruthy();
    expect(screen.getByText('Thank you, Maria!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    // the cached profile was updated, not asked again
    expect(api.requests.filter((r) => r.path === '/api/barbers/42')).toHaveLength(1);
  });

  it('keeps the typed text and shows the server message when the review was already answered', async () => {
    fakeApi(profile, ({ method, path }) =>
      method === 'PUT' && path === '/api/reviews/1/response'
        ? { status: 409, body: { message: 'You have already answered this review.', code: 'CONFLICT' } }
        : undefined,
    );
    const { user, dialog } = await openReplyAsOwner();
    await user.type(within(dialog).getByLabelText('Your response'), 'Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Post Response' }));

    expect(await screen.findByText('You have already answered this review.')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
    expect((within(dialog).getByLabelText('Your response') as HTMLTextAreaElement).value).toBe('Thanks!');
    expect(within(dialog).getByRole('button', { name: 'Post Response' })).toBeTruthy();
  });

  it.each([
    ['a customer', userOf('customer', 7)],
    ['another barber', userOf('barber', 8)],
    ['an administrator', userOf('admin', 7)],
    ['a visitor', null],
  ])('offers no Reply to %s', async (_who, user) => {
    fakeApi(profile);
    renderProfile(user);
    await openReviews();
    expect(screen.getByText('Thanks John!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});
