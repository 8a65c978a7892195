import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Screens shown in this page load, the first included. */
let shown = 0;

/** Counts the screens the app shows (mounted once, at the routes). */
export function useTrackScreens(): void {
  const [location] = useLocation();
  useEffect(() => {
    shown += 1;
  }, [location]);
}

/**
 * Whether going back stays in the app: `history.length` also counts the pages of other sites before it
 * (a search engine, a shared link), where a Back link must not lead.
 */
export function canGoBackInApp(): boolean {
  return shown > 1;
}
