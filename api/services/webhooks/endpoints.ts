/**
 * A customer's webhook endpoints: list, create (at most MAX_WEBHOOKS of each kind; the URL
 * checked by the SSRF guard), read, change (a changed URL is checked again; enabling clears the
 * failure count), delete, the secret, the deliveries, and "Send test event" (one signed attempt
 * now). Every call is scoped to the owner: another account's endpoint is 404.
 *
 * Two kinds of endpoint (docs/decisions/017-test-keys-and-webhooks.md): live ones, and test ones
 * (`webhooks.test`), made with an API Link test key, which receive test events only. The
 * `Owner` says which the caller may see: an API Link trade key its live endpoints, a test key
 * its test endpoints (the other kind is 404, as another account's), the account page all.
 */
import { and, count, desc, eq, lt } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { webhookDeliveries, webhooks, type User } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { AddressRefused, checkWebhookUrl } from './address-guard.ts';
import { attemptDelivery, policyOf } from './deliver.ts';
import {
  deliveryView,
  MAX_WEBHOOKS,
  testPayload,
  TEST_EVENT,
  WEBHOOK_EVENTS,
  webhookView,
  type WebhookEvent,
} from './model.ts';
import { newMessageId, newWebhookSecret } from './signing.ts';

export type WebhookInput = { url: string; events?: WebhookEvent[] };
/**
 * Who calls: the account, and which kind of endpoint the caller manages (`test` true: test
 * endpoints only, made with a test key; false: live ones only; absent: both, the account page,
 * which makes live ones).
 */
export type Owner = { user: User; test?: boolean };
export type WebhookPatch = { url?: string; events?: WebhookEvent[]; enabled?: boolean };

async function checkedUrl(deps: Deps, raw: string): Promise<string> {
  try {
    return (await checkWebhookUrl(raw.trim(), policyOf(deps))).toString();
  } catch (err) {
    if (err instanceof AddressRefused) throw new HttpError(400, [{ param: 'url', msg: err.message }]);
    throw err;
  }
}

/** In the documented order, without repeats; empty = all (also kinds added later). */
const eventsToStore = (events: WebhookEvent[] | undefined): string[] =>
  WEBHOOK_EVENTS.filter((kind) => events?.includes(kind));

/** The owner's endpoints of the kind it manages. */
const mine = (owner: Owner) =>
  and(eq(webhooks.userId, owner.user.id), owner.test === undefined ? undefined : eq(webhooks.test, owner.test));

async function own(db: Db, owner: Owner, id: number) {
  const row = await first(
    db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), mine(owner))),
  );
  if (!row) throw new HttpError(404, 'webhook_not_found');
  return row;
}

export async function listWebhooks(db: Db, owner: Owner) {
  const rows = await db.select().from(webhooks).where(mine(owner)).orderBy(webhooks.id);
  return rows.map(webhookView);
}

export async function getWebhook(db: Db, owner: Owner, id: number) {
  return webhookView(await own(db, owner, id));
}

export async function webhookSecret(db: Db, owner: Owner, id: number) {
  return { id, secret: (await own(db, owner, id)).secret };
}

export async function createWebhook(deps: Deps, owner: Owner, input: WebhookInput) {
  const url = await checkedUrl(deps, input.url);
  const test = owner.test ?? false;
  const userId = owner.user.id;
  const row = await writeTx(deps.db, async (tx) => {
    // each kind has its own limit: test endpoints never take a live one's place
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhooks)
      .where(and(eq(webhooks.userId, userId), eq(webhooks.test, test)));
    if (n >= MAX_WEBHOOKS) throw new HttpError(409, 'webhook_limit_reached', { max: MAX_WEBHOOKS });
    const events = eventsToStore(input.events);
    const values = { userId, url, secret: newWebhookSecret(), events, test, createdAt: new Date(deps.clock.now()) };
    return (await tx.insert(webhooks).values(values).returning())[0]!;
  });
  return { webhook: webhookView(row), secret: row.secret };
}

export async function updateWebhook(deps: Deps, owner: Owner, id: number, patch: WebhookPatch) {
  await own(deps.db, owner, id);
  const set: Partial<typeof webhooks.$inferInsert> = {};
  if (patch.url !== undefined) set.url = await checkedUrl(deps, patch.url);
  if (patch.events !== undefined) set.events = eventsToStore(patch.events);
  if (patch.enabled === true) Object.assign(set, { enabled: true, failures: 0, disabledAt: null });
  if (patch.enabled === false) Object.assign(set, { enabled: false, disabledAt: new Date(deps.clock.now()) });
  if (Object.keys(set).length === 0) return getWebhook(deps.db, owner, id);
  const row = (await deps.db.update(webhooks).set(set).where(eq(webhooks.id, id)).returning())[0]!;
  return webhookView(row);
}

export async function deleteWebhook(db: Db, owner: Owner, id: number): Promise<void> {
  await own(db, owner, id);
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

export async function listDeliveries(db: Db, owner: Owner, id: number, opts: { limit: number; before?: number }) {
  await own(db, owner, id);
  const where = opts.before
    ? and(eq(webhookDeliveries.webhookId, id), lt(webhookDeliveries.id, opts.before))
    : eq(webhookDeliveries.webhookId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(opts.limit);
  const last = rows.at(-1);
  return { deliveries: rows.map(deliveryView), next_before: rows.length === opts.limit && last ? last.id : null };
}

/** "Send test event": one signed attempt now, answered with the delivery as it ended. */
export async function sendTestEvent(deps: Deps, owner: Owner, id: number) {
  await own(deps.db, owner, id);
  const now = new Date(deps.clock.now());
  const row = (
    await deps.db
      .insert(webhookDeliveries)
      .values({
        webhookId: id,
        msgId: newMessageId(),
        type: TEST_EVENT,
        payload: testPayload(now),
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning()
  )[0]!;
  const after = await attemptDelivery(deps, row);
  return deliveryView(after ?? row);
}
