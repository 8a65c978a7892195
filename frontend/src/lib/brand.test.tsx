// @vitest-environment happy-dom
import '../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { PublicSettings } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SETTINGS_KEY, usePlatformDescription } from './brand';
import { publicSettingsOf } from '../test/publicSettings';

const settings = publicSettingsOf();

function Tagline() {
  return <p>{usePlatformDescription() ?? 'none yet'}</p>;
}

function show(answer: PublicSettings | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (answer) client.setQueryData(PUBLIC_SETTINGS_KEY, answer);
  render(
    <QueryClientProvider client={client}>
      <Tagline />
    </QueryClientProvider>,
  );
}

describe('the platform description', () => {
  it("is the admin's text, and the document's meta description", () => {
    document.head.innerHTML = '<meta name="description" content="built in">';
    show(settings);
    expect(screen.getByText('Fresh cuts at your door in Miami')).toBeTruthy();
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      'Fresh cuts at your door in Miami',
    );
  });

  it('leaves the built-in meta description until the server answers, or when the text is blank', () => {
    document.head.innerHTML = '<meta name="description" content="built in">';
    show({ ...settings, platformDescription: '   ' });
    expect(screen.getByText('none yet')).toBeTruthy();
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('built in');
  });
});
