import { z } from 'zod';
import { cityToRegion, countyKeys, normalizeCityName, type CountyKey, type RegionKey } from './regions';

/**
 * Zipcode reference (docs/spec/barber-and-admin.md §3): a built-in table of real USPS ZIP codes of
 * Miami-Dade, Broward and Palm Beach counties, each row a single ZIP (`to` omitted) or an
 * inclusive range of ZIPs, with the city and county. Every ZIP inside a range is a real
 * ZIP of that county. A range names the city USPS uses for most of it; `zipcodeOverrides`
 * then names a different city for a few ZIPs inside a range.
 *
 * Cities per county are derived from this table. The region of a ZIP is `cityToRegion` of
 * its city (docs/spec/customer-side.md §3), so cities outside the spec's mapping (e.g. Miramar,
 * Lake Worth) resolve to `miami`, exactly as the specification says of unknown cities.
 */
export interface ZipcodeRow {
  readonly from: string;
  readonly to?: string;
  readonly city: string;
  readonly county: CountyKey;
}

export interface ZipcodeOverride {
  readonly zipcode: string;
  readonly city: string;
}

export interface ZipcodeInfo {
  zipcode: string;
  city: string;
  county: CountyKey;
  region: RegionKey;
}

const MD: CountyKey = 'miami_dade';
const BW: CountyKey = 'broward';
const PB: CountyKey = 'palm_beach';

function row(from: string, to: string | null, city: string, county: CountyKey): ZipcodeRow {
  return to === null ? { from, city, county } : { from, to, city, county };
}

export const zipcodeRows: readonly ZipcodeRow[] = [
  // ---- Miami-Dade ----
  row('33010', '33018', 'Hialeah', MD),
  row('33030', '33035', 'Homestead', MD),
  row('33039', null, 'Homestead', MD),
  row('33054', null, 'Opa-locka', MD),
  row('33055', null, 'Miami Gardens', MD),
  row('33056', null, 'Miami Gardens', MD),
  row('33090', null, 'Homestead', MD),
  row('33092', null, 'Homestead', MD),
  row('33101', null, 'Miami', MD),
  row('33109', null, 'Miami Beach', MD),
  row('33114', null, 'Coral Gables', MD),
  row('33119', null, 'Miami Beach', MD),
  row('33122', null, 'Doral', MD),
  row('33125', '33138', 'Miami', MD),
  row('33139', '33141', 'Miami Beach', MD),
  row('33142', '33147', 'Miami', MD),
  row('33149', null, 'Key Biscayne', MD),
  row('33150', null, 'Miami', MD),
  row('33154', null, 'Miami Beach', MD),
  row('33155', null, 'Miami', MD),
  row('33156', null, 'Miami', MD),
  row('33157', null, 'Palmetto Bay', MD),
  row('33158', null, 'Palmetto Bay', MD),
  row('33160', null, 'Sunny Isles Beach', MD),
  row('33161', null, 'North Miami', MD),
  row('33162', null, 'North Miami Beach', MD),
  row('33165', null, 'Miami', MD),
  row('33166', null, 'Miami Springs', MD),
  row('33167', null, 'North Miami', MD),
  row('33168', null, 'Miami', MD),
  row('33169', null, 'Miami Gardens', MD),
  row('33170', null, 'Miami', MD),
  row('33172', null, 'Doral', MD),
  row('33173', null, 'Kendall', MD),
  row('33174', null, 'Miami', MD),
  row('33175', null, 'Miami', MD),
  row('33176', null, 'Kendall', MD),
  row('33177', null, 'Miami', MD),
  row('33178', null, 'Doral', MD),
  row('33179', null, 'Miami', MD),
  row('33180', null, 'Aventura', MD),
  row('33181', null, 'North Miami', MD),
  row('33182', '33187', 'Miami', MD),
  row('33189', null, 'Cutler Bay', MD),
  row('33190', null, 'Cutler Bay', MD),
  row('33193', null, 'Kendall', MD),
  row('33194', null, 'Miami', MD),
  row('33196', null, 'Kendall', MD),

  // ---- Broward ----
  row('33004', null, 'Dania Beach', BW),
  row('33008', null, 'Hallandale Beach', BW),
  row('33009', null, 'Hallandale Beach', BW),
  row('33019', '33023', 'Hollywood', BW),
  row('33024', null, 'Pembroke Pines', BW),
  row('33025', null, 'Miramar', BW),
  row('33026', null, 'Pembroke Pines', BW),
  row('33027', null, 'Miramar', BW),
  row('33028', null, 'Pembroke Pines', BW),
  row('33029', null, 'Miramar', BW),
  row('33060', '33062', 'Pompano Beach', BW),
  row('33063', null, 'Margate', BW),
  row('33064', null, 'Pompano Beach', BW),
  row('33065', null, 'Coral Springs', BW),
  row('33066', null, 'Margate', BW),
  row('33067', null, 'Parkland', BW),
  row('33068', null, 'Margate', BW),
  row('33069', null, 'Pompano Beach', BW),
  row('33071', null, 'Coral Springs', BW),
  row('33072', null, 'Pompano Beach', BW),
  row('33073', null, 'Coconut Creek', BW),
  row('33074', null, 'Pompano Beach', BW),
  row('33075', '33077', 'Coral Springs', BW),
  row('33081', null, 'Hollywood', BW),
  row('33082', null, 'Pembroke Pines', BW),
  row('33083', null, 'Hollywood', BW),
  row('33084', null, 'Pembroke Pines', BW),
  row('33301', '33312', 'Fort Lauderdale', BW),
  row('33313', null, 'Lauderhill', BW),
  row('33314', null, 'Davie', BW),
  row('33315', '33316', 'Fort Lauderdale', BW),
  row('33317', null, 'Plantation', BW),
  row('33318', null, 'Plantation', BW),
  row('33319', null, 'Lauderhill', BW),
  row('33320', null, 'Fort Lauderdale', BW),
  row('33321', null, 'Tamarac', BW),
  row('33322', null, 'Sunrise', BW),
  row('33323', null, 'Sunrise', BW),
  row('33324', null, 'Plantation', BW),
  row('33325', null, 'Davie', BW),
  row('33326', null, 'Weston', BW),
  row('33327', null, 'Weston', BW),
  row('33328', null, 'Davie', BW),
  row('33329', null, 'Davie', BW),
  row('33330', null, 'Davie', BW),
  row('33331', null, 'Davie', BW),
  row('33332', null, 'Weston', BW),
  row('33334', null, 'Oakland Park', BW),
  row('33345', null, 'Sunrise', BW),
  row('33351', null, 'Sunrise', BW),
  row('33388', null, 'Plantation', BW),
  row('33394', null, 'Fort Lauderdale', BW),
  row('33441', '33443', 'Deerfield Beach', BW),

  // ---- Palm Beach ----
  row('33401', '33402', 'West Palm Beach', PB),
  row('33403', null, 'Lake Park', PB),
  row('33404', null, 'Riviera Beach', PB),
  row('33405', '33407', 'West Palm Beach', PB),
  row('33408', null, 'North Palm Beach', PB),
  row('33409', null, 'West Palm Beach', PB),
  row('33410', null, 'Palm Beach Gardens', PB),
  row('33411', null, 'Royal Palm Beach', PB),
  row('33412', '33413', 'West Palm Beach', PB),
  row('33414', null, 'Wellington', PB),
  row('33415', '33417', 'West Palm Beach', PB),
  row('33418', null, 'Palm Beach Gardens', PB),
  row('33419', null, 'Riviera Beach', PB),
  row('33420', null, 'Palm Beach Gardens', PB),
  row('33421', null, 'Royal Palm Beach', PB),
  row('33422', null, 'West Palm Beach', PB),
  row('33424', '33426', 'Boynton Beach', PB),
  row('33427', '33429', 'Boca Raton', PB),
  row('33430', null, 'Belle Glade', PB),
  row('33431', '33434', 'Boca Raton', PB),
  row('33435', '33437', 'Boynton Beach', PB),
  row('33438', null, 'Canal Point', PB),
  row('33444', '33448', 'Delray Beach', PB),
  row('33449', null, 'Wellington', PB),
  row('33454', null, 'Greenacres', PB),
  row('33458', null, 'Jupiter', PB),
  row('33460', '33463', 'Lake Worth', PB),
  row('33466', '33467', 'Lake Worth', PB),
  row('33468', null, 'Jupiter', PB),
  row('33469', null, 'Jupiter', PB),
  row('33470', null, 'Loxahatchee', PB),
  row('33472', '33474', 'Boynton Beach', PB),
  row('33476', null, 'Pahokee', PB),
  row('33477', '33478', 'Jupiter', PB),
  row('33480', null, 'Palm Beach', PB),
  row('33481', null, 'Boca Raton', PB),
  row('33482', '33484', 'Delray Beach', PB),
  row('33486', '33488', 'Boca Raton', PB),
  row('33493', null, 'South Bay', PB),
  row('33496', '33499', 'Boca Raton', PB),
];

/** ZIPs inside a range row that belong to a different city than the row names. */
export const zipcodeOverrides: readonly ZipcodeOverride[] = [
  { zipcode: '33134', city: 'Coral Gables' },
  { zipcode: '33143', city: 'South Miami' },
  { zipcode: '33146', city: 'Coral Gables' },
  { zipcode: '33183', city: 'Kendall' },
  { zipcode: '33186', city: 'Kendall' },
  { zipcode: '33034', city: 'Florida City' },
  { zipcode: '33309', city: 'Oakland Park' },
  { zipcode: '33462', city: 'Lantana' },
  { zipcode: '33463', city: 'Greenacres' },
];

const ZIP_RE = /^\d{5}$/;

function expandRow(r: ZipcodeRow): string[] {
  const from = Number(r.from);
  const to = Number(r.to ?? r.from);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(5, '0'));
  return out;
}

interface Index {
  byZip: Map<string, ZipcodeInfo>;
  zipsByCounty: Map<CountyKey, string[]>;
  citiesByCounty: Map<CountyKey, string[]>;
  zipsByCity: Map<string, string[]>;
}

function buildIndex(): Index {
  const byZip = new Map<string, ZipcodeInfo>();
  for (const r of zipcodeRows) {
    if (!ZIP_RE.test(r.from) || (r.to !== undefined && (!ZIP_RE.test(r.to) || r.to < r.from))) {
      throw new Error(`zipcode table: bad row ${r.from}-${r.to ?? ''}`);
    }
    for (const zipcode of expandRow(r)) {
      if (byZip.has(zipcode)) throw new Error(`zipcode table: ${zipcode} listed twice`);
      byZip.set(zipcode, { zipcode, city: r.city, county: r.county, region: cityToRegion(r.city) });
    }
  }
  for (const o of zipcodeOverrides) {
    const base = byZip.get(o.zipcode);
    if (!base) throw new Error(`zipcode table: override ${o.zipcode} is not in any row`);
    byZip.set(o.zipcode, { ...base, city: o.city, region: cityToRegion(o.city) });
  }

  const zipsByCounty = new Map<CountyKey, string[]>(countyKeys.map((c) => [c, []]));
  const citySets = new Map<CountyKey, Set<string>>(countyKeys.map((c) => [c, new Set<string>()]));
  const zipsByCity = new Map<string, string[]>();
  for (const info of byZip.values()) {
    zipsByCounty.get(info.county)?.push(info.zipcode);
    citySets.get(info.county)?.add(info.city);
    const key = normalizeCityName(info.city);
    const list = zipsByCity.get(key);
    if (list) list.push(info.zipcode);
    else zipsByCity.set(key, [info.zipcode]);
  }
  for (const list of zipsByCounty.values()) list.sort();
  for (const list of zipsByCity.values()) list.sort();
  const citiesByCounty = new Map<CountyKey, string[]>(
    [...citySets].map(([county, set]) => [county, [...set].sort((a, b) => a.localeCompare(b, 'en'))]),
  );
  return { byZip, zipsByCounty, citiesByCounty, zipsByCity };
}

let index: Index | undefined;
function idx(): Index {
  index ??= buildIndex();
  return index;
}

/** Accepts "33139", " 33139 " and ZIP+4 "33139-1234"; returns the 5-digit ZIP or null. */
function normalizeZip(zip: string): string | null {
  const m = /^(\d{5})(?:-\d{4})?$/.exec(zip.trim());
  return m?.[1] ?? null;
}

/** City, county and region of a ZIP of the service area, or null (bad format or outside the area). */
export function lookupZipcode(zip: string): ZipcodeInfo | null {
  const z5 = normalizeZip(zip);
  if (z5 === null) return null;
  const info = idx().byZip.get(z5);
  return info ? { ...info } : null;
}

/** True when the ZIP has 5 digits and lies in the service area (is in the table). */
export function isValidZipcode(zip: string): boolean {
  return lookupZipcode(zip) !== null;
}

/** Every ZIP of a county, ranges expanded, sorted ascending. */
export function zipcodesOfCounty(county: CountyKey): string[] {
  return [...(idx().zipsByCounty.get(county) ?? [])];
}

/** The cities of a county (after overrides), sorted alphabetically. */
export function citiesOfCounty(county: CountyKey): string[] {
  return [...(idx().citiesByCounty.get(county) ?? [])];
}

/** Every ZIP of a city (case-insensitive), sorted; empty for an unknown city. */
export function zipcodesOfCity(city: string): string[] {
  return [...(idx().zipsByCity.get(normalizeCityName(city)) ?? [])];
}

/** Every ZIP of the table, sorted. */
export function allZipcodes(): string[] {
  return [...idx().byZip.keys()].sort();
}

/** Format check only: exactly 5 digits (docs/spec/barber-and-admin.md §5). */
export const zipcodeSchema = z
  .string({ required_error: 'Please enter a valid 5-digit zipcode' })
  .trim()
  .regex(ZIP_RE, 'Please enter a valid 5-digit zipcode');

/** A 5-digit ZIP that is also in the service area. */
export const serviceAreaZipcodeSchema = zipcodeSchema.refine(isValidZipcode, {
  message: 'This zipcode is not in our service area',
});

/** GET /api/zipcode/{zipcode}/city and GET /api/validate-zipcode/{zipcode}. */
export const zipcodeParamsSchema = z.object({ zipcode: zipcodeSchema });
export const validateZipcodeParamsSchema = z.object({ zipcode: z.string().max(20) });
export const zipcodeCityAnswerSchema = z.object({
  zipcode: z.string(),
  city: z.string(),
  displayCity: z.string(),
  county: z.string(),
});
export const validateZipcodeAnswerSchema = z.object({
  isValid: z.boolean(),
  city: z.string().nullable(),
  county: z.string().nullable(),
});
export type ZipcodeCityAnswer = z.infer<typeof zipcodeCityAnswerSchema>;
export type ValidateZipcodeAnswer = z.infer<typeof validateZipcodeAnswerSchema>;
/** GET /api/counties/{county}/zipcodes. */
export const countyZipcodesAnswerSchema = z.object({ county: z.string(), zipcodes: z.array(z.string()) });
export type CountyZipcodesAnswer = z.infer<typeof countyZipcodesAnswerSchema>;
