import { create } from 'zustand';

interface Announcement {
  text: string;
  /** Changes with every announcement, so the same words said twice are read twice. */
  seq: number;
}

export const useAnnouncement = create<Announcement>(() => ({ text: '', seq: 0 }));

/** Says `text` to screen readers through the one polite live region of the app (LiveAnnouncer). */
export function announce(text: string): void {
  useAnnouncement.setState((s) => ({ text, seq: s.seq + 1 }));
}
