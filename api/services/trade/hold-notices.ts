/**
 * Hold notices. Placing sends its e-mails at once (the webhook went in the hold's own
 * transaction). The "ends in 2 hours" and "has ended" notices are sent by the sweep
 * (hold-sweep.ts) on whichever node claims them first:
 *
 *   claim   UPDATE holds SET notice_lease_until = now + LEASE
 *           WHERE id = ? AND <notice not sent> AND (notice_lease_until IS NULL OR <= now)
 *   mark    in one transaction: the e-mails stored in the outbox, the webhook event, and
 *           ending_notified_at / ended_notified_at = now, lease cleared
 *   send    the stored e-mails, after the commit (mailer.deliver: once; a node killed before
 *           it leaves them queued for any node's outbox resend)
 *
 * One node wins each claim; a node killed between claim and mark leaves the lease to lapse
 * (LEASE_MS), and the next pass on any node sends the notice. Watchers are deleted in the
 * transaction that stores their e-mails, so no notice writes to them twice.
 */
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { diamonds, holds, holdWatches, users, type Diamond, type Hold, type User } from '../../../db/tables.ts';
import type { Deps } from '../../types.ts';
import { deliverQueued, type MailMessage, type QueuedMail } from '../platform/mailer.ts';
import { siteOf } from '../accounts/accounts.ts';
import { holdEndedEmail, holdEndingEmail, holdPlacedEmail, staffHoldEmail, stoneFreeEmail } from './hold-emails.ts';
import { enqueueHoldEvent } from './hold-events.ts';

/** how long a claimed notice is a node's own before another node may send it */
export const LEASE_MS = 5_000;

export async function sendPlacedNotices(deps: Deps, user: User, stone: Diamond, hold: Hold): Promise<void> {
  const site = await siteOf(deps);
  await deps.mailer.send(holdPlacedEmail(site, user, stone, hold));
  await deps.mailer.send(staffHoldEmail(site, deps.config.STAFF_EMAIL, user, stone, hold));
}

type Kind = 'ending' | 'ended';
const sentColumn = (kind: Kind) => (kind === 'ending' ? holds.endingNotifiedAt : holds.endedNotifiedAt);

async function claim(db: Db, id: number, kind: Kind, now: number): Promise<boolean> {
  const won = await db
    .update(holds)
    .set({ noticeLeaseUntil: new Date(now + LEASE_MS) })
    .where(
      and(
        eq(holds.id, id),
        isNull(sentColumn(kind)),
        or(isNull(holds.noticeLeaseUntil), lte(holds.noticeLeaseUntil, new Date(now))),
      ),
    )
    .returning({ id: holds.id });
  return won.length === 1;
}

async function parts(db: Db, hold: Hold) {
  const row = await first(
    db
      .select({ user: users, stone: diamonds })
      .from(users)
      .innerJoin(diamonds, eq(diamonds.id, hold.diamondId))
      .where(eq(users.id, hold.userId)),
  );
  return row;
}

/** The 2-hour notice of one running hold: e-mail and hold.ending, once (stored with the mark). */
export async function sendEndingNotice(deps: Deps, hold: Hold): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await claim(deps.db, hold.id, 'ending', now))) return false;
  const row = await parts(deps.db, hold);
  const email = row ? holdEndingEmail(await siteOf(deps), row.user, row.stone, hold) : null;
  const mails = await writeTx(deps.db, async (tx) => {
    const queued = email ? [await deps.mailer.queue(tx, email)] : [];
    if (row) await enqueueHoldEvent(tx, 'hold.ending', hold, row.stone.stockCode, now);
    await tx
      .update(holds)
      .set({ endingNotifiedAt: new Date(now), noticeLeaseUntil: null })
      .where(eq(holds.id, hold.id));
    return queued;
  });
  await deliverQueued(deps.mailer, mails);
  return true;
}

/**
 * The notices of one ended hold, once: the holder's e-mail (not for a release or a request: they
 * did it), one e-mail to each watcher when the stone is still in stock, not held again and not
 * requested by the holder, hold.ended. The e-mails are stored in the transaction that marks the
 * notice sent, so a node killed at any point leaves either all of them to the next claimant or none.
 */
export async function sendEndedNotices(deps: Deps, hold: Hold): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await claim(deps.db, hold.id, 'ended', now))) return false;
  const row = await parts(deps.db, hold);
  const site = await siteOf(deps);
  // a release or a request is the holder's own doing; a requested stone is not free for watchers
  const ownDoing = hold.endReason === 'released' || hold.endReason === 'requested';
  const free = row?.stone.inStock && hold.endReason !== 'requested';
  const heldAgain =
    free &&
    (await first(
      deps.db
        .select({ id: holds.id })
        .from(holds)
        .where(and(eq(holds.diamondId, hold.diamondId), isNull(holds.endedAt))),
    ));
  const mails = await writeTx(deps.db, async (tx) => {
    const queued: QueuedMail[] = [];
    if (row && !ownDoing) queued.push(await deps.mailer.queue(tx, holdEndedEmail(site, row.user, row.stone, hold)));
    if (free && !heldAgain) {
      for (const email of await tellWatchers(tx, row.stone, site)) queued.push(await deps.mailer.queue(tx, email));
    }
    if (row) await enqueueHoldEvent(tx, 'hold.ended', hold, row.stone.stockCode, now);
    await tx
      .update(holds)
      .set({ endedNotifiedAt: new Date(now), noticeLeaseUntil: null })
      .where(eq(holds.id, hold.id));
    return queued;
  });
  await deliverQueued(deps.mailer, mails);
  return true;
}

/** The "free again" e-mails of a stone's watchers; their watches are deleted (in the caller's transaction). */
async function tellWatchers(tx: Db, stone: Diamond, site: Awaited<ReturnType<typeof siteOf>>): Promise<MailMessage[]> {
  const gone = await tx
    .delete(holdWatches)
    .where(and(eq(holdWatches.diamondId, stone.id), isNull(holdWatches.notifiedAt)))
    .returning({ userId: holdWatches.userId });
  if (gone.length === 0) return [];
  const watchers = await tx
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        gone.map((g) => g.userId),
      ),
    );
  return watchers.filter((u) => u.status === 'approved').map((u) => stoneFreeEmail(site, u, stone));
}
