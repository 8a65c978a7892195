// @vitest-environment happy-dom
import '../test/dom';
import { useRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusOnStep } from './useFocusOnStep';

function Checkout({ step }: { step: 1 | 2 }) {
  const area = useRef<HTMLDivElement>(null);
  useFocusOnStep(step, area);
  return (
    <>
      <a href="/search">Back to search</a>
      <div ref={area}>
        {step === 1 ? (
          <form aria-label="Contact Details">
            <h2>Contact Details</h2>
            <button type="button">Continue</button>
          </form>
        ) : (
          <>
            <h2>Contact Details</h2>
            <div data-step-main>
              <h2>Payment</h2>
            </div>
          </>
        )}
      </div>
    </>
  );
}

describe('focus when a checkout step replaces the one it was in', () => {
  it("goes to the new step's heading, not to the page", () => {
    const { rerender } = render(<Checkout step={1} />);
    screen.getByRole('button', { name: 'Continue' }).focus();
    rerender(<Checkout step={2} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payment' }));
  });

  it('stays where it is when it was not lost (nothing to move)', () => {
    const { rerender } = render(<Checkout step={1} />);
    const back = screen.getByRole('link', { name: 'Back to search' });
    back.focus();
    rerender(<Checkout step={2} />);
    expect(document.activeElement).toBe(back);
  });
});
