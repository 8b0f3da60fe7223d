/**
 * The outbox resend, one per app node (api/server.ts): every 10 s it delivers the e-mails left
 * queued for more than STALE_MS, those whose node died between storing them (in the
 * transaction of the work they report) and delivering them. Each is claimed by one node
 * (mailer.deliver), so none goes twice.
 *
 *   const resend = startOutboxResend(deps);   // polls until resend.stop()
 */
import type { Deps } from '../../types.ts';
import { startPoller, type Poller } from './poller.ts';

/** how long a stored e-mail may wait for its own node to deliver it */
export const STALE_MS = 30_000;

export function startOutboxResend(
  deps: Pick<Deps, 'mailer' | 'clock'>,
  opts: { intervalMs?: number; poll?: boolean } = {},
): Poller<number> {
  return startPoller('outbox', () => deps.mailer.resendStale(new Date(deps.clock.now() - STALE_MS)), {
    intervalMs: 10_000,
    ...opts,
  });
}
