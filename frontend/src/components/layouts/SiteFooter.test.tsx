// @vitest-environment happy-dom
import '../../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SETTINGS_KEY } from '../../lib/brand';
import { SiteFooter } from './SiteFooter';
import { publicSettingsOf } from '../../test/publicSettings';

const settings = publicSettingsOf();

describe('the site footer', () => {
  it("shows the platform's name and description as the admin set them", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(PUBLIC_SETTINGS_KEY, settings);
    render(
      <QueryClientProvider client={client}>
        <SiteFooter />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('contentinfo').textContent).toBe(
      `© ${new Date().getFullYear()} Fade · Fresh cuts at your door in Miami`,
    );
  });
});
