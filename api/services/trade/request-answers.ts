/**
 * Answers on a request's lines, while it is in review:
 *
 *   answerLine(deps, adminId, requestId, lineId, answer)    staff: confirmed (the stone stays
 *       reserved for the buyer; another buyer's hold on it ends, reason confirmed_elsewhere),
 *       unavailable (freed), or alternative { stockCode } (another
 *       in-stock single stone, priced in the request's currency and claimed while the buyer decides)
 *   replyToAlternative(deps, userId, requestId, lineId, reply)   buyer: accepted | refused
 *       (a refused alternative is freed)
 */
import { and, eq } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { diamonds, requestLines } from '../../../db/tables.ts';
import { kindOf } from '../../../src/domain/bag/lines.ts';
import { priceLine } from '../../../src/domain/bag/view.ts';
import {
  canAnswerLines,
  canReplyToAlternative,
  type AlternativeReply,
} from '../../../src/domain/trade/request-lifecycle.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from '../admin/audit.ts';
import { toDiamondDoc } from '../catalogue/diamond-docs.ts';
import { loadRates } from './bag.ts';
import { assertUnclaimed, claiming, recordReservationChange } from './request-claims.ts';
import { deliverQueued } from '../platform/mailer.ts';
import { enqueueRequestUpdated, queueRequestChange } from './request-notices.ts';
import { addEvent, requestRowFor, type LineRow, type StoredRequest } from './request-records.ts';
import { endHoldsOnStone } from './holds.ts';
import { assertStoneFreeOfHolds } from './request-stones.ts';

export type LineAnswerInput =
  | { answer: 'confirmed'; stockCode?: undefined }
  | { answer: 'unavailable'; stockCode?: undefined }
  | { answer: 'alternative'; stockCode: string };

async function lineOf(tx: Db, requestId: number, lineId: number): Promise<LineRow> {
  const line = await first(
    tx
      .select()
      .from(requestLines)
      .where(and(eq(requestLines.id, lineId), eq(requestLines.requestId, requestId)))
      .limit(1),
  );
  if (!line) throw new HttpError(404, 'line_not_found');
  return line;
}

const cents = (n: number | null) => (n == null ? null : Math.round(n * 100));

/** The alternative stone, checked and priced in the request's currency. */
async function alternativeFor(tx: Db, r: StoredRequest, line: LineRow, stockCode: string, now: number) {
  const stone = await first(tx.select().from(diamonds).where(eq(diamonds.stockCode, stockCode)).limit(1));
  if (!stone) throw new HttpError(400, [{ param: 'stockCode', msg: `No stone ${stockCode}` }]);
  const doc = toDiamondDoc(stone, true);
  if (kindOf(doc) !== 'single')
    throw new HttpError(400, [{ param: 'stockCode', msg: 'An alternative must be a single stone' }]);
  if (!stone.inStock || stone.id === line.diamondId)
    throw new HttpError(409, 'stone_unavailable', { stockCode: stone.stockCode });
  await assertStoneFreeOfHolds(tx, r.userId, stone.id, now);
  await assertUnclaimed(tx, r.userId, [stone.id]);
  const price = priceLine({ stock: doc, selectedUnit: 'weight', quantity: stone.weight }, r.ccy, await loadRates(tx));
  return { stone, priceCents: cents(price.itemPrice) };
}

export async function answerLine(
  deps: Deps,
  adminId: number,
  requestId: number,
  lineId: number,
  input: LineAnswerInput,
): Promise<void> {
  const now = deps.clock.now();
  const at = new Date(now);
  const mails = await writeTx(deps.db, async (tx) => {
    const r = await requestRowFor(tx, requestId, { role: 'staff', userId: adminId });
    if (!canAnswerLines(r.status))
      throw new HttpError(409, 'request_not_in_review', {
        message: 'Take the request into review to answer its lines.',
      });
    const line = await lineOf(tx, requestId, lineId);
    const touched = new Set<string>();
    const before = line.reservedDiamondId;
    let set: Partial<typeof requestLines.$inferInsert>;
    let detail: string;
    const clearAlt = { altDiamondId: null, altStockCode: null, altDescription: null, altPriceCents: null, reply: null };
    if (input.answer === 'confirmed') {
      const keep = line.type === 'single' ? line.diamondId : null;
      if (keep != null && before !== keep) await assertUnclaimed(tx, r.userId, [keep]);
      // staff confirming a stone ends any other buyer's hold on it
      if (keep != null) await endHoldsOnStone(tx, keep, 'confirmed_elsewhere', now, r.userId);
      set = { answer: 'confirmed', ...clearAlt, reservedDiamondId: keep };
      detail = `${line.stockCode} confirmed`;
    } else if (input.answer === 'unavailable') {
      set = { answer: 'unavailable', ...clearAlt, reservedDiamondId: null };
      detail = `${line.stockCode} unavailable`;
    } else {
      const alt = await alternativeFor(tx, r, line, input.stockCode, now);
      set = {
        answer: 'alternative',
        altDiamondId: alt.stone.id,
        altStockCode: alt.stone.stockCode,
        altDescription: alt.stone.description,
        altPriceCents: alt.priceCents,
        reply: null,
        reservedDiamondId: alt.stone.id,
      };
      detail = `Alternative ${alt.stone.stockCode} offered for ${line.stockCode}`;
      touched.add(alt.stone.stockCode);
    }
    if (before !== set.reservedDiamondId) {
      touched.add(line.stockCode);
      if (line.altStockCode) touched.add(line.altStockCode);
    }
    await claiming(
      () =>
        tx
          .update(requestLines)
          .set({ ...set, updatedAt: at })
          .where(eq(requestLines.id, line.id)),
      [...touched].join(', ') || line.stockCode,
    );
    await recordReservationChange(tx, [...touched], now);
    await enqueueRequestUpdated(tx, requestId, now);
    await addEvent(tx, requestId, { id: adminId, role: 'staff' }, now, { kind: 'line', detail });
    await audit(tx, adminId, 'request.line', 'bag_request', requestId, { line: lineId, ...input }, now);
    return queueRequestChange(deps, tx, requestId, { kind: 'line', by: 'staff', answer: input.answer });
  });
  await deliverQueued(deps.mailer, mails);
}

export async function replyToAlternative(
  deps: Deps,
  userId: number,
  requestId: number,
  lineId: number,
  reply: AlternativeReply,
): Promise<void> {
  const now = deps.clock.now();
  const mails = await writeTx(deps.db, async (tx) => {
    const r = await requestRowFor(tx, requestId, { role: 'buyer', userId });
    if (!canReplyToAlternative(r.status)) throw new HttpError(409, 'request_not_in_review');
    const line = await lineOf(tx, requestId, lineId);
    if (line.answer !== 'alternative' || !line.altStockCode) throw new HttpError(409, 'no_alternative_offered');
    if (line.reply) throw new HttpError(409, 'alternative_already_answered', { reply: line.reply });
    await tx
      .update(requestLines)
      .set({ reply, ...(reply === 'refused' ? { reservedDiamondId: null } : {}), updatedAt: new Date(now) })
      .where(eq(requestLines.id, line.id));
    if (reply === 'refused') await recordReservationChange(tx, [line.altStockCode], now);
    await enqueueRequestUpdated(tx, requestId, now);
    await addEvent(tx, requestId, { id: userId, role: 'buyer' }, now, {
      kind: 'alternative',
      detail: `Alternative ${line.altStockCode} for ${line.stockCode} ${reply}`,
    });
    return queueRequestChange(deps, tx, requestId, { kind: 'alternative', by: 'buyer', reply });
  });
  await deliverQueued(deps.mailer, mails);
}
