/**
 * A hold turned into a request in one step: the stone goes into the bag if it is not there
 * (quietly, no drawer), then a request for that one stone is sent through the bag's request
 * (the same payload, prices and checks as SEND REQUEST; the rest of the bag stays). On success
 * the server ends the hold as turned into the request; after a refusal a stone this call put in
 * the bag is taken out again, and the server's reason comes back. The caller reads the holds
 * again once the outcome has been shown (the control showing it would otherwise go at once).
 */
import type { RequestTerms } from '../../domain/trade/request-lifecycle.ts';
import { ensureInBag, removeFromBag } from '../../stores/bag.ts';
import { $site } from '../../stores/site.ts';
import { refusalReason, sendBagRequest, type SendResult } from '../bag/send-request.ts';

export async function requestHeldStone(diamondId: number, terms: RequestTerms): Promise<SendResult> {
  let added = false;
  try {
    added = await ensureInBag(diamondId);
  } catch (err) {
    return { ok: false, reason: refusalReason(err) };
  }
  // a page that has no rates yet: the bag's request waits for them and takes the page's currency
  const site = $site.get().data;
  const result = await sendBagRequest(
    { orderNotes: '', acceptsAnyAlternatives: false, terms },
    site?.ccy ?? 'GBP',
    site?.fxrates ?? [],
    [diamondId],
  );
  if (!result.ok && added) await removeFromBag(diamondId);
  return result;
}
