import { useAnnouncement } from '../../lib/announce';

/**
 * The app's one polite live region: what changes on screen without the user doing anything (a booking's
 * status pushed live) is said to screen reader users too (`announce`).
 */
export function LiveAnnouncer() {
  const { text, seq } = useAnnouncement();
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
      <span key={seq}>{text}</span>
    </div>
  );
}
