import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@barber/shared';
import { useEffect } from 'react';
import { APP_NAME } from '../config/app';
import { api } from './api';

/** The query of GET /api/public-settings (the brand, the password rule, whether sign-up is open). */
export const PUBLIC_SETTINGS_KEY = ['/api/public-settings'] as const;

function usePublicSettings(): PublicSettings | undefined {
  const { data } = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get('/api/public-settings', undefined, { signal, answer: 'publicSettingsSchema' }),
  });
  return data;
}

/** The platform's name as the admin set it (Platform Settings), the built-in one until the server answers. */
export function usePlatformName(): string {
  return usePublicSettings()?.platformName.trim() || APP_NAME;
}

/**
 * The platform's description as the admin set it (Platform Settings), undefined until the server answers; it
 * also becomes the document's meta description (index.html carries the built-in one for the first paint).
 */
export function usePlatformDescription(): string | undefined {
  const description = usePublicSettings()?.platformDescription.trim() || undefined;
  useEffect(() => {
    if (!description) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
  return description;
}
