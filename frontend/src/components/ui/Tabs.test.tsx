// @vitest-environment happy-dom
import '../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

function Sections({ keepMounted }: { keepMounted: boolean }) {
  return (
    <Tabs defaultValue="a">
      <TabsList aria-label="Sections">
        <TabsTrigger value="a">A</TabsTrigger>
        <TabsTrigger value="b">B</TabsTrigger>
      </TabsList>
      <TabsContent value="a" keepMounted={keepMounted}>
        <input aria-label="Bio" />
      </TabsContent>
      <TabsContent value="b" keepMounted={keepMounted}>
        <input aria-label="Phone" />
      </TabsContent>
    </Tabs>
  );
}

describe('TabsContent keepMounted', () => {
  it('keeps what was typed in a panel while another tab is shown, and hides it meanwhile', async () => {
    const user = userEvent.setup();
    render(<Sections keepMounted />);
    await user.type(screen.getByLabelText('Bio'), 'Ten years of fades');
    await user.click(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByRole('tabpanel', { hidden: true, name: 'A' }).className).toContain(
      'data-[state=inactive]:hidden',
    );
    expect(
      screen.getByLabelText('Bio', { selector: 'input' }).closest('[data-state]')?.getAttribute('data-state'),
    ).toBe('inactive');
    await user.click(screen.getByRole('tab', { name: 'A' }));
    expect((screen.getByLabelText('Bio') as HTMLInputElement).value).toBe('Ten years of fades');
  });

  it('without it, a panel left loses its state (Radix unmounts it)', async () => {
    const user = userEvent.setup();
    render(<Sections keepMounted={false} />);
    await user.type(screen.getByLabelText('Bio'), 'lost');
    await user.click(screen.getByRole('tab', { name: 'B' }));
    await user.click(screen.getByRole('tab', { name: 'A' }));
    expect((screen.getByLabelText('Bio') as HTMLInputElement).value).toBe('');
  });
});
