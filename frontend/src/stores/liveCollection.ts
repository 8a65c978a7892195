import { useEffect } from 'react';
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { create, type StoreApi, type UseBoundStore } from 'zustand';

/*
 * The one way the frontend keeps server state live (docs/design.md §6). A screen fetches with TanStack
 * Query and puts what it read into a live collection; pushed events go into the same collection; the
 * screen renders from it. The collection holds items by id and merges by version: neither a pushed
 * item nor a fetched page ever replaces a newer version it already holds, whichever arrived first. It
 * belongs to one user and empties itself when another user signs in (`followOwner`).
 */

/** What a collection needs of an item: its id and a version that grows with every change. */
export interface LiveItem {
  id: string;
  version: number;
}

interface LiveCollectionState<T extends LiveItem> {
  /** Whose items these are (null: nobody signed in, or not yet known). */
  ownerId: number | null;
  /** Every item held, newest version, by id. */
  byId: Readonly<Record<string, T>>;
  /** Ids first learnt from a push rather than a fetched page, in order of arrival. */
  pushedIds: readonly string[];
  /** Versions of removed items: an older copy (a page that left before the removal) does not bring them back. */
  removed: Readonly<Record<string, number>>;
  /** Starts over for another owner (nothing happens when the owner is the same). */
  claim: (ownerId: number | null) => void;
  /**
   * Puts fetched items in (a page, or the answer of a command). An item replaces the held one only if
   * its version is newer. With `ownerId`, a page fetched for someone else than the current owner is ignored.
   */
  merge: (items: readonly T[], ownerId?: number | null) => void;
  /** Applies a pushed item: inserted, or replacing an older version. */
  push: (item: T) => void;
  /**
   * Applies pushed items in order, as `push` each would, with one update (the held items copied once): for a burst
   * of pushes (a catch-up replays up to 1,000), where one update each would copy and render everything each time.
   */
  pushMany: (items: readonly T[]) => void;
  /** Removes an item; with `version`, copies of that version or older are not taken in again. */
  remove: (id: string, version?: number) => void;
  /** Changes a held item in place, e.g. the status a push told without its item. No-op when not held. */
  patch: (id: string, update: (item: T) => T) => void;
  /** Empties the collection and forgets its owner. */
  reset: () => void;
}

export type LiveCollection<T extends LiveItem> = UseBoundStore<StoreApi<LiveCollectionState<T>>>;

/**
 * How many items a collection holds at most: what its screens can show (the newest `max` in `compare`'s order),
 * not every item pushed for the page's life. Items past `max` are let go (not removed: a later page or push
 * brings them back), unless `keep` holds on to them (an item a mounted screen shows, say).
 */
export interface LiveCollectionBound<T extends LiveItem> {
  /** How many items to hold, besides those `keep` holds on to. */
  max: number;
  /** Newest first: the items after the first `max` in this order are let go. */
  compare: (a: T, b: T) => number;
  /**
   * Room beyond `max` before the collection is trimmed (0 when not given): a trim sorts the items, so with
   * room it happens once every `slack` new items rather than on each.
   */
  slack?: number;
  /** Called once per trim: the test of the items that stay whatever their rank. */
  keep?: () => (item: T) => boolean;
}

const empty = { byId: {}, pushedIds: [], removed: {} };

/** Whether `next` may replace `held`: only a strictly newer version does (equal versions are the same item). */
function takes<T extends LiveItem>(held: T | undefined, next: T, removedAt: number | undefined): boolean {
  if (removedAt !== undefined && next.version <= removedAt) return false;
  return held === undefined || next.version > held.version;
}

/**
 * A new live collection (a Zustand store: select from it with `useX((s) => s.byId)`); with `bound`, one that
 * holds only the newest items (see `LiveCollectionBound`).
 */
export function createLiveCollection<T extends LiveItem>(
  options: { bound?: LiveCollectionBound<T> } = {},
): LiveCollection<T> {
  const { bound } = options;
  /** How many items the last trim left (those kept may outnumber `max`): the next trim waits for `slack` more. */
  let trimmedTo = 0;

  /** `byId` (and the pushed ids) within the bound, once it has grown past it. */
  function bounded(
    byId: Record<string, T>,
    pushedIds: readonly string[],
  ): { byId: Record<string, T>; pushedIds: readonly string[] } {
    if (!bound) return { byId, pushedIds };
    const items = Object.values(byId);
    if (items.length <= Math.max(bound.max, trimmedTo) + (bound.slack ?? 0)) return { byId, pushedIds };
    const kept = bound.keep?.();
    const next: Record<string, T> = {};
    items.sort(bound.compare).forEach((item, rank) => {
      if (rank < bound.max || kept?.(item)) next[item.id] = item;
    });
    trimmedTo = Object.keys(next).length;
    return { byId: next, pushedIds: pushedIds.filter((id) => id in next) };
  }

  return create<LiveCollectionState<T>>((set) => ({
    ownerId: null,
    ...empty,
    claim: (ownerId) =>
      set((s) => {
        if (s.ownerId === ownerId) return s;
        trimmedTo = 0;
        return { ownerId, ...empty };
      }),
    merge: (items, ownerId) =>
      set((s) => {
        if (ownerId !== undefined && ownerId !== s.ownerId) return s;
        let byId: Record<string, T> | null = null;
        for (const item of items) {
          const current = (byId ?? s.byId)[item.id];
          if (!takes(current, item, s.removed[item.id])) continue;
          byId ??= { ...s.byId };
          byId[item.id] = item;
        }
        return byId ? bounded(byId, s.pushedIds) : s;
      }),
    push: (item) =>
      set((s) => {
        const held = s.byId[item.id];
        if (!takes(held, item, s.removed[item.id])) return s;
        const byId = { ...s.byId, [item.id]: item };
        const pushedIds = held || s.pushedIds.includes(item.id) ? s.pushedIds : [...s.pushedIds, item.id];
        return held ? { byId, pushedIds } : bounded(byId, pushedIds);
      }),
    pushMany: (items) =>
      set((s) => {
        let byId: Record<string, T> | null = null;
        let pushed: Set<string> | null = null;
        const added: string[] = [];
        let grew = false;
        for (const item of items) {
          const held = (byId ?? s.byId)[item.id];
          if (!takes(held, item, s.removed[item.id])) continue;
          byId ??= { ...s.byId };
          byId[item.id] = item;
          if (held) continue;
          grew = true;
          pushed ??= new Set(s.pushedIds);
          if (!pushed.has(item.id)) {
            pushed.add(item.id);
            added.push(item.id);
          }
        }
        if (!byId) return s;
        const pushedIds = added.length ? [...s.pushedIds, ...added] : s.pushedIds;
        // trimmed once for the batch (a push trims as each new item comes)
        return grew ? bounded(byId, pushedIds) : { byId, pushedIds };
      }),
    remove: (id, version) =>
      set((s) => {
        const held = s.byId[id];
        if (held && version !== undefined && held.version > version) return s;
        const removedAt = Math.max(version ?? held?.version ?? -Infinity, s.removed[id] ?? -Infinity);
        const removed =
          Number.isFinite(removedAt) && removedAt !== s.removed[id] ? { ...s.removed, [id]: removedAt } : s.removed;
        if (!held && removed === s.removed) return s;
        const byId = { ...s.byId };
        delete byId[id];
        return { byId, removed, pushedIds: s.pushedIds.filter((p) => p !== id) };
      }),
    patch: (id, update) =>
      set((s) => {
        const held = s.byId[id];
        if (!held) return s;
        const next = update(held);
        return next === held ? s : { byId: { ...s.byId, [id]: next } };
      }),
    reset: () => {
      trimmedTo = 0;
      set({ ownerId: null, ...empty });
    },
  }));
}

/**
 * Each item of a fetched page in its newest version: the held one when a push brought a newer version
 * (fields only the page carries are kept), else the page's own.
 */
export function latestOf<T extends LiveItem, P extends T>(byId: Readonly<Record<string, T>>, page: readonly P[]): P[] {
  return page.map((item) => {
    const held = byId[item.id];
    return held && held.version > item.version ? { ...item, ...held } : item;
  });
}

/** A store that tells who is signed in (the session), reduced to what `followOwner` needs. */
export interface OwnerSource<S> {
  getState: () => S;
  subscribe: (listener: (state: S) => void) => () => void;
}

/**
 * Keeps a collection owned by the signed-in user: claimed for the current user now and emptied whenever
 * another user (or nobody) is signed in, so no one ever sees the previous user's items. Returns the unsubscribe.
 */
export function followOwner<S>(
  collection: { getState: () => { claim: (ownerId: number | null) => void } },
  source: OwnerSource<S>,
  ownerOf: (state: S) => number | null,
): () => void {
  collection.getState().claim(ownerOf(source.getState()));
  return source.subscribe((state) => collection.getState().claim(ownerOf(state)));
}

/**
 * Fetches with TanStack Query into a live collection: the answer's items are merged (by version) as soon
 * as they arrive, before the screen renders the answer, and again if the collection was emptied while the
 * answer stayed cached. The screen reads loading and errors from the query, and the items from the collection.
 */
export function useLiveQuery<T extends LiveItem, A>(
  collection: LiveCollection<T>,
  options: {
    queryKey: QueryKey;
    fetch: (signal: AbortSignal) => Promise<A>;
    /** The items of an answer: a stable function (defined once, outside the component). */
    items: (answer: A) => readonly T[];
    /** Whose items the answer holds: an answer for someone else than the collection's owner is dropped. */
    ownerId?: number | null;
    enabled?: boolean;
    staleTime?: number;
    gcTime?: number;
  },
): UseQueryResult<A> {
  const { queryKey, fetch, items, ownerId, enabled, staleTime, gcTime } = options;
  const query = useQuery<A>({
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = await fetch(signal);
      collection.getState().merge(items(answer), ownerId);
      return answer;
    },
    ...(enabled === undefined ? {} : { enabled }),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(gcTime === undefined ? {} : { gcTime }),
  });
  const { data } = query;
  const owner = collection((s) => s.ownerId);
  useEffect(() => {
    if (data !== undefined) collection.getState().merge(items(data), ownerId);
  }, [collection, data, items, ownerId, owner]);
  return query;
}
