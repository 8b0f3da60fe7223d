/** valibot pieces for query strings (every value arrives as a string). */
import * as v from 'valibot';

/** A whole number from 1 to `max`, with messages naming the parameter. */
export const wholeNumberParam = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(1, `${name} must be at least 1`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );
