/** Initials from the first letter of each word of a name ("Marcus Rivera" -> "MR"), at most `max`. */
export function initials(name: string, max = 2): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, max)
      .toUpperCase() || '?'
  );
}
