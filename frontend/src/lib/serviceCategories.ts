/** Service categories the barber can choose (the customer side's filters use these keys). */
export const SERVICE_CATEGORIES: { value: string; label: string }[] = [
  { value: 'haircut', label: 'Haircut' },
  { value: 'beard', label: 'Beard Trim' },
  { value: 'styling', label: 'Hair Styling' },
  { value: 'shave', label: 'Shave' },
  { value: 'grooming', label: 'Grooming' },
  { value: 'package', label: 'Package' },
];

export function categoryLabel(value: string): string {
  const known = SERVICE_CATEGORIES.find((c) => c.value === value);
  if (known) return known.label;
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Other';
}
