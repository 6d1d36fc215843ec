import { z } from 'zod';

/** Upper bound of the length arguments: no quote is longer, and it keeps the schema finite. */
const MAX_LENGTH_ARGUMENT = 100_000;

const lengthBound = (name: string, meaning: string) =>
  z
    .number()
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be at least 0`)
    .max(MAX_LENGTH_ARGUMENT, `${name} must be at most ${MAX_LENGTH_ARGUMENT}`)
    .optional()
    .describe(`${meaning} (characters of the quote text, as the length field counts them; Quotable's ${name === 'min_length' ? 'minLength' : 'maxLength'})`);

/** `min_length` and `max_length` of random_quote and search_quotes. */
export const lengthRangeShape = {
  min_length: lengthBound('min_length', 'Only quotes at least this long'),
  max_length: lengthBound('max_length', 'Only quotes at most this long'),
};

interface LengthArguments {
  min_length?: number | undefined;
  max_length?: number | undefined;
}

/** For `.refine` on a tool's input: a range whose minimum exceeds its maximum is refused, naming max_length. */
export const isLengthRangeOrdered = ({ min_length, max_length }: LengthArguments) =>
  min_length === undefined || max_length === undefined || min_length <= max_length;
export const lengthRangeOrderError = { message: 'min_length must not be greater than max_length', path: ['max_length'] };

/** How a no-match message names the length filter, or undefined without one. */
export function describeLengthRange({ min_length, max_length }: LengthArguments): string | undefined {
  if (min_length === undefined && max_length === undefined) return undefined;
  return `length ${min_length ?? 0}-${max_length ?? 'any'}`;
}
