/**
 * Stock sources (Admin → Stock → Sources): files the shop pulls on a schedule. The shapes the
 * API answers and the admin screen shows, and the valibot schema both the form and the API
 * check a source with.
 */
import * as v from 'valibot';
import { RUN_MODES, type RunMode } from './stock-import.ts';

/** every N minutes, or set times of day in the shop's time zone (pausing is a flag of its own) */
export const SOURCE_SCHEDULES = ['interval', 'times'] as const;
export type SourceSchedule = (typeof SOURCE_SCHEDULES)[number];

export const MIN_INTERVAL_MINUTES = 15;

/**
 * Why a pull did not import, beyond a run's own statuses: the file was the same (`unchanged`),
 * or the fetch failed. Each leaves the stock untouched.
 */
export const FETCH_FAILURES = {
  address_refused: 'The address (or a redirect) points to a private, loopback or link-local address',
  too_many_redirects: 'More than 3 redirects',
  unreachable: 'The address could not be reached',
  http_error: 'The server answered with an error',
  timeout: 'The file did not arrive within the time limit',
  truncated: 'The file arrived cut short',
  too_large: 'The file is larger than the import size limit',
  wrong_type: 'The address does not serve a CSV or XLSX file',
  login_page: 'The address answered with a web page (a login page?) instead of a stock file',
} as const;
export type FetchFailure = keyof typeof FETCH_FAILURES;

/** A source as the API answers it: the auth header's value is never sent, only whether it is set. */
export type SourceView = {
  id: number;
  name: string;
  url: string;
  header_name: string | null;
  header_set: boolean;
  schedule: { kind: SourceSchedule; interval_minutes: number | null; times: string[] };
  paused: boolean;
  mode: RunMode;
  mapping: Record<string, string>;
  last_status: string | null;
  last_reason: string | null;
  last_run_at: string | null;
  last_applied_at: string | null;
  next_run_at: string | null;
  failing: boolean;
  failing_since: string | null;
  /** the run of it going on now (scheduled or Run now, on any node), or null */
  running_run: number | null;
};

/** A preview of a source's file: its first rows, and where each header goes. */
export type SourcePreview = {
  headers: string[];
  rows: string[][];
  /** header -> field, as the import reads it (by header, or by the saved mapping) */
  columns: { header: string; field: string | null; manual: boolean }[];
  unknown: string[];
  /** the stock fields a header may be mapped to */
  fields: string[];
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const name = v.pipe(
  v.string('Name the source'),
  v.trim(),
  v.minLength(1, 'Name the source'),
  v.maxLength(100, 'At most 100 characters'),
);
const url = v.pipe(
  v.string('Enter the file address'),
  v.trim(),
  v.minLength(1, 'Enter the file address'),
  v.maxLength(2000, 'At most 2000 characters'),
);
const headerName = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(100, 'At most 100 characters'),
  v.check((s) => s === '' || /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(s), 'A header name is letters, digits and - only'),
);

export const ScheduleSchema = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('interval'),
      interval_minutes: v.pipe(
        v.number('Every how many minutes?'),
        v.integer('Whole minutes'),
        v.minValue(MIN_INTERVAL_MINUTES, `At least every ${MIN_INTERVAL_MINUTES} minutes`),
        v.maxValue(10_080, 'At most once a week (10080 minutes)'),
      ),
    }),
    v.object({
      kind: v.literal('times'),
      times: v.pipe(
        v.array(v.pipe(v.string(), v.regex(TIME, 'Times are HH:MM (24 hours)')), 'Give the times of day'),
        v.minLength(1, 'Give at least one time of day'),
        v.maxLength(24, 'At most 24 times a day'),
      ),
    }),
  ],
  'schedule.kind must be interval or times',
);

/** Adding or editing a source; `header_value` omitted keeps the saved value, '' clears it. */
export const SourceInputSchema = v.object(
  {
    name,
    url,
    header_name: v.optional(headerName, ''),
    header_value: v.optional(v.pipe(v.string(), v.maxLength(4000, 'At most 4000 characters'))),
    schedule: ScheduleSchema,
    paused: v.optional(v.boolean('paused must be true or false'), false),
    mode: v.optional(v.picklist(RUN_MODES, 'mode must be update or replace'), 'update'),
  },
  'The request body must be a JSON object',
);
export type SourceInput = v.InferOutput<typeof SourceInputSchema>;

/** The saved manual mapping: header -> field (an empty field drops the header's entry). */
export const MappingSchema = v.object(
  {
    mapping: v.pipe(
      v.record(v.pipe(v.string(), v.maxLength(200)), v.pipe(v.string(), v.maxLength(40)), 'mapping must be an object'),
      v.check((m) => Object.keys(m).length <= 200, 'At most 200 mapped headers'),
    ),
  },
  'The request body must be a JSON object',
);

export const PauseSchema = v.object(
  { paused: v.boolean('paused must be true or false') },
  'The request body must be a JSON object',
);
