// @vitest-environment happy-dom
import '../../../test/dom';
import { defaultPlatformSettings } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { SettingsPage } from './SettingsPage';

vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn() }));

signedInForEachTest(userOf('admin', 1));

const saved = { ...defaultPlatformSettings, rateLimitEnabled: true, maxRequestsPerMinute: 100 };

function renderPage() {
  let stored = saved;
  const { requests } = fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/admin/settings') return { status: 200, body: stored };
    if (method === 'PATCH' && path === '/api/admin/settings') {
      stored = { ...stored, ...(body as object) };
      return { status: 200, body: stored };
    }
    if (path === '/api/stripe/config') return { status: 200, body: { publishableKey: null } };
    return undefined;
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SettingsPage />
    </QueryClientProvider>,
  );
  return requests;
}

describe('Platform Settings', () => {
  it('saves with rate limiting switched off though a bad value was typed in its hidden fields (the saved one is kept)', async () => {
    const requests = renderPage();
    const field = (await screen.findByLabelText('Max Requests per Minute')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('100'));
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    await userEvent.click(screen.getByRole('switch', { name: 'Rate Limiting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      rateLimitEnabled: false,
      maxRequestsPerMinute: 100,
    });
  });

  it('says what is wrong with an emptied number, under the field and in a toast, and sends nothing', async () => {
    const requests = renderPage();
    const fee = (await screen.findByLabelText('Platform Fee (%)')) as HTMLInputElement;
    await waitFor(() => expect(fee.value).toBe('10'));
    await userEvent.clear(fee);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter a number from 0 to 30')).toBeTruthy();
    expect(vi.mocked(toast)).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Update Failed', description: 'Enter a number from 0 to 30' }),
    );
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });
  it('asks before the tab is closed while an edit is unsaved, and no longer once it is saved', async () => {
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const requests = renderPage();
    const fee = (await screen.findByLabelText('Platform Fee (%)')) as HTMLInputElement;
    await waitFor(() => expect(fee.value).toBe('10'));
    expect(leave()).toBe(false);
    await userEvent.clear(fee);
    await userEvent.type(fee, '12');
    expect(leave()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    await waitFor(() => expect(leave()).toBe(false));
  });
});
