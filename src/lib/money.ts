/**
 * Money is integer paise inside the app. Amounts arrive as rupees (numbers or decimal strings) and are
 * turned into paise by string arithmetic, so no float error ever moves a total by a paisa.
 */
export type Paise = number;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** '1234.5' -> 123450; 1234.567 -> 123457 (half away from zero). Null when the text is not a plain decimal. */
export function rupeesToPaise(value: number | string): Paise | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = fraction.padEnd(3, '0');
  let paise = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) paise += 1;
  if (!Number.isSafeInteger(paise)) return null;
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** Paise back to a rupee number for the wire (exact for any safe integer amount of paise / 100 shown to 2 places). */
export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/** Paise as 'W.FF' (no grouping), exact: the text a part-amount field starts with. */
export function paiseToText(paise: Paise): string {
  const big = BigInt(Math.round(paise));
  const negative = big < 0n;
  const units = negative ? -big : big;
  return `${negative ? '-' : ''}${units / 100n}.${(units % 100n).toString().padStart(2, '0')}`;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  // Exponent forms (1e21, 1e-7) are not amounts we accept.
  return /e/i.test(text) ? null : text;
}
