/**
 * A refused request as a person's browser shows it: the status's heading and the refusal in
 * words (its own sentence when it has one, else its field message or its code in words), on
 * the API's plain page. Only for a browser's navigation; calls from scripts get the JSON.
 */
import type { Context } from 'hono';
import { statusLabel } from '../../src/domain/status-label.ts';
import { plainPage } from '../services/platform/plain-page.ts';
import type { ErrorBody } from './errors.ts';

/** A browser's navigation (a form's post, an address typed or followed) rather than a script's call. */
export function wantsPage(c: Context): boolean {
  if (c.req.header('sec-fetch-mode') === 'navigate') return true;
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

const HEADINGS: Record<number, string> = {
  400: 'This could not be done',
  401: 'Please sign in first',
  403: 'This form was refused',
  404: 'This page does not exist',
  409: 'This could not be done now',
  413: 'This is too large to send',
  429: 'Too many tries',
};

function words(body: ErrorBody): string {
  const { msg, options } = body.errors;
  if (typeof options?.message === 'string') return options.message;
  if (Array.isArray(msg)) return msg.map((f) => f.msg).join('. ');
  if (msg === 'forbidden_origin')
    return 'This form was sent from another site, or in a way this site cannot check. Go back, reload the page and try again.';
  if (msg === 'internal_error') return 'Something went wrong on our side. Please try again in a moment.';
  if (msg === 'database_unavailable') return 'The site is busy for a moment. Please try again shortly.';
  return `${statusLabel(msg)}.`;
}

export function refusalPage(body: ErrorBody, status: number): string {
  const heading = HEADINGS[status] ?? (status >= 500 ? 'Something went wrong' : 'This could not be done');
  return plainPage({ heading, line: words(body) });
}
