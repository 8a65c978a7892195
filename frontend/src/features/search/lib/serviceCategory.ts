import type { Service } from '@barber/shared';

/** The category a search asked for, or null when it asked for all services. */
export function searchedCategory(category: string | null | undefined): string | null {
  return category && category !== 'all' ? category : null;
}

/** Whether the service is of the category (compared without case, as the server filters the search). */
function isOfCategory(service: Pick<Service, 'category'>, category: string): boolean {
  return service.category.toLowerCase() === category.toLowerCase();
}

/**
 * The services to offer for a search of `category` (null: all services), at most `limit` of them: those of
 * the category first, then the others, each group in the answer's order (the server sorts them by price).
 */
export function servicesForSearch<S extends Pick<Service, 'category'>>(
  services: readonly S[],
  category: string | null,
  limit: number,
): S[] {
  if (!category) return services.slice(0, limit);
  const of = services.filter((s) => isOfCategory(s, category));
  const others = services.filter((s) => !isOfCategory(s, category));
  return [...of, ...others].slice(0, limit);
}

/** The first service of the category (in the answer's order), or undefined for no category or none of it. */
export function firstServiceOfCategory<S extends Pick<Service, 'category'>>(
  services: readonly S[],
  category: string | null,
): S | undefined {
  return category ? services.find((s) => isOfCategory(s, category)) : undefined;
}
