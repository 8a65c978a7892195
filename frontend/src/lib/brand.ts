import { useQuery } from '@tanstack/react-query';
import { APP_NAME } from '../config/app';
import { api } from './api';

/** The query of GET /api/public-settings (the brand, the password rule, whether sign-up is open). */
export const PUBLIC_SETTINGS_KEY = ['/api/public-settings'] as const;

/** The platform's name as the admin set it (Platform Settings), the built-in one until the server answers. */
export function usePlatformName(): string {
  const { data } = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get('/api/public-settings', undefined, { signal, answer: 'publicSettingsSchema' }),
  });
  return data?.platformName.trim() || APP_NAME;
}
