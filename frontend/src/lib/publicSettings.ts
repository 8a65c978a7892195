import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MIN_FLOOR } from '@barber/shared';
import { api } from './api';

/** GET /api/public-settings: what the forms need before asking the server. */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['/api/public-settings'],
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get('/api/public-settings', undefined, { signal, answer: 'publicSettingsSchema' }),
  });
}

/**
 * The platform's least password length, as a getter for withPasswordMin: the spec's floor until the server
 * answers (the server checks its own rule in any case).
 */
export function usePasswordMinLength(): { min: number; getMin: () => number } {
  const min = usePublicSettings().data?.passwordMinLength ?? PASSWORD_MIN_FLOOR;
  const ref = useRef(min);
  ref.current = min;
  return { min, getMin: useRef(() => ref.current).current };
}
