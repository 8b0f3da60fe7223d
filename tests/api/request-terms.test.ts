/**
 * The request terms settings: staff read what the PDF confirmation prints (defaults at first),
 * save their own wholesaler's details and terms (checked, audited), and the next confirmation
 * prints them. Customers cannot read or change them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, diamonds, users } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import type { Agent } from './bag-fixtures.ts';
import { detail, sentRequest } from './request-fixtures.ts';

const PATH = '/admin/settings/request-terms';
const OURS = {
  wholesaler: 'Facet Trade Ltd\n88 Hatton Garden, London EC1N 8PN\nVAT GB 123 4567 89',
  memo: 'Memo goods stay ours until paid; return within 10 days, insured both ways.',
  invoice: 'Pay within 7 days by bank transfer to Facet Trade Ltd, sort code 20-00-00.',
};

async function pdfText(res: Response): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'facet-terms-pdf-'));
  writeFileSync(join(dir, 'c.pdf'), Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/** Staff confirm the request's one line and the request; the buyer's PDF as text. */
async function confirmedPdf(staff: Agent, buyer: Agent, id: number): Promise<string> {
  const desk = `/admin/requests/${id}`;
  await staff.json(desk, 'PATCH', { status: 'in_review' });
  const lineId = (await detail(staff, desk)).lines[0]!._id;
  await staff.json(`${desk}/lines/${lineId}`, 'POST', { answer: 'confirmed' });
  await staff.json(desk, 'PATCH', { status: 'confirmed' });
  return pdfText(await buyer.request(`/profile/requests/${id}/confirmation.pdf`));
}

describe('request terms settings', () => {
  it('start from the defaults, save checked texts (audited), and the next PDF confirmation prints them', async () => {
    const { t, agent, staff, id, admin } = await sentRequest('memo');
    const first = (await (await staff.request(PATH)).json()) as typeof OURS;
    expect(first.memo).toContain('remain our property');
    expect(first.invoice).toContain('Pro-forma invoice');
    expect(first.wholesaler).toContain('Facet Trade');

    const blank = await staff.json(PATH, 'PUT', { ...OURS, memo: '   ' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).msg).toEqual([{ param: 'memo', msg: 'Please enter the memo terms' }]);
    const long = await staff.json(PATH, 'PUT', { ...OURS, wholesaler: 'x'.repeat(601) });
    expect(long.status).toBe(400);
    expect(await staff.json(PATH, 'PUT', 'not an object').then((r) => r.status)).toBe(400);

    const saved = await staff.json(PATH, 'PUT', { ...OURS, memo: `  ${OURS.memo}  ` });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(OURS);
    expect(await (await staff.request(PATH)).json()).toEqual(OURS);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.request_terms'), eq(auditLog.userId, admin.id)));
    expect(rows.map((r) => r.detail)).toEqual([{ fields: ['memo', 'invoice', 'wholesaler'] }]);

    const text = await confirmedPdf(staff, agent, id);
    expect(text).toContain('88 Hatton Garden, London EC1N 8PN');
    expect(text).toContain('VAT GB 123 4567 89');
    expect(text).toContain('return within 10 days');
    expect(text).not.toContain('remain our property');

    // customers can neither read nor change them
    expect((await agent.request(PATH)).status).toBe(403);
    expect((await agent.json(PATH, 'PUT', OURS)).status).toBe(403);
  });

  it('a memo is a trade document: the site letterhead, the buyer, the stone graded, tax and total', async () => {
    const { t, agent, staff, id, single } = await sentRequest('memo');
    const [stone] = await t.db.select().from(diamonds).where(eq(diamonds.id, single.id));
    const [buyer] = await t.db.select().from(users).where(eq(users.email, 'trader@facet.trade'));
    const text = await confirmedPdf(staff, agent, id);
    expect(text).toContain('MEMORANDUM');
    expect(text).toContain(`M-${String(id).padStart(6, '0')}`);
    expect(text).toContain('88 Hatton Garden'); // the site settings' office address
    expect(text).toContain('VAT no. GB 294 7361 08');
    expect(text).toContain(buyer!.companyName);
    expect(text).toContain(buyer!.addressLine1);
    expect(text).toMatch(
      new RegExp(`${stone!.stockCode}\\s+${stone!.shape}\\s+${stone!.weight.toFixed(2)}\\s+${stone!.colourFrom}`),
    );
    expect(text).toContain(stone!.certNumber);
    expect(text).toContain('VAT 20%');
    expect(text).toContain('Received on memo by');
    expect(text).toContain('Page 1 of 1');
  });

  it('print the invoice terms on a pro-forma invoice', async () => {
    const { agent, staff, id } = await sentRequest('invoice');
    await staff.json(PATH, 'PUT', OURS);
    const text = await confirmedPdf(staff, agent, id);
    expect(text).toContain('Pro-forma invoice');
    expect(text).toContain('sort code 20-00-00');
    expect(text).not.toContain('return within 10 days');
  });
});
