// @vitest-environment happy-dom
import '../test/dom';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { canGoBackInApp, useTrackScreens } from './inAppHistory';

function Tracked() {
  useTrackScreens();
  return null;
}

describe('canGoBackInApp', () => {
  it('is false on the first screen of a page load (opened from another site), true once the app moved', () => {
    const location = memoryLocation({ path: '/barber-profile/5' });
    render(
      <Router hook={location.hook}>
        <Tracked />
      </Router>,
    );
    expect(canGoBackInApp()).toBe(false);
    act(() => location.navigate('/search'));
    expect(canGoBackInApp()).toBe(true);
  });
});
