import { describe, expect, it } from 'vitest';
import { firstServiceOfCategory, searchedCategory, servicesForSearch } from './serviceCategory';

// by price, as the server answers them
const services = [
  { id: 1, category: 'beard' },
  { id: 2, category: 'shave' },
  { id: 3, category: 'styling' },
  { id: 4, category: 'Haircut' },
  { id: 5, category: 'haircut' },
];

describe('the services offered for a search', () => {
  it('puts those of the searched category first, then the others, at most the limit', () => {
    expect(servicesForSearch(services, 'haircut', 3).map((s) => s.id)).toEqual([4, 5, 1]);
  });

  it('keeps the order for all services, or a category the barber does not offer', () => {
    expect(servicesForSearch(services, null, 3).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(servicesForSearch(services, 'color', 3).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('names the first service of the category, none for all services', () => {
    expect(firstServiceOfCategory(services, 'HAIRCUT')?.id).toBe(4);
    expect(firstServiceOfCategory(services, null)).toBeUndefined();
    expect(firstServiceOfCategory(services, 'color')).toBeUndefined();
    expect(searchedCategory('all')).toBeNull();
    expect(searchedCategory('')).toBeNull();
    expect(searchedCategory(undefined)).toBeNull();
    expect(searchedCategory('beard')).toBe('beard');
  });
});
