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
  it('keeps what was typed in a panel while another tab is shown, and hides that panel from view and from the accessibility tree meanwhile', async () => {
    const user = userEvent.setup();
    render(<Sections keepMounted />);
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), 'Ten years of fades');
    await user.click(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByRole('tabpanel').id).toBe(screen.getByRole('tab', { name: 'B' }).getAttribute('aria-controls'));
    expect(screen.queryByRole('textbox', { name: 'Bio' })).toBeNull();
    const bio = screen.getByLabelText('Bio') as HTMLInputElement; // still mounted
    expect(bio.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'A' }));
    expect((screen.getByRole('textbox', { name: 'Bio' }) as HTMLInputElement).value).toBe('Ten years of fades');
    expect(screen.queryByRole('textbox', { name: 'Phone' })).toBeNull();
  });

  it('mounts a panel only once its tab is opened, and keeps it mounted after', async () => {
    const user = userEvent.setup();
    render(<Sections keepMounted />);
    expect(screen.queryByLabelText('Phone')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'B' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555');
    await user.click(screen.getByRole('tab', { name: 'A' }));
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('555');
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
