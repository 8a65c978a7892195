// @vitest-environment happy-dom
import '../../../../test/dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusinessSection } from './BusinessSection';

describe('BusinessSection', () => {
  it('says why its save cannot act: the disabled button is described by the reason', () => {
    render(<BusinessSection />);
    const save = screen.getByRole('button', { name: 'Coming Soon' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(document.getElementById(save.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Saving business settings is not available yet: changes made here are not kept.',
    );
  });
});
