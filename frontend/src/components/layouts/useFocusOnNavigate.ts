import { useEffect, useRef } from 'react';

/**
 * Moves focus to the main content (`#main`, focusable by script) when the path changes: the link or button that
 * navigated is gone with the old page, focus fell to the document, and a keyboard or screen-reader user started
 * over from the top with nothing said. Not on the first render (the page just loaded), not when the search alone
 * changes (filters kept in the URL), and not when the new page already put focus inside it or in a dialog it opened.
 */
export function useFocusOnNavigate(path: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    const active = document.activeElement;
    // a dialog the new page opened (the booking drawer) keeps it too
    if (main && !main.contains(active) && !active?.closest('[role="dialog"]')) main.focus({ preventScroll: true });
  }, [path]);
}
