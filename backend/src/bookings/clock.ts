import type { Deps } from '../plugins/deps';

/** Now, by the injected clock of the deps when there is one (tests), else the real clock. */
export function clockNow(deps: Pick<Deps, 'clock'>): Date {
  return deps.clock?.() ?? new Date();
}
