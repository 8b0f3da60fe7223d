/**
 * One-click unsubscribe from an alert e-mail, without signing in: the List-Unsubscribe
 * address answers a mail client's POST at once (RFC 8058) and a browser's GET with a page
 * whose one button turns the alerts off; a tampered or truncated token, or its signature spelt
 * otherwise, is a 400. The outbox keeps the link with its signature redacted.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, savedSearches } from '../../db/tables.ts';
import { REDACTED } from '../../api/services/platform/mailer.ts';
import { UNSUBSCRIBE_PATH } from '../../api/services/saved-searches/unsubscribe-token.ts';
import { otherSpellings } from '../support/signed-token-spellings.ts';
import { alertTestApp, csv, newStoneRow } from './alert-fixtures.ts';

async function alerted() {
  const s = await alertTestApp();
  const search = await s.save({ name: 'Unsubscribe me' });
  await s.t.importCsv(csv(newStoneRow('UNSUB-1')));
  await s.worker().runOnce();
  const [mail] = s.alertsTo('Unsubscribe me');
  const header = mail!.headers!['List-Unsubscribe']!;
  const url = new URL(header.slice(1, -1));
  expect(mail!.text).toContain(url.href); // the same link in the e-mail's text
  const alertOf = async () =>
    (await s.t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id)))[0]!.alert;
  return { ...s, search, path: url.pathname + url.search, alertOf };
}

describe('unsubscribing from alerts', () => {
  it("a mail client's one-click POST turns the search's alerts off, with no cookie", async () => {
    const { t, path, alertOf, worker, alertsTo } = await alerted();
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
    expect(await alertOf()).toBe('off');
    await t.importCsv(csv(newStoneRow('UNSUB-2')));
    await worker().runOnce();
    expect(alertsTo('Unsubscribe me')).toHaveLength(1);
    // again is fine
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(200);
  });

  it('GET shows a page with a button that turns them off', async () => {
    const { t, path, alertOf } = await alerted();
    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    // the form's POST must carry the site's Origin (no-referrer made browsers send Origin: null)
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain('Stop the alerts of &quot;Unsubscribe me&quot;?');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">'); // the site's icon, not a /favicon.ico guess
    expect(html).toMatch(/<form method="post" action="[^"]+"><button type="submit">Turn the alerts off<\/button>/);
    expect(await alertOf()).toBe('instant'); // a GET (a link scanner) changes nothing
    const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const done = await t.app.request(action, {
      method: 'POST',
      headers: { accept: 'text/html', origin: t.config.siteUrl },
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/text\/html/);
    expect(await done.text()).toContain('Alerts turned off for &quot;Unsubscribe me&quot;');
    expect(await alertOf()).toBe('off');
    expect(await (await t.app.request(path)).text()).toContain('This saved search sends you no alerts.');
  });

  it('the origin check stays strict: a form posted with Origin: null is refused, as a page for a browser', async () => {
    const { t, path, alertOf } = await alerted();
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' };
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const target of [path, '/api/v1/login']) {
      const page = await t.app.request(target, {
        method: 'POST',
        headers: { ...form, accept: html, 'sec-fetch-mode': 'navigate' },
        body: 'email=a%40b.example&password=x',
      });
      expect(page.status).toBe(403);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const text = await page.text();
      expect(text).toContain('This form was refused');
      expect(text).not.toContain('forbidden_origin');
      const script = await t.app.request(target, { method: 'POST', headers: { ...form, accept: 'application/json' } });
      expect(script.status).toBe(403);
      expect(await script.json()).toEqual({ errors: { msg: 'forbidden_origin' } });
    }
    expect(await alertOf()).toBe('instant');
  });

  it('the outbox keeps the link with its signature redacted, in the text, the html and the header', async () => {
    const { t, path, search } = await alerted();
    const signature = path.slice(path.lastIndexOf('.') + 1);
    const stored = (await t.db.select().from(emailOutbox)).filter((r) => r.subject.includes('"Unsubscribe me"'));
    expect(stored).toHaveLength(1);
    const row = JSON.stringify(stored[0]);
    expect(row).not.toContain(signature);
    expect(stored[0]!.text).toContain(`${UNSUBSCRIBE_PATH}?token=${search.id}.${REDACTED}`);
    expect(stored[0]!.headers!['List-Unsubscribe']).toContain(`?token=${search.id}.${REDACTED}`);
  });

  it('a tampered or truncated token is a 400 and changes nothing', async () => {
    const { t, path, alertOf, search } = await alerted();
    const other = path.replace(/token=\d+\./, `token=${search.id + 1}.`);
    for (const bad of [
      other,
      path.slice(0, -3),
      path.replace(/token=.*/, 'token=nonsense'),
      path.replace(/\?.*/, ''),
      ...otherSpellings(path), // the same signature bytes, spelt otherwise
    ]) {
      const post = await t.app.request(bad, { method: 'POST' });
      expect(post.status).toBe(400);
      expect(((await post.json()) as { errors: { msg: unknown } }).errors.msg).toBeTruthy();
    }
    const refused = await t.app.request(path.slice(0, -3), { method: 'POST', headers: { accept: 'text/html' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/^<!doctype html>[\s\S]*The unsubscribe link is incomplete/);
    const page = await t.app.request(path.slice(0, -3));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This link does not work');
    expect(await alertOf()).toBe('instant');
  });
});
