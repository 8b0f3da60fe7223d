/**
 * Sending the bag as a request: the payload is built from the bag's in-stock lines with the
 * shared pricing code in the chosen currency, validated with the same schema the API uses, and
 * posted to /profile/bagRequest. The reply (the user with what is left of the bag) replaces the
 * signed-in user; a refusal comes back as the server's reason. A press before the exchange rates
 * have arrived waits for them.
 */
import * as v from 'valibot';
import { BagRequestSchema, type BagRequestInput } from '../../domain/bag/payload.ts';
import { priceLine, totalOf } from '../../domain/bag/view.ts';
import { NOT_AVAILABLE } from '../../domain/bag/pricing.ts';
import { UnknownCurrencyError, type FxRate } from '../../domain/money.ts';
import { ApiError, call, client, logUnexpected, refusalText } from '../../lib/api.ts';
import { $bag, flushBag, loadBag, type BagLineView } from '../../stores/bag.ts';
import { setSession, type AuthState } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';

export type RequestForm = { orderNotes: string; acceptsAnyAlternatives: boolean; terms?: 'memo' | 'invoice' };

export function buildPayload(
  lines: readonly BagLineView[],
  form: RequestForm,
  ccy: string,
  rates: readonly FxRate[],
): BagRequestInput {
  const live = lines.filter((l) => l.inStock);
  const total = totalOf(live, ccy, rates);
  return {
    bagItems: live.map((l) => {
      const price = priceLine(l, ccy, rates);
      return {
        stock: l.diamondId,
        type: l.type,
        ...(price.itemPrice == null ? {} : { itemPrice: price.itemPrice }),
        ...(l.type === 'parcel' ? { ppc: price.ppc } : {}),
        selectedUnit: l.selectedUnit,
        quantity: l.quantity,
      };
    }),
    orderNotes: form.orderNotes,
    acceptsAnyAlternatives: form.acceptsAnyAlternatives,
    ...(form.terms ? { terms: form.terms } : {}),
    ccy: ccy as BagRequestInput['ccy'],
    totalPrice: total ?? NOT_AVAILABLE,
    ExRate: rates.find((r) => r.currency === ccy)?.ExRate ?? 0,
  };
}

export type SendResult = { ok: true; reply: AuthState; requestId: number | null } | { ok: false; reason: string };

/** The newest of the customer's requests: the one just sent (null when it cannot be read now). */
async function newestRequestId(): Promise<number | null> {
  try {
    const { docs } = await call(client.profile.bagRequests.$get());
    return docs[0]?._id ?? null;
  } catch {
    return null;
  }
}

/**
 * Posts the request (the whole bag, or only the `only` stones of it); resolves with the new auth
 * state and the request's number, or with the server's reason after a refusal (also logged; the
 * bag is reloaded to show the truth).
 */
export async function sendBagRequest(
  form: RequestForm,
  ccy: string,
  rates: readonly FxRate[],
  only?: readonly number[],
): Promise<SendResult> {
  try {
    await flushBag();
    // pressed before the rates arrived (the page just opened): the request waits for them and
    // goes in the currency the page is about to show
    if (rates.length === 0) {
      const site = await loadSite();
      if (site?.fxrates.length) ({ ccy, fxrates: rates } = site);
    }
    const lines = $bag.get().lines.filter((l) => !only || only.includes(l.diamondId));
    const payload = v.parse(BagRequestSchema, buildPayload(lines, form, ccy, rates));
    const reply = await call(client.profile.bagRequest.$post({ json: payload }));
    $bag.set({ status: 'ready', lines: reply.user?.bag ?? [] }); // first: the session follower then agrees
    setSession(reply);
    return { ok: true, reply, requestId: await newestRequestId() };
  } catch (err) {
    logUnexpected('[bag] request failed', err);
    await Promise.all([loadBag(), loadSite(true)]); // prices or rates may have moved on
    return { ok: false, reason: refusalReason(err) };
  }
}

/** The server's reason in words (a field's message, or the refusal's own sentence, when it has one). */
export function refusalReason(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? err.message : refusalText(err);
  if (v.isValiError(err)) return err.issues[0]?.message ?? 'The request is not complete.';
  if (err instanceof UnknownCurrencyError) return 'The prices could not be loaded. Please try again in a moment.';
  return 'Your request could not be sent. Please try again.';
}
