import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, contactMessages, stockChanges } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import { detail, sendBag, sentRequest } from './request-fixtures.ts';

describe('a request through its lifecycle', () => {
  it('goes from the bag to confirmed with an alternative accepted, shipped and completed; illegal moves are 409', async () => {
    const { t, agent, staff, id, single, spare, admin } = await sentRequest('memo');
    const mine = `/profile/requests/${id}`;
    const desk = `/admin/requests/${id}`;

    let r = await detail(agent, mine);
    expect(r).toMatchObject({ status: 'submitted', terms: 'memo', next: ['cancelled'] });
    expect(r.lines).toEqual([
      expect.objectContaining({ stockCode: single.stockCode, answer: 'pending', reserved: true }),
    ]);
    expect(r.timeline[0]).toMatchObject({ actor: 'buyer', to: 'submitted', what: expect.stringContaining('memo') });

    // staff may not skip review; the buyer may not review
    const skip = await staff.json(desk, 'PATCH', { status: 'confirmed' });
    expect(skip.status).toBe(409);
    expect((await errorOf(skip)).msg).toBe('illegal_transition');
    expect((await staff.json(desk, 'PATCH', { status: 'in_review' })).status).toBe(200);
    const early = await staff.json(desk, 'PATCH', { status: 'confirmed' });
    expect((await errorOf(early)).msg).toBe('lines_unanswered');

    // the line gets an alternative, priced in the request's currency
    const lineId = r.lines[0]!._id;
    const offer = await staff.json(`${desk}/lines/${lineId}`, 'POST', {
      answer: 'alternative',
      stockCode: spare.stockCode,
    });
    expect(offer.status).toBe(200);
    expect(t.mailer.last('trader@facet.trade')?.text).toMatch(/alternative/i);
    r = await detail(agent, mine);
    expect(r.lines[0]).toMatchObject({
      answer: 'alternative',
      alternative: { stockCode: spare.stockCode, reply: null },
    });
    expect(r.lines[0]!.alternative!.price).toBeGreaterThan(0);
    const waiting = await staff.json(desk, 'PATCH', { status: 'confirmed' });
    expect(waiting.status).toBe(409);
    expect(await errorOf(waiting)).toMatchObject({
      msg: 'alternative_awaits_buyer',
      options: { message: expect.stringMatching(/waits for the buyer/) },
    });

    const accept = await agent.json(`${mine}/lines/${lineId}/reply`, 'POST', { reply: 'accepted' });
    expect(accept.status).toBe(200);
    r = (await accept.json()) as typeof r;
    expect(r.currentTotal).toBe(r.lines[0]!.alternative!.price);
    expect(t.mailer.last(t.config.STAFF_EMAIL)?.text).toContain('accepted');
    const again = await agent.json(`${mine}/lines/${lineId}/reply`, 'POST', { reply: 'refused' });
    expect((await errorOf(again)).msg).toBe('alternative_already_answered');

    // confirming may change the terms; then the buyer can no longer cancel
    const confirm = await staff.json(desk, 'PATCH', { status: 'confirmed', terms: 'invoice' });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ status: 'confirmed', terms: 'invoice' });
    const cancel = await agent.json(`${mine}/cancel`, 'POST', {});
    expect(cancel.status).toBe(409);
    expect((await errorOf(cancel)).msg).toBe('not_allowed_for_you');

    const noRef = await staff.json(desk, 'PATCH', { status: 'shipped' });
    expect(noRef.status).toBe(400);
    expect((await staff.json(desk, 'PATCH', { status: 'shipped', carrierRef: 'FX-123456' })).status).toBe(200);
    expect(t.mailer.last('trader@facet.trade')?.text).toContain('FX-123456');
    const back = await staff.json(desk, 'PATCH', { status: 'returned' });
    expect((await errorOf(back)).msg).toBe('returns_need_memo');
    expect((await staff.json(desk, 'PATCH', { status: 'completed' })).status).toBe(200);

    r = await detail(agent, mine);
    expect(r).toMatchObject({ status: 'completed', carrierRef: 'FX-123456', next: [] });
    expect(r.timeline.map((e) => [e.from, e.to])).toEqual([
      [null, 'submitted'],
      ['submitted', 'in_review'],
      [null, null],
      [null, null],
      ['in_review', 'confirmed'],
      ['confirmed', 'shipped'],
      ['shipped', 'completed'],
    ]);
    expect(r.timeline.every((e) => e.who.length > 0)).toBe(true);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(audited.map((a) => a.action)).toEqual([
      'request.status',
      'request.line',
      'request.status',
      'request.status',
      'request.status',
    ]);
  });

  it('a buyer cancels before confirmation, which frees the stone for another buyer', async () => {
    const { t, agent, otherAgent, id, single } = await sentRequest('invoice');
    await otherAgent.json('/profile/bag', 'POST', { diamondId: single.id });
    const refused = await sendBag(otherAgent);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      msg: 'stone_reserved',
      options: { stockCode: single.stockCode, message: expect.stringContaining(single.stockCode) },
    });

    const cancel = await agent.json(`/profile/requests/${id}/cancel`, 'POST', {});
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({
      status: 'cancelled',
      lines: [expect.objectContaining({ reserved: false })],
    });
    const inbox = await t.db.select().from(contactMessages).where(eq(contactMessages.kind, 'request'));
    expect(inbox.map((m) => m.message)).toEqual(['The buyer cancelled the request.']);
    expect(t.mailer.last(t.config.STAFF_EMAIL)?.subject).toContain(`#${id}`);
    expect((await agent.json(`/profile/requests/${id}/cancel`, 'POST', {})).status).toBe(409);

    expect((await sendBag(otherAgent)).status).toBe(200);
    const changes = await t.db
      .select()
      .from(stockChanges)
      .where(and(eq(stockChanges.stockCode, single.stockCode), eq(stockChanges.kind, 'availability_changed')));
    expect(changes.filter((c) => c.fields?.includes('reserved'))).toHaveLength(3);
  });

  it('keeps a plain-text thread between buyer and staff, e-mailed to the other side', async () => {
    const { t, agent, staff, otherAgent, id } = await sentRequest();
    const write = await agent.json(`/profile/requests/${id}/messages`, 'POST', { body: 'Can you send <b>photos</b>?' });
    expect(write.status).toBe(201);
    expect(t.mailer.last(t.config.STAFF_EMAIL)?.text).toContain('Can you send <b>photos</b>?');
    expect(t.mailer.last(t.config.STAFF_EMAIL)?.html).toContain('&lt;b&gt;photos');
    expect((await staff.json(`/admin/requests/${id}/messages`, 'POST', { body: 'Sent this afternoon.' })).status).toBe(
      201,
    );
    expect(t.mailer.last('trader@facet.trade')?.text).toContain('Sent this afternoon.');
    const r = await detail(agent, `/profile/requests/${id}`);
    expect(r.messages.map((m) => [m.author, m.body])).toEqual([
      ['buyer', 'Can you send <b>photos</b>?'],
      ['staff', 'Sent this afternoon.'],
    ]);
    expect((await agent.json(`/profile/requests/${id}/messages`, 'POST', { body: '  ' })).status).toBe(400);
    // another buyer never sees it
    expect((await otherAgent.request(`/profile/requests/${id}`)).status).toBe(404);
    expect((await otherAgent.json(`/profile/requests/${id}/messages`, 'POST', { body: 'hi' })).status).toBe(404);
  });

  it('staff free a line as unavailable and decline; the parcel is never reserved', async () => {
    const { agent, staff, id } = await sentRequest('memo', true);
    const desk = `/admin/requests/${id}`;
    await staff.json(desk, 'PATCH', { status: 'in_review' });
    let r = await detail(staff, desk);
    expect(r.lines.map((l) => l.reserved)).toEqual([true, false]);
    await staff.json(`${desk}/lines/${r.lines[0]!._id}`, 'POST', { answer: 'unavailable' });
    r = await detail(staff, desk);
    expect(r.lines[0]).toMatchObject({ answer: 'unavailable', reserved: false });
    const bad = await staff.json(`${desk}/lines/${r.lines[0]!._id}`, 'POST', { answer: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await staff.json(desk, 'PATCH', { status: 'declined' })).status).toBe(200);
    expect((await errorOf(await staff.json(desk, 'PATCH', { status: 'in_review' }))).msg).toBe('illegal_transition');
    expect((await detail(agent, `/profile/requests/${id}`)).status).toBe('declined');
  });
});

describe('the confirmation PDF', () => {
  it('is there once confirmed, and reads back with the terms, the buyer and the lines', async () => {
    const { agent, staff, id, single } = await sentRequest('memo');
    const pdf = `/profile/requests/${id}/confirmation.pdf`;
    expect((await agent.request(pdf)).status).toBe(409);
    const desk = `/admin/requests/${id}`;
    await staff.json(desk, 'PATCH', { status: 'in_review' });
    const lineId = (await detail(staff, desk)).lines[0]!._id;
    await staff.json(`${desk}/lines/${lineId}`, 'POST', { answer: 'confirmed' });
    await staff.json(desk, 'PATCH', { status: 'confirmed' });
    const res = await agent.request(pdf);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'facet-pdf-'));
    writeFileSync(join(dir, 'c.pdf'), Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(text).toContain('MEMORANDUM');
    expect(text).toMatch(new RegExp(`REQUEST\\s+#${id}`));
    expect(text).toContain(single.stockCode);
    expect(text).toMatch(/Total USD\s+\$[\d,]+\.\d\d/);
    expect(text).toContain('remain our property');
  });
});
