import { regionLabel, type BarberListing } from '@barber/shared';

/** Spec §2.4: when the barber has no services the card shows these. */
const DEFAULT_CARD_SERVICES = ['Haircut', 'Beard Trim'];

/** At most 3 service names for a card. */
export function cardServiceNames(barber: BarberListing): string[] {
  const names = barber.services.map((s) => s.name);
  return names.length > 0 ? names.slice(0, 3) : DEFAULT_CARD_SERVICES;
}

/** The card's location: the regions the barber serves, as labels ("Miami, FL"). */
export function cardLocation(barber: BarberListing): string {
  if (barber.cities.length === 0) return regionLabel('miami');
  return barber.cities.map((c) => regionLabel(c)).join(' · ');
}

/** "$" + the lowest service price (25 when none): the API's startingPrice, else computed. */
export function startingPriceValue(barber: BarberListing): string {
  if (barber.startingPrice) return barber.startingPrice;
  const prices = barber.services.map((s) => Number(s.price)).filter((n) => Number.isFinite(n));
  return prices.length ? String(Math.min(...prices)) : '25';
}

export function barberName(barber: BarberListing): string {
  return barber.user.fullName || barber.user.username;
}
