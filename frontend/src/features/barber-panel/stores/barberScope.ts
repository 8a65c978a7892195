import { create } from 'zustand';

const STORAGE_KEY = 'barber-panel:selected-barber';

function readStored(): number | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const n = raw ? Number(raw) : NaN;
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

interface BarberScopeState {
  /** The barber an administrator is looking at (docs/design.md §9); unused for barbers. */
  selectedBarberId: number | null;
  /** Its name as the picker listed it, while a search lists others (in memory only). */
  selectedLabel: string | null;
  select: (barberId: number | null, label?: string) => void;
}

/** Which barber's panel an administrator views; kept for the browser tab's session. */
export const useBarberScopeStore = create<BarberScopeState>((set) => ({
  selectedBarberId: readStored(),
  selectedLabel: null,
  select: (barberId, label) => {
    try {
      if (barberId) sessionStorage.setItem(STORAGE_KEY, String(barberId));
      else sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      /* storage unavailable: keep it in memory only */
    }
    set({ selectedBarberId: barberId, selectedLabel: label ?? null });
  },
}));
