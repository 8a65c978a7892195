import { useEffect, useRef, type RefObject } from 'react';

/**
 * When `step` changes after the first render and focus was lost with the step it was in (the Continue button went
 * with its form), focus goes to the new step's heading: the one inside `[data-step-main]` when there is one, else the
 * first heading of `area`. A keyboard or screen-reader user is told where they are instead of starting over from the
 * top of the page.
 */
export function useFocusOnStep(step: unknown, area: RefObject<HTMLElement | null>): void {
  const shown = useRef(step);
  useEffect(() => {
    if (Object.is(shown.current, step)) return;
    shown.current = step;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const root = area.current;
    const heading =
      root?.querySelector<HTMLElement>('[data-step-main] h2, [data-step-main] h3') ??
      root?.querySelector<HTMLElement>('h2, h3');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }, [step, area]);
}
