// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLeaveWarning } from './useLeaveWarning';

const leave = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useLeaveWarning', () => {
  it('asks before the page is left only while something is unsaved', () => {
    const { rerender, unmount } = renderHook(({ unsaved }) => useLeaveWarning(unsaved), {
      initialProps: { unsaved: false },
    });
    expect(leave()).toBe(false);
    rerender({ unsaved: true });
    expect(leave()).toBe(true);
    rerender({ unsaved: false }); // saved
    expect(leave()).toBe(false);
    rerender({ unsaved: true });
    unmount();
    expect(leave()).toBe(false);
  });
});
