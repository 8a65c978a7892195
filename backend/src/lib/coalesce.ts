/**
 * Request coalescing for reads that must never be stale: a read that arrives while the same read (same
 * key) is in flight does not reuse that one (it may have started before a write this caller already saw
 * committed); it waits for the NEXT one, which starts the moment the current one ends and serves every
 * caller that arrived meanwhile. Each caller thus gets an answer read after it arrived, and under load N
 * concurrent callers cost about one query per query time instead of N queries.
 */
export function coalesced<K, V>(load: (key: K) => Promise<V>, keyOf: (key: K) => string = (k) => String(k)) {
  interface Slot {
    running: Promise<V> | null;
    next: Promise<V> | null;
  }
  const slots = new Map<string, Slot>();

  const start = (id: string, key: K, slot: Slot): Promise<V> => {
    const running = load(key);
    slot.running = running;
    const done = () => {
      if (slot.running !== running) return;
      slot.running = null;
      if (!slot.next) slots.delete(id);
    };
    running.then(done, done);
    return running;
  };

  return (key: K): Promise<V> => {
    const id = keyOf(key);
    let slot = slots.get(id);
    if (!slot) {
      slot = { running: null, next: null };
      slots.set(id, slot);
    }
    const { running } = slot;
    if (!running) return start(id, key, slot);
    if (slot.next) return slot.next;
    const own = slot;
    const after = () => {
      own.next = null;
      return start(id, key, own);
    };
    own.next = running.then(after, after);
    return own.next;
  };
}
