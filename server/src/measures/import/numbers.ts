/**
 * Numbers and units as the measuring tools write them (issue 23, file import). A value becomes
 * thousandths of its unit (`valueMilli`, like a quote's `quantityMilli`), exactly: the digits go
 * through BigInt, never through a float, and are rounded half away from zero at the thousandth.
 * Pure functions, no I/O; the rules are in docs/decisions.md « Mes applications : fichiers importés ».
 */
import { formatQuantity } from '../../../../src/contract/format.js';
import {
  type MeasureKind,
  type MeasureUnit,
  measureKindLabels,
  measureRules,
  unitOfKind,
} from '../../../../src/contract/measures.js';

export type DecimalOutcome = { ok: true; milli: number } | { ok: false; why: 'invalid' | 'too_large' };

/** Spaces between thousands (plain, no-break, narrow no-break) and the Swiss apostrophe « 1'234 ». */
const grouping = /[\s\u00a0\u202f']/g;
const digitsOnly = /^\d*$/;
/** A text longer than this is no number a tool writes (and bounds the BigInt work). */
const maxNumberText = 64;

/** Groups of three digits after the first (« 1.234.567 » read with « . » between thousands). */
const groupsOk = (parts: string[]) =>
  parts.length > 1 &&
  /^\d{1,3}$/.test(parts[0]!) &&
  parts.slice(1).every((part) => part.length === 3 && digitsOnly.test(part));

/**
 * The whole and decimal digits of a mantissa: a single « , » or « . » is the decimal separator
 * (French Excel writes « 12,5 », Pix4D « 12.5 »); with both, the last one is (« 1.234,5 »,
 * « 1,234.5 ») and the other separates thousands; one of them repeated separates thousands.
 */
function splitMantissa(mantissa: string): { whole: string; fraction: string } | null {
  const lastComma = mantissa.lastIndexOf(',');
  const lastPoint = mantissa.lastIndexOf('.');
  if (lastComma < 0 && lastPoint < 0) return { whole: mantissa, fraction: '' };
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimal = lastComma > lastPoint ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    const at = mantissa.lastIndexOf(decimal);
    const fraction = mantissa.slice(at + 1);
    const parts = mantissa.slice(0, at).split(thousands);
    if (!groupsOk(parts) || fraction.includes(thousands)) return null;
    return { whole: parts.join(''), fraction };
  }
  const separator = lastComma >= 0 ? ',' : '.';
  const parts = mantissa.split(separator);
  if (parts.length === 2) return { whole: parts[0]!, fraction: parts[1]! };
  return groupsOk(parts) ? { whole: parts.join(''), fraction: '' } : null;
}

/**
 * A decimal as a tool or a spreadsheet writes it → thousandths, rounded half away from zero:
 * « 12,5 » → 12 500, « 1 234.5678 » → 1 234 568, « 1,2E-03 » → 1, « -3 » → -3 000 (the caller
 * refuses a negative value with its own sentence). `shift` moves the decimal point (a value in mm
 * is `shift` -3 of a metre). Beyond `measureRules.maxValueMilli` is `too_large`. Never throws.
 */
export function parseDecimalMilli(text: string, shift = 0): DecimalOutcome {
  if (typeof text !== 'string' || text.length > maxNumberText) return { ok: false, why: 'invalid' };
  let rest = text.replace(grouping, '');
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('\u2212') || rest.startsWith('+')) {
    negative = rest[0] !== '+';
    rest = rest.slice(1);
  }
  const [mantissa = '', exponentText, extra] = rest.split(/[eE]/);
  if (extra !== undefined) return { ok: false, why: 'invalid' };
  let exponent = 0;
  if (exponentText !== undefined) {
    if (!/^[+-]?\d{1,3}$/.test(exponentText)) return { ok: false, why: 'invalid' };
    exponent = Number(exponentText);
  }
  const parts = splitMantissa(mantissa);
  if (!parts || !digitsOnly.test(parts.whole) || !digitsOnly.test(parts.fraction)) {
    return { ok: false, why: 'invalid' };
  }
  const digits = `${parts.whole}${parts.fraction}`;
  if (digits === '') return { ok: false, why: 'invalid' };
  // value = digits × 10^(exponent + shift − fraction digits); thousandths: × 10^3 more.
  const power = exponent + shift + 3 - parts.fraction.length;
  let magnitude: bigint;
  if (power >= 0) {
    if (power > 40) return /^0*$/.test(digits) ? { ok: true, milli: 0 } : { ok: false, why: 'too_large' };
    magnitude = BigInt(digits) * 10n ** BigInt(power);
  } else {
    // Below a thousandth of a thousandth of anything is 0: no need to build a 10^400.
    if (-power > digits.length + 1) return { ok: true, milli: 0 };
    const step = 10n ** BigInt(-power);
    magnitude = (2n * BigInt(digits) + step) / (2n * step);
  }
  if (magnitude > BigInt(measureRules.maxValueMilli)) return { ok: false, why: 'too_large' };
  const milli = Number(magnitude);
  return { ok: true, milli: negative && milli !== 0 ? -milli : milli };
}

/**
 * A JSON number as the text a person reads (`String(12.5)` is « 12.5 », `String(1e21)` « 1e+21 »):
 * 4.0005 is rounded from its shortest decimal form, not from the float just below it.
 */
export const numberText = (value: number) => (Number.isFinite(value) ? String(value) : 'NaN');

/** A unit as written → its kind and the shift of its decimal point to the kind's unit. */
export interface UnitReading {
  kind: MeasureKind;
  shift: number;
}

const unitNames: [MeasureKind, number, string[]][] = [
  [
    'length',
    0,
    // « ml »: mètre linéaire in French building lists (never millilitres there); « lfm »: laufender Meter.
    [
      'm',
      'ml',
      'mtr',
      'metre',
      'metres',
      'meter',
      'meters',
      'metrelineaire',
      'metreslineaires',
      'lfm',
      'lfdm',
    ],
  ],
  ['length', -2, ['cm']],
  ['length', -3, ['mm']],
  [
    'area',
    0,
    [
      'm2',
      'qm',
      'sqm',
      'metrecarre',
      'metrescarres',
      'squaremeter',
      'squaremeters',
      'squaremetre',
      'squaremetres',
    ],
  ],
  [
    'volume',
    0,
    [
      'm3',
      'cbm',
      'cum',
      'metrecube',
      'metrescubes',
      'cubicmeter',
      'cubicmeters',
      'cubicmetre',
      'cubicmetres',
    ],
  ],
  [
    'count',
    0,
    // « Stk »/« St »/« Stück »: German lists (SEMA is German software); « pce », « ens »: French ones.
    [
      'u',
      'un',
      'unite',
      'unites',
      'pce',
      'pces',
      'pc',
      'pcs',
      'piece',
      'pieces',
      'nb',
      'nbre',
      'ens',
      'ensemble',
    ],
  ],
  ['count', 0, ['stk', 'st', 'stuck', 'stueck', 'ea', 'each']],
];
const unitTable = new Map<string, UnitReading>();
for (const [kind, shift, names] of unitNames) for (const name of names) unitTable.set(name, { kind, shift });

/**
 * A unit's key: compatibility-decomposed (« m² » → « m2 », « Stück » → « stuck »), lower case, without
 * accents, spaces, dots or « ^ » (« m^2 », « m. l. », « Stk. »).
 */
export const unitKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.^]/g, '');

/** The kind a unit measures, or null for a unit this import does not read (« ft », « kg », « h »). */
export function readUnit(text: string): UnitReading | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  return unitTable.get(unitKey(text)) ?? null;
}

/**
 * A unit system written beside values (« metric », « m », « imperial », « ft »): the length unit that
 * areas and volumes are the square and cube of. 'm' for metric; 'imperial' for feet (refused:
 * quotes are in metres); null when not recognised.
 */
export function readUnitSystem(text: string): 'm' | 'imperial' | null {
  const key = unitKey(text);
  if (['m', 'metric', 'metrique', 'meter', 'meters', 'metre', 'metres', 'si'].includes(key)) return 'm';
  if (
    ['ft', 'feet', 'foot', 'ftus', 'usft', 'ussurveyfeet', 'imperial', 'imperiale', 'yd', 'in'].includes(key)
  ) {
    return 'imperial';
  }
  return null;
}

/** « 12,5 m² » for a message (thousandths of the kind's unit). */
export const quantityText = (milli: number, kind: MeasureKind) =>
  `${formatQuantity(milli)} ${unitOfKind[kind]}`;

/** « une surface », « un volume »… for messages. */
export const kindNoun: Record<MeasureKind, string> = {
  length: 'une longueur',
  area: 'une surface',
  volume: 'un volume',
  count: 'un nombre',
};

/** « surface négative », « longueur négative »… */
export const negativeText = (kind: MeasureKind) =>
  `${measureKindLabels[kind].toLowerCase()} ${kind === 'length' || kind === 'area' ? 'négative' : 'négatif'}`;

export type { MeasureKind, MeasureUnit };
