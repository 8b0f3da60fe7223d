/** Path ids of the admin resources: digits only, else the resource's 404. */
import { HttpError } from '../../middleware/errors.ts';

export const idParam = (raw: string, notFound: string): number => {
  if (!/^\d{1,12}$/.test(raw)) throw new HttpError(404, notFound);
  return Number(raw);
};
