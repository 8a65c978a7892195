import { useEffect } from 'react';

/**
 * While `unsaved`, closing the tab, reloading or leaving the site asks first (the browser's own question): a form
 * of many fields edited and not saved was dropped without a word.
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when it is set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
