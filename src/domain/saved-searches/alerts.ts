/**
 * A saved search's alert settings: off, instant (within minutes of the change) or a daily
 * digest at `digestHour` in the trader's `timeZone`.
 */
export const ALERT_MODES = ['off', 'instant', 'daily'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** How many saved searches one trader may keep. */
export const MAX_SAVED_SEARCHES = 25;
