/** TheSportsDB's "" and whitespace mean "no value". */
export function blank(value: string | null | undefined): string | null {
  return value && value.trim() ? value.trim() : null;
}

/** "12", 12 → 12; "", null, "n/a" → null. */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Like toNumber, but only whole numbers ("65%" and "1.5" are not one). */
export function toInteger(value: string | number | null | undefined): number | null {
  const number = toNumber(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

/** Ids are integers; "0" (TheSportsDB's "none") is null. */
export function toId(value: string | number | null | undefined): number | null {
  const number = toInteger(value);
  return number !== null && number > 0 ? number : null;
}

/** "Yes"/"yes"/"No"/"NO" → true/false; anything else → null. */
export function yesNo(value: string | null | undefined): boolean | null {
  const word = blank(value)?.toLowerCase();
  if (word === 'yes') return true;
  if (word === 'no') return false;
  return null;
}

/** "www.arsenal.com" → "https://www.arsenal.com"; TheSportsDB stores links without a scheme. */
export function toUrl(value: string | null | undefined): string | null {
  const link = blank(value);
  if (!link) return null;
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}

/** A founding year; TheSportsDB's "0" means unknown. */
export function toYear(value: string | number | null | undefined): number | null {
  const year = toInteger(value);
  return year !== null && year > 0 ? year : null;
}
