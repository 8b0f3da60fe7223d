/**
 * The "Make a client page" form's values and how they become the API's body. The form is
 * checked with the API's own schema (ClientPageNewSchema), so it shows the API's words.
 */
import * as v from 'valibot';
import { ClientPageNewSchema } from '../../domain/client-pages/schema.ts';
import type { ClientPageBody } from './client-pages-api.ts';

export type PageFormValues = {
  title: string;
  companyName: string;
  markupPct: string;
  currency: string;
  hideStockCode: boolean;
  /** yyyy-mm-dd, the last day the page opens; '' for no expiry */
  expiresAt: string;
};

/** The end of the chosen day, in the trader's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

export function bodyOf(values: PageFormValues, diamondIds: readonly number[]): ClientPageBody {
  return {
    title: values.title,
    companyName: values.companyName,
    markupPct: values.markupPct.trim() === '' ? Number.NaN : Number(values.markupPct),
    currency: values.currency as ClientPageBody['currency'],
    hideStockCode: values.hideStockCode,
    expiresAt: values.expiresAt ? endOfDay(values.expiresAt) : null,
    diamondIds: [...diamondIds],
  };
}

/** The form's schema: its values, turned into the body, checked by the API's schema. */
export const pageFormSchema = (diamondIds: readonly number[]) =>
  v.pipe(
    v.custom<PageFormValues>(() => true),
    v.transform((values) => bodyOf(values, diamondIds)),
    ClientPageNewSchema,
  );
