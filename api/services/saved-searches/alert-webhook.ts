/**
 * `saved_search.matched`: what an alert e-mail tells, for the trader's own API Link webhook
 * endpoints (approved, with API Link, subscribed to the event), queued in the transaction that
 * stores the e-mail. Prices as API Link gives them to a trade key, in the search's currency.
 */
import type { Db } from '../../../db/client.ts';
import type { FxRate } from '../../../src/domain/money.ts';
import type { Currency } from '../link/stone-view.ts';
import { linkPrice } from '../link/stone-view.ts';
import { enqueueForAccount } from '../webhooks/enqueue.ts';
import { SAVED_SEARCH_MATCHED } from '../webhooks/model.ts';
import type { AlertEvent } from './alert-matches.ts';
import type { AlertSearch } from './alert-mails.ts';

export function matchedPayload(search: AlertSearch, events: readonly AlertEvent[], rates: readonly FxRate[], at: Date) {
  const view = { scope: 'trade' as const, markupPct: 0, currency: search.currency as Currency, rates };
  return {
    type: SAVED_SEARCH_MATCHED,
    timestamp: at.toISOString(),
    data: {
      saved_search_id: search.id,
      name: search.name,
      alert: search.alert,
      events: events.map((e) => ({
        stock_code: e.stone.stockCode,
        kind: e.kind,
        price: linkPrice(e.stone, view),
        drop_pct: e.dropPct == null || e.kind !== 'price_changed' ? null : Math.round(e.dropPct * 10) / 10,
      })),
    },
  };
}

export async function enqueueMatched(
  tx: Db,
  userId: number,
  search: AlertSearch,
  events: readonly AlertEvent[],
  rates: readonly FxRate[],
  now: number,
): Promise<number> {
  return enqueueForAccount(tx, userId, SAVED_SEARCH_MATCHED, matchedPayload(search, events, rates, new Date(now)), now);
}
