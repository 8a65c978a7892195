// @vitest-environment happy-dom
import '../../../test/dom';
import { defaultPlatformSettings } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { useSaveSettings } from './settings';

afterEach(() => vi.unstubAllGlobals());

describe('saving the platform settings', () => {
  it('sends every setting the screen shows, and not the IP whitelist, which it does not show', async () => {
    const { requests } = fakeApi(({ method }) =>
      method === 'PATCH' ? { status: 200, body: defaultPlatformSettings } : undefined,
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveSettings(), { wrapper });
    await act(() => result.current.mutateAsync({ ...defaultPlatformSettings, ipWhitelist: 'office router' }));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual(
      Object.fromEntries(Object.entries(defaultPlatformSettings).filter(([key]) => key !== 'ipWhitelist')),
    );
  });
});
