// @vitest-environment happy-dom
import '../../test/dom';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusOnNavigate } from './useFocusOnNavigate';

function Shell({ path, autofocus = false }: { path: string; autofocus?: boolean }) {
  useFocusOnNavigate(path);
  return (
    <>
      <a href="/">Home</a>
      <main id="main" tabIndex={-1}>
        <h1>{path}</h1>
        {autofocus ? <input aria-label="Zipcode" autoFocus /> : null}
      </main>
    </>
  );
}

describe('focus after a navigation', () => {
  it('goes to the main content when the path changes, not on the first render', () => {
    const { rerender } = render(<Shell path="/barbers/5" />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Shell path="/checkout" />);
    expect(document.activeElement?.id).toBe('main');
  });

  it('stays where the new page put it', () => {
    const { rerender, getByLabelText } = render(<Shell path="/" />);
    rerender(<Shell path="/search" autofocus />);
    expect(document.activeElement).toBe(getByLabelText('Zipcode'));
  });
});
