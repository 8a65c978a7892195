import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { SettingsStore } from './store';

const t = useTestApp();

describe('platform settings', () => {
  it('two first saves at once, on two instances, each keep their change (no demo seed: production)', async () => {
    const [one, two] = [new SettingsStore(t.db.sql), new SettingsStore(t.db.sql)];
    await Promise.all([one.update({ platformFeePercentage: 12.5 }), two.update({ cancellationWindow: 48 })]);
    const [row] = await t.db.sql<{ data: Record<string, unknown> }[]>`SELECT data FROM platform_settings WHERE id = 1`;
    expect(row!.data).toMatchObject({ platformFeePercentage: 12.5, cancellationWindow: 48 });
  });
});
