// @vitest-environment happy-dom
import '../test/dom';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { createLiveCollection, followOwner, latestOf, type LiveItem } from './liveCollection';

interface Item extends LiveItem {
  status: string;
}

const item = (id: string, version: number, status = `v${version}`): Item => ({ id, version, status });

describe('a live collection', () => {
  it('a push never replaces a newer version a fetched page brought', () => {
    const c = createLiveCollection<Item>();
    c.getState().merge([item('a', 3, 'confirmed')]);
    c.getState().push(item('a', 2, 'pending'));
    expect(c.getState().byId.a).toEqual(item('a', 3, 'confirmed'));
    c.getState().push(item('a', 4, 'en_route'));
    expect(c.getState().byId.a).toEqual(item('a', 4, 'en_route'));
  });

  it('a fetched page never replaces a newer version a push brought (the page left before the push)', () => {
    const c = createLiveCollection<Item>();
    c.getState().push(item('a', 5, 'completed'));
    c.getState().merge([item('a', 4, 'in_progress'), item('b', 1)]);
    expect(c.getState().byId.a).toEqual(item('a', 5, 'completed'));
    expect(c.getState().byId.b).toEqual(item('b', 1));
    c.getState().merge([item('a', 6, 'reviewed')]);
    expect(c.getState().byId.a?.status).toBe('reviewed');
  });

  it('keeps the held object for an equal version (a refetch of the same state)', () => {
    const c = createLiveCollection<Item>();
    const held = item('a', 2);
    c.getState().merge([held]);
    c.getState().merge([item('a', 2)]);
    c.getState().push(item('a', 2));
    expect(c.getState().byId.a).toBe(held);
  });

  it('a page keeps what it does not list (items a push added after the request left)', () => {
    const c = createLiveCollection<Item>();
    c.getState().push(item('new', 1));
    c.getState().merge([item('a', 1)]);
    expect(Object.keys(c.getState().byId).sort()).toEqual(['a', 'new']);
  });

  it('remembers which items were first learnt from a push, once each, in order', () => {
    const c = createLiveCollection<Item>();
    c.getState().merge([item('paged', 1)]);
    c.getState().push(item('paged', 2));
    c.getState().push(item('x', 1));
    c.getState().push(item('y', 1));
    c.getState().push(item('x', 2));
    expect(c.getState().pushedIds).toEqual(['x', 'y']);
  });

  it('removes an item, and an older copy of it does not bring it back', () => {
    const c = createLiveCollection<Item>();
    c.getState().push(item('a', 1));
    c.getState().merge([item('b', 3)]);
    c.getState().remove('a');
    c.getState().remove('b', 4);
    expect(c.getState().byId).toEqual({});
    expect(c.getState().pushedIds).toEqual([]);
    c.getState().merge([item('a', 1), item('b', 4)]);
    c.getState().push(item('b', 3));
    expect(c.getState().byId).toEqual({});
    c.getState().push(item('b', 5));
    expect(c.getState().byId.b).toEqual(item('b', 5));
  });

  it('ignores a removal older than the held version', () => {
    const c = createLiveCollection<Item>();
    c.getState().push(item('a', 3));
    c.getState().remove('a', 2);
    expect(c.getState().byId.a).toEqual(item('a', 3));
  });

  it('patches a held item, and nothing when the item is not held', () => {
    const c = createLiveCollection<Item>();
    c.getState().merge([item('a', 1, 'pending')]);
    c.getState().patch('a', (a) => ({ ...a, status: 'cancelled' }));
    c.getState().patch('zzz', (z) => ({ ...z, status: 'cancelled' }));
    expect(c.getState().byId).toEqual({ a: item('a', 1, 'cancelled') });
  });

  it('claiming another owner starts from nothing; a page fetched for the previous owner is ignored', () => {
    const c = createLiveCollection<Item>();
    c.getState().claim(1);
    c.getState().merge([item('a', 1)], 1);
    c.getState().push(item('p', 1));
    c.getState().remove('gone', 1);
    c.getState().claim(1);
    expect(Object.keys(c.getState().byId).sort()).toEqual(['a', 'p']);
    c.getState().claim(2);
    expect(c.getState()).toMatchObject({ ownerId: 2, byId: {}, pushedIds: [], removed: {} });
    c.getState().merge([item('a', 1)], 1);
    expect(c.getState().byId).toEqual({});
    c.getState().merge([item('b', 1)], 2);
    expect(Object.keys(c.getState().byId)).toEqual(['b']);
    c.getState().reset();
    expect(c.getState()).toMatchObject({ ownerId: null, byId: {} });
  });
});

describe('followOwner', () => {
  it('claims the collection for the signed-in user and empties it when the user changes, not when the same user is set again', () => {
    const session = create<{ user: { id: number; name: string } | null }>(() => ({ user: { id: 1, name: 'Ann' } }));
    const c = createLiveCollection<Item>();
    const stop = followOwner(c, session, (s) => s.user?.id ?? null);
    expect(c.getState().ownerId).toBe(1);
    c.getState().merge([item('a', 1)]);
    session.setState({ user: { id: 1, name: 'Ann B.' } }); // a profile update
    expect(c.getState().byId.a).toBeDefined();
    session.setState({ user: null }); // signed out
    expect(c.getState()).toMatchObject({ ownerId: null, byId: {} });
    c.getState().push(item('late', 1));
    session.setState({ user: { id: 2, name: 'Bob' } });
    expect(c.getState()).toMatchObject({ ownerId: 2, byId: {}, pushedIds: [] });
    stop();
    c.getState().merge([item('b', 1)]);
    session.setState({ user: { id: 3, name: 'Cy' } });
    expect(c.getState().ownerId).toBe(2);
    expect(c.getState().byId.b).toBeDefined();
  });
});

describe('latestOf', () => {
  it("shows each page item in the newest version held, keeping the page's own extra fields", () => {
    const byId = { a: item('a', 3, 'completed'), b: item('b', 1, 'old') };
    const page = [
      { ...item('a', 2, 'in_progress'), price: '25.00' },
      { ...item('b', 2, 'confirmed'), price: '30.00' },
      { ...item('c', 1), price: '10.00' },
    ];
    const shown = latestOf(byId, page);
    expect(shown).toEqual([
      { ...item('a', 3, 'completed'), price: '25.00' },
      { ...item('b', 2, 'confirmed'), price: '30.00' },
      { ...item('c', 1), price: '10.00' },
    ]);
    expect(shown[1]).toBe(page[1]);
    expect(shown[2]).toBe(page[2]);
  });
});

describe('subscribers', () => {
  it('are told only of changes', () => {
    const c = createLiveCollection<Item>();
    c.getState().claim(1);
    const listener = vi.fn();
    const off = c.subscribe(listener);
    c.getState().claim(1);
    c.getState().merge([]);
    c.getState().remove('nothing');
    c.getState().patch('nothing', (x) => x);
    expect(listener).not.toHaveBeenCalled();
    c.getState().merge([item('a', 2)]);
    expect(listener).toHaveBeenCalledTimes(1);
    c.getState().merge([item('a', 1), item('a', 2)]);
    c.getState().push(item('a', 2));
    c.getState().merge([item('x', 1)], 7); // another owner's page
    c.getState().patch('a', (a) => a);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it('re-render only when what they select changed', () => {
    const c = createLiveCollection<Item>();
    const renders = { a: 0, b: 0 };
    function Row({ id }: { id: 'a' | 'b' }) {
      const it = c((s) => s.byId[id]);
      renders[id] += 1;
      return <p data-testid={id}>{it ? it.status : 'none'}</p>;
    }
    const view = render(
      <>
        <Row id="a" />
        <Row id="b" />
      </>,
    );
    expect(renders).toEqual({ a: 1, b: 1 });
    act(() => c.getState().merge([item('a', 1, 'pending'), item('b', 1, 'pending')]));
    expect(renders).toEqual({ a: 2, b: 2 });
    act(() => c.getState().push(item('a', 2, 'confirmed')));
    expect(renders).toEqual({ a: 3, b: 2 });
    expect(view.getByTestId('a').textContent).toBe('confirmed');
    // the same and older versions again: nobody re-renders
    act(() => {
      c.getState().merge([item('a', 1, 'pending'), item('b', 1, 'pending')]);
      c.getState().push(item('a', 2, 'confirmed'));
    });
    expect(renders).toEqual({ a: 3, b: 2 });
    expect(view.getByTestId('b').textContent).toBe('pending');
  });
});

describe('a bounded collection', () => {
  // newest first: by the number in the id (n1 < n2 < ...)
  const byNewest = (a: Item, b: Item) => Number(b.id.slice(1)) - Number(a.id.slice(1));
  const ids = (c: { getState: () => { byId: Readonly<Record<string, Item>> } }) =>
    Object.keys(c.getState().byId).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

  it('holds the newest `max` items of those pushed, and forgets the others it pushed', () => {
    const c = createLiveCollection<Item>({ bound: { max: 3, compare: byNewest } });
    for (let n = 1; n <= 5; n += 1) c.getState().push(item(`n${n}`, 1));
    expect(ids(c)).toEqual(['n3', 'n4', 'n5']);
    expect(c.getState().pushedIds).toEqual(['n3', 'n4', 'n5']);
    // an update of a held item is not a new one: nothing goes
    c.getState().push(item('n3', 2));
    expect(ids(c)).toEqual(['n3', 'n4', 'n5']);
  });

  it('a page is bounded too; an item let go is not removed: a later page brings it back while it is among the newest', () => {
    const c = createLiveCollection<Item>({ bound: { max: 2, compare: byNewest } });
    c.getState().merge([item('n1', 1), item('n2', 1), item('n3', 1)]);
    expect(ids(c)).toEqual(['n2', 'n3']);
    c.getState().remove('n3');
    c.getState().merge([item('n1', 1)]);
    expect(ids(c)).toEqual(['n1', 'n2']);
  });

  it('keeps what `keep` holds on to, whatever its rank, and trims once per `slack` new items', () => {
    const shown = new Set(['n1']);
    const keep = vi.fn(() => (i: Item) => shown.has(i.id));
    const c = createLiveCollection<Item>({ bound: { max: 2, compare: byNewest, slack: 2, keep } });
    for (let n = 1; n <= 4; n += 1) c.getState().push(item(`n${n}`, 1));
    expect(keep).not.toHaveBeenCalled(); // 4 items: within max + slack
    c.getState().push(item('n5', 1));
    expect(keep).toHaveBeenCalledTimes(1);
    expect(ids(c)).toEqual(['n1', 'n4', 'n5']);
    c.getState().push(item('n6', 1));
    c.getState().push(item('n7', 1));
    expect(keep).toHaveBeenCalledTimes(1); // 5 items: within the 3 left by the last trim + slack
    shown.clear();
    c.getState().push(item('n8', 1));
    expect(ids(c)).toEqual(['n7', 'n8']);
  });

  it('starts its count again for another owner', () => {
    const keep = vi.fn((): ((i: Item) => boolean) => () => true);
    const c = createLiveCollection<Item>({ bound: { max: 1, compare: byNewest, keep } });
    c.getState().claim(1);
    for (let n = 1; n <= 4; n += 1) c.getState().push(item(`n${n}`, 1));
    expect(ids(c)).toEqual(['n1', 'n2', 'n3', 'n4']);
    c.getState().claim(2);
    keep.mockImplementation(() => () => false);
    c.getState().push(item('n5', 1));
    c.getState().push(item('n6', 1));
    expect(ids(c)).toEqual(['n6']);
  });
});

describe('pushMany', () => {
  // newest first: by the number in the id (n1 < n2 < ...)
  const byNewest = (a: Item, b: Item) => Number(b.id.slice(1)) - Number(a.id.slice(1));

  it('applies a burst of pushes as `push` each would, with one update: the held items copied once', () => {
    const one = createLiveCollection<Item>();
    const many = createLiveCollection<Item>();
    const burst = [
      item('paged', 2),
      item('x', 1),
      item('y', 1),
      item('x', 3, 'en_route'),
      item('x', 2), // older than the one before it: not taken
      item('gone', 2), // removed at version 2: not taken back
      item('paged', 1),
    ];
    for (const c of [one, many]) {
      c.getState().merge([item('paged', 1)]);
      c.getState().remove('gone', 2);
    }
    for (const i of burst) one.getState().push(i);
    const updates = vi.fn();
    const off = many.subscribe(updates);
    const before = many.getState().byId;
    many.getState().pushMany(burst);
    expect(updates).toHaveBeenCalledTimes(1);
    expect(many.getState().byId).not.toBe(before); // a new map (subscribers select by identity), made once
    expect(before).toEqual({ paged: item('paged', 1) }); // the one held before is not changed
    expect(many.getState().byId).toEqual(one.getState().byId);
    expect(many.getState().pushedIds).toEqual(one.getState().pushedIds);
    expect(many.getState().pushedIds).toEqual(['x', 'y']);
    // nothing newer: no update at all
    many.getState().pushMany([item('x', 3), item('y', 1)]);
    many.getState().pushMany([]);
    expect(updates).toHaveBeenCalledTimes(1);
    off();
  });

  it('a bounded collection is trimmed once for the burst, to its newest `max` and what `keep` holds on to', () => {
    const keep = vi.fn(() => (i: Item) => i.id === 'n1');
    const c = createLiveCollection<Item>({ bound: { max: 3, compare: byNewest, keep } });
    c.getState().pushMany(Array.from({ length: 10 }, (_, n) => item(`n${n + 1}`, 1)));
    expect(keep).toHaveBeenCalledTimes(1);
    expect(Object.keys(c.getState().byId).sort()).toEqual(['n1', 'n10', 'n8', 'n9']);
    expect(c.getState().pushedIds).toEqual(['n1', 'n8', 'n9', 'n10']);
  });
});
