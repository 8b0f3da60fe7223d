/**
 * Holds: the rules both sides need. A signed-in trader holds an in-stock single stone for the
 * shop's default time (HOLD_HOURS_DEFAULT, staff set 1-168); it ends by itself. Each customer
 * may hold up to `maxHolds` stones at once (default 5) and, when allowed, extend a hold once.
 *
 *   formatCountdown(ms)      '01:05' (hh:mm), '2d 03:10' past a day, '00:00' when over
 *   holdableKind(catType)    only single stones are held; parcels keep the request flow
 *   PlaceHoldSchema          { diamondId, hours? }         POST /api/v1/holds
 *   LinkHoldSchema           { stock_code, hours? }        POST /api/link/v1/holds
 *   HoldExpirySchema         { expires_at }                PATCH /api/v1/admin/holds/{id}
 *   HoldLimitsSchema         { maxHolds, holdExtendAllowed } PUT /api/v1/admin/customers/{id}/hold-limits
 *   HoldSettingsSchema       { default_hours }             PUT /api/v1/admin/settings/holds
 */
import * as v from 'valibot';

export const HOLD_END_REASONS = [
  'released',
  'expired',
  'staff',
  'sold',
  'left_stock',
  'confirmed_elsewhere',
  'requested',
] as const;
export type HoldEndReason = (typeof HOLD_END_REASONS)[number];

/** API Link webhook events of a hold, sent to the holder's endpoints */
export const HOLD_EVENTS = ['hold.created', 'hold.ending', 'hold.ended'] as const;
export type HoldEvent = (typeof HOLD_EVENTS)[number];

export const HOLD_HOURS_MIN = 1;
export const HOLD_HOURS_MAX = 168;
export const HOLD_HOURS_DEFAULT = 48;
export const MAX_HOLDS_DEFAULT = 5;
export const MAX_HOLDS_LIMIT = 100;
/** the holder is told this long before the end */
export const ENDING_NOTICE_MS = 2 * 3600_000;
export const HOUR_MS = 3600_000;

/** Words for why a hold ended, as the buyer and staff read them. */
export const END_REASON_LABELS: Record<HoldEndReason, string> = {
  released: 'Released',
  expired: 'Ran out',
  staff: 'Ended by staff',
  sold: 'Sold',
  left_stock: 'Left the stock',
  confirmed_elsewhere: 'Confirmed to another buyer',
  requested: 'Turned into a request',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Whole minutes left (rounded up, so a running hold never reads zero) as days, hours, minutes. */
function parts(msLeft: number): [number, number, number] {
  const minutes = Math.ceil(msLeft / 60_000);
  return [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
}

/** Time left as hh:mm, with days past 24 h ('2d 03:10'); '00:00' when over. */
export function formatCountdown(msLeft: number): string {
  if (!(msLeft > 0)) return '00:00';
  const [days, h, m] = parts(msLeft);
  return days > 0 ? `${days}d ${pad(h)}:${pad(m)}` : `${pad(h)}:${pad(m)}`;
}

/** The same time in words for screen readers: '1 hour 5 minutes', '2 days 3 hours'. */
export function countdownWords(msLeft: number): string {
  if (!(msLeft > 0)) return 'ended';
  const [days, h, m] = parts(msLeft);
  const unit = (n: number, w: string) => (n ? `${n} ${w}${n === 1 ? '' : 's'}` : '');
  const words = days > 0 ? [unit(days, 'day'), unit(h, 'hour')] : [unit(h, 'hour'), unit(m, 'minute')];
  return words.filter(Boolean).join(' ') || 'less than a minute';
}

/** Only single stones (natural or lab-grown) are held; parcels are sold by weight out of a lot. */
export const holdableKind = (catType: string): boolean => catType === 'Single Item';

/** A hold's end time from its start and length in hours. */
export const holdEnd = (fromMs: number, hours: number): number => fromMs + hours * HOUR_MS;

/** May a hold (extended or not, of a customer allowed or not) be extended now? */
export const mayExtend = (h: { extended: boolean; ended: boolean }, allowed: boolean): boolean =>
  allowed && !h.extended && !h.ended;

const hours = v.pipe(
  v.number('Hours must be a number'),
  v.integer('Hours must be a whole number'),
  v.minValue(HOLD_HOURS_MIN, `Hours must be between ${HOLD_HOURS_MIN} and ${HOLD_HOURS_MAX}`),
  v.maxValue(HOLD_HOURS_MAX, `Hours must be between ${HOLD_HOURS_MIN} and ${HOLD_HOURS_MAX}`),
);

const stoneId = v.pipe(
  v.number('Stone id must be a number'),
  v.integer('Stone id must be a whole number'),
  v.minValue(1, 'Stone id must be a whole number'),
);

export const PlaceHoldSchema = v.object({ diamondId: stoneId, hours: v.optional(hours) });
export type PlaceHoldInput = v.InferOutput<typeof PlaceHoldSchema>;

export const LinkHoldSchema = v.object({
  stock_code: v.pipe(v.string('stock_code must be text'), v.minLength(1, 'stock_code is required'), v.maxLength(64)),
  hours: v.optional(hours),
});

export const HoldExpirySchema = v.object({
  expires_at: v.pipe(
    v.string('expires_at must be an ISO time'),
    v.isoTimestamp('expires_at must be an ISO time such as 2026-05-01T12:00:00Z'),
  ),
});

export const HoldLimitsSchema = v.object({
  maxHolds: v.pipe(
    v.number('Most holds must be a number'),
    v.integer('Most holds must be a whole number'),
    v.minValue(0, `Most holds must be between 0 and ${MAX_HOLDS_LIMIT}`),
    v.maxValue(MAX_HOLDS_LIMIT, `Most holds must be between 0 and ${MAX_HOLDS_LIMIT}`),
  ),
  holdExtendAllowed: v.boolean('Extend must be true or false'),
});
export type HoldLimits = v.InferOutput<typeof HoldLimitsSchema>;

export const HoldSettingsSchema = v.object({ default_hours: hours });

/** A hold as the buyer's screens show it (GET /api/v1/holds). */
export type HoldView = {
  id: number;
  diamondId: number;
  stockCode: string;
  description: string;
  createdAt: string;
  expiresAt: string;
  extended: boolean;
  canExtend: boolean;
  endedAt: string | null;
  endReason: HoldEndReason | null;
};

/** The per-user overlay the catalogue islands lay over the shared list (GET /api/v1/holds/state). */
export type HoldState = {
  /** stones on hold by someone else (ids) */
  onHold: number[];
  /** the caller's own active holds */
  mine: { id: number; diamondId: number; expiresAt: string; canExtend: boolean }[];
  /** stones the caller asked to be told about */
  watching: number[];
  /** stones the caller's own requests keep (they need no hold) */
  requested: number[];
};
