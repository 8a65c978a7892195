import { useCurrentUser } from '../../../stores/session';
import { useBarberScopeStore } from '../stores/barberScope';

export interface ActingBarber {
  isAdmin: boolean;
  /** The barber an administrator views; null for a barber (the server knows them) or before a choice. */
  barberId: number | null;
  /** Query params every barber-panel call carries ({ barberId } for administrators). */
  params: { barberId?: number };
  /** False while an administrator has not chosen a barber yet. */
  ready: boolean;
}

/** Whose panel this is: the signed-in barber, or the barber an administrator chose (docs/design.md §9). */
export function useActingBarber(): ActingBarber {
  const { user } = useCurrentUser();
  const selected = useBarberScopeStore((s) => s.selectedBarberId);
  const isAdmin = user?.role === 'admin';
  if (!isAdmin) return { isAdmin: false, barberId: null, params: {}, ready: true };
  return {
    isAdmin: true,
    barberId: selected,
    params: selected ? { barberId: selected } : {},
    ready: selected !== null,
  };
}
