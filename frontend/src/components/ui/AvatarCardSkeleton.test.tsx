// @vitest-environment happy-dom
import '../../test/dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvatarListSkeleton } from './AvatarCardSkeleton';

describe('a loading placeholder', () => {
  it('says what is loading in its live region (a name alone is never read out, and the skeleton is hidden)', () => {
    render(<AvatarListSkeleton label="Loading bookings" avatar="size-10" bars={['h-4 w-40']} />);
    expect(screen.getByRole('status', { name: 'Loading bookings' }).textContent).toBe('Loading bookings');
  });
});
