/**
 * What a saved search is made of, checked the same way by the save dialog, the account's
 * edit form and the API:
 *
 *   SavedSearchSchema       { name, view, columns?, currency, alert?, digestHour?, timeZone?, priceDropPct? }
 *                           POST /api/v1/saved-searches (the view becomes its canonical address)
 *   SavedSearchPatchSchema  { name?, alert?, digestHour?, timeZone?, priceDropPct? }
 *                           PATCH /api/v1/saved-searches/:id
 *   SavedSearchFormSchema   { name, alert, digestHour, timeZone, priceDropPct }  the dialog and the edit form
 *   field schemas           the name and alert fields (API Link's body reuses them)
 *
 * A daily digest needs its hour; the time zone defaults to UTC when none is given.
 */
import * as v from 'valibot';
import { CURRENCY_CODES } from '../money.ts';
import { ALERT_MODES, type AlertMode } from './alerts.ts';
import { canonicalAddress } from './view.ts';

export const NAME_MAX = 80;
export const PRICE_DROP_MIN = 1;
export const PRICE_DROP_MAX = 90;
const VIEW_MAX = 2000;

/** The zone's canonical IANA name, or null when it is not one (offsets and abbreviations are not). */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone) || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const nameField = v.pipe(
  v.string('Give the search a name'),
  v.trim(),
  v.minLength(1, 'Give the search a name'),
  v.maxLength(NAME_MAX, `A name has at most ${NAME_MAX} characters`),
);

export const alertField = v.picklist(ALERT_MODES, 'Alerts are off, instant or daily');
export const hourField = v.nullable(
  v.pipe(
    v.number('The digest hour is a whole hour, 0 to 23'),
    v.integer('The digest hour is a whole hour, 0 to 23'),
    v.minValue(0, 'The digest hour is a whole hour, 0 to 23'),
    v.maxValue(23, 'The digest hour is a whole hour, 0 to 23'),
  ),
);
export const zoneField = v.nullable(
  v.pipe(
    v.string('The time zone is a name such as Europe/London'),
    v.trim(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const zone = canonicalTimeZone(dataset.value);
      if (zone) return zone;
      addIssue({ message: `${dataset.value.slice(0, 64)} is not a time zone (use a name such as Europe/London)` });
      return NEVER;
    }),
  ),
);
const dropMsg = `The price drop is a whole percentage, ${PRICE_DROP_MIN} to ${PRICE_DROP_MAX}`;
export const dropField = v.nullable(
  v.pipe(
    v.number(dropMsg),
    v.integer(dropMsg),
    v.minValue(PRICE_DROP_MIN, dropMsg),
    v.maxValue(PRICE_DROP_MAX, dropMsg),
  ),
);

export type AlertSettings = {
  alert: AlertMode;
  digestHour: number | null;
  timeZone: string | null;
  priceDropPct: number | null;
};

/** The one rule across the alert fields: a daily digest needs its hour. */
export const DIGEST_HOUR_NEEDED = 'Choose the hour of the daily digest';
export const needsDigestHour = (s: Pick<AlertSettings, 'alert' | 'digestHour'>) =>
  s.alert === 'daily' && s.digestHour == null;

export const AlertFields = {
  alert: v.optional(alertField, 'off'),
  digestHour: v.optional(hourField, null),
  timeZone: v.optional(zoneField, null),
  priceDropPct: v.optional(dropField, null),
};

export const viewField = v.pipe(
  v.string('The view is the list address to save'),
  v.maxLength(VIEW_MAX, 'The list address is too long'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const address = canonicalAddress(dataset.value);
    if (address) return address;
    addIssue({ message: 'The view must be an address of the stone list, such as /diamonds/all?shape=round' });
    return NEVER;
  }),
);

export const ColumnsSchema = v.object({
  measurements: v.boolean('columns.measurements is true or false'),
  availability: v.boolean('columns.availability is true or false'),
});

/** The daily digest's hour, checked across the fields and reported against digestHour. */
const digestHourCheck = <T extends { alert: AlertMode; digestHour: number | null }>() =>
  v.forward<T, v.CheckIssue<T>, ['digestHour']>(
    v.check<T, string>((s) => !needsDigestHour(s), DIGEST_HOUR_NEEDED),
    ['digestHour'] as never,
  );

/** What the save dialog and the account's edit form ask: the name and the alert settings. */
export const SavedSearchFormSchema = v.pipe(v.object({ name: nameField, ...AlertFields }), digestHourCheck());
export type SavedSearchForm = v.InferOutput<typeof SavedSearchFormSchema>;

export const SavedSearchSchema = v.pipe(
  v.object({
    name: nameField,
    view: viewField,
    columns: v.optional(ColumnsSchema, { measurements: true, availability: true }),
    currency: v.picklist(CURRENCY_CODES, `The currency is one of ${CURRENCY_CODES.join(', ')}`),
    ...AlertFields,
  }),
  digestHourCheck(),
);
export type SavedSearchInput = v.InferInput<typeof SavedSearchSchema>;
export type SavedSearchData = v.InferOutput<typeof SavedSearchSchema>;

export const SavedSearchPatchSchema = v.object({
  name: v.optional(nameField),
  alert: v.optional(alertField),
  digestHour: v.optional(hourField),
  timeZone: v.optional(zoneField),
  priceDropPct: v.optional(dropField),
});
export type SavedSearchPatch = v.InferOutput<typeof SavedSearchPatchSchema>;

/** A saved search as the site's API answers it. */
export type SavedSearchView = AlertSettings & {
  id: number;
  name: string;
  view: string;
  columns: { measurements: boolean; availability: boolean };
  currency: string;
  createdAt: string;
  updatedAt: string;
};
/** GET /api/v1/saved-searches */
export type SavedSearchList = { searches: SavedSearchView[]; limit: number };
