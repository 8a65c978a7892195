// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Service } from '@barber/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useServiceOwnerActions } from '../../../components/services/useServiceOwnerActions';
import { api } from '../../../lib/api';
import { fakeApi } from '../../../test/app';
import { ProfileTabs } from './ProfileTabs';

/* docs/spec/customer-side.md §2.9: for the owner only, the profile's service cards edit and delete (dialogs "Edit Service", "Delete Service"). */

const fade: Service = {
  id: 11,
  barberId: 4,
  name: 'Fade',
  description: 'Skin fade',
  duration: 30,
  price: '30.00',
  category: 'haircut',
  isActive: true,
};

function Profile({ owned }: { owned: boolean }) {
  const owner = useServiceOwnerActions();
  return (
    <>
      <ProfileTabs
        name="Marco"
        services={[fade]}
        portfolio={[]}
        reviews={[]}
        onBookService={() => {}}
        owner={owned ? owner : undefined}
      />
      {owner.dialogs}
    </>
  );
}

const renderProfile = (owned: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Profile owned={owned} />
    </QueryClientProvider>,
  );

// The reads a change sets off (the profile, the owner's services) go to a fake server that knows none of them,
// not to a port where nothing listens.
beforeEach(() => fakeApi(() => undefined));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the barber profile's service cards", () => {
  it('offer no edit or delete to anyone but the owner', () => {
    renderProfile(false);
    expect(screen.getByRole('button', { name: 'Book Fade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Service: Fade' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Service: Fade' })).toBeNull();
  });

  it('let the owner edit a service in the Edit Service dialog (PUT /api/services/{id})', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ...fade, price: '35.00' } as never);
    renderProfile(true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Service: Fade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0]).toBe('/api/services/11');
    expect(put.mock.calls[0]![1]).toMatchObject({ name: 'Fade', price: '35' });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('let the owner delete a service after the Delete Service question (DELETE /api/services/{id})', async () => {
    const remove = vi.spyOn(api, 'delete').mockResolvedValue(undefined as never);
    renderProfile(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Service: Fade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Service' });
    expect(dialog.textContent).toContain('This action cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/api/services/11'));
  });
});
