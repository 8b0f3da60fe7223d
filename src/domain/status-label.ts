/**
 * A stored status in words, for a badge or a filter tab: the first letter capitalised and
 * underscores as spaces ('in_progress' -> 'In progress', 'all' -> 'All'). Request, message
 * and post statuses all show this way.
 */
export const statusLabel = (status: string): string =>
  (status.charAt(0).toUpperCase() + status.slice(1)).replace(/_/g, ' ');
