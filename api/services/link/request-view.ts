/**
 * A request as API Link sends it (api/link/schemas.ts LinkRequestSchema / LinkRequestSummarySchema):
 * the buyer's own view of the site (requestDetail with role buyer: staff are "Facet Trade staff"),
 * in snake_case, money as decimal strings in the request's currency (null = N/A: a parcel priced
 * by items has no amount).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { requestLines } from '../../../db/tables.ts';
import { requestTotalCents } from '../../../src/domain/trade/request-lifecycle.ts';
import type { LineRow, RequestDetail, StoredRequest } from '../trade/request-records.ts';

const money = (amount: number | null, currency: string) =>
  amount == null ? null : { amount: amount.toFixed(2), currency };
const moneyOfCents = (cents: number | null, currency: string) => money(cents == null ? null : cents / 100, currency);

export function toLinkRequest(r: RequestDetail) {
  const ccy = r.ccy;
  return {
    id: r._id,
    state: r.status,
    terms: r.terms,
    currency: ccy,
    exchange_rate: r.ExRate,
    notes: r.orderNotes,
    accepts_alternatives: r.acceptsAnyAlternatives,
    carrier_reference: r.carrierRef,
    total_sent: money(r.totalPrice, ccy),
    total: money(r.currentTotal, ccy),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    lines: r.lines.map((l) => ({
      id: l._id,
      stock_code: l.stockCode,
      category: l.type === 'parcel' ? ('parcel' as const) : ('stone' as const),
      description: l.description,
      unit: l.selectedUnit,
      quantity: l.quantity,
      accepts_alternatives: l.acceptsAlternatives,
      price_per_carat: money(l.ppc, ccy),
      price: money(l.itemPrice, ccy),
      answer: l.answer,
      alternative: l.alternative
        ? {
            stock_code: l.alternative.stockCode,
            description: l.alternative.description,
            price: money(l.alternative.price, ccy),
            reply: l.alternative.reply,
          }
        : null,
      reserved: l.reserved,
      amount: money(l.amount, ccy),
    })),
    timeline: r.timeline.map((e) => ({
      at: e.at,
      who: e.who,
      actor: e.actor,
      kind: e.kind,
      from: e.from,
      to: e.to,
      what: e.what,
    })),
    messages: r.messages.map((m) => ({ at: m.at, author: m.author, who: m.who, body: m.body })),
  };
}

/** The list's entries: the request without its lines, timeline and messages. */
export async function toLinkRequestSummaries(db: Db, rows: StoredRequest[]) {
  const ids = rows.map((r) => r.id);
  const lines = ids.length ? await db.select().from(requestLines).where(inArray(requestLines.requestId, ids)) : [];
  const byRequest = new Map<number, LineRow[]>();
  for (const l of lines) byRequest.set(l.requestId, [...(byRequest.get(l.requestId) ?? []), l]);
  return rows.map((r) => {
    const own = byRequest.get(r.id) ?? [];
    return {
      id: r.id,
      state: r.status,
      terms: r.terms,
      currency: r.ccy,
      line_count: own.length,
      total_sent: moneyOfCents(r.totalCents, r.ccy),
      total: moneyOfCents(requestTotalCents(own), r.ccy),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}
