// @vitest-environment happy-dom
import '../../test/dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnavailableButton } from './UnavailableButton';

describe('UnavailableButton', () => {
  it('is disabled and says why, tied to the button for screen readers', () => {
    render(<UnavailableButton reason="Photo uploads are not available yet.">Change Photo</UnavailableButton>);
    const button = screen.getByRole('button', { name: 'Change Photo' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Photo uploads are not available yet.',
    );
  });
});
