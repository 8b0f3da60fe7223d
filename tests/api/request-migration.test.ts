/**
 * Requests sent before the lifecycle: the migration turns each stored bag request into a
 * tracked one (status word mapped to a state, one line row per snapshot line, a timeline).
 */
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from './helpers.ts';

const DIR = new URL('../../db/migrations/', import.meta.url);
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

function apply(db: Database.Database, file: string) {
  for (const statement of readFileSync(new URL(file, DIR), 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) db.exec(statement);
}

describe.skipIf(TEST_ENGINE !== 'sqlite')('migrating stored bag requests', () => {
  it('maps new / in_progress to submitted / in_review and writes lines and a timeline', () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'facet-mig-')), 'db.sqlite'));
    const at = files.indexOf(files.find((f) => f.includes('request_lifecycle'))!);
    for (const f of files.slice(0, at)) apply(db, f);
    db.exec(
      `insert into users (email, password_hash, first_name, last_name, company_name, phone, address_line1, city, postcode, country)
       values ('a@example.com', 'x', 'Ada', 'Stone', 'Ada Ltd', '1', 'l', 'c', 'p', 'GB')`,
    );
    const items = JSON.stringify([
      {
        diamondId: 99,
        stockCode: 'FT-1',
        type: 'single',
        description: 'd',
        selectedUnit: 'weight',
        quantity: 1.01,
        acceptsAlternatives: true,
        ppcCents: null,
        itemPriceCents: 12345,
      },
      {
        diamondId: 98,
        stockCode: 'FT-2',
        type: 'parcel',
        description: 'p',
        selectedUnit: 'items',
        quantity: 3,
        acceptsAlternatives: false,
        ppcCents: 10,
        itemPriceCents: null,
      },
    ]);
    const add = db.prepare(
      `insert into bag_requests (user_id, status, ccy, ex_rate, items) values (1, ?, 'GBP', 1, ?)`,
    );
    add.run('in_progress', items);
    add.run('new', items);
    for (const f of files.slice(at)) apply(db, f);

    expect(db.prepare('select id, status, terms from bag_requests order by id').all()).toEqual([
      { id: 1, status: 'in_review', terms: 'invoice' },
      { id: 2, status: 'submitted', terms: 'invoice' },
    ]);
    const lines = db
      .prepare(
        'select request_id, position, diamond_id, stock_code, type, quantity, item_price_cents, answer, reserved_diamond_id from request_lines where request_id = 1 order by position',
      )
      .all();
    expect(lines).toEqual([
      {
        request_id: 1,
        position: 0,
        diamond_id: null,
        stock_code: 'FT-1',
        type: 'single',
        quantity: 1.01,
        item_price_cents: 12345,
        answer: 'pending',
        reserved_diamond_id: null,
      },
      {
        request_id: 1,
        position: 1,
        diamond_id: null,
        stock_code: 'FT-2',
        type: 'parcel',
        quantity: 3,
        item_price_cents: null,
        answer: 'pending',
        reserved_diamond_id: null,
      },
    ]);
    expect(
      db.prepare('select request_id, actor, from_state, to_state from request_events order by request_id, id').all(),
    ).toEqual([
      { request_id: 1, actor: 'buyer', from_state: null, to_state: 'submitted' },
      { request_id: 1, actor: 'staff', from_state: 'submitted', to_state: 'in_review' },
      { request_id: 2, actor: 'buyer', from_state: null, to_state: 'submitted' },
    ]);
    db.close();
  });
});
