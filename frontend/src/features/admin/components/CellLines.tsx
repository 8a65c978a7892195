import type { ReactNode } from 'react';

/** A table cell's main line (`strong`: in medium weight) and, when given, a smaller grey line under it. */
export function CellLines({ main, sub, strong = false }: { main: ReactNode; sub?: ReactNode; strong?: boolean }) {
  return (
    <>
      <div className={strong ? 'font-medium' : undefined}>{main}</div>
      {sub ? <div className="text-xs text-zinc-600">{sub}</div> : null}
    </>
  );
}
