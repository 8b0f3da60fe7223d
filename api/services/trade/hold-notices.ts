/**
 * Hold notices. Placing sends its e-mails at once (the webhook went in the hold's own
 * transaction). The "ends in 2 hours" and "has ended" notices are sent by the sweep
 * (hold-sweep.ts) on whichever node claims them first:
 *
 *   claim   UPDATE holds SET notice_lease_until = now + LEASE
 *           WHERE id = ? AND <notice not sent> AND (notice_lease_until IS NULL OR <= now)
 *   send    e-mails (and, in one transaction with the mark, the webhook event)
 *   mark    ending_notified_at / ended_notified_at = now, lease cleared
 *
 * One node wins each claim; a node killed between claim and mark leaves the lease to lapse
 * (LEASE_MS), and the next pass on any node sends the notice. Watchers are deleted as each
 * one's e-mail goes, so a resumed notice does not write to them twice.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { diamonds, holds, holdWatches, users, type Diamond, type Hold, type User } from '../../../db/tables.ts';
import type { Deps } from '../../types.ts';
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

/** The 2-hour notice of one running hold: e-mail and hold.ending, once. */
export async function sendEndingNotice(deps: Deps, hold: Hold): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await claim(deps.db, hold.id, 'ending', now))) return false;
  const row = await parts(deps.db, hold);
  if (row) await deps.mailer.send(holdEndingEmail(await siteOf(deps), row.user, row.stone, hold));
  await writeTx(deps.db, async (tx) => {
    if (row) await enqueueHoldEvent(tx, 'hold.ending', hold, row.stone.stockCode, now);
    await tx
      .update(holds)
      .set({ endingNotifiedAt: new Date(now), noticeLeaseUntil: null })
      .where(eq(holds.id, hold.id));
  });
  return true;
}

/**
 * The notices of one ended hold, once: the holder's e-mail (not for a release or a request: they
 * did it), one e-mail to each watcher when the stone is still in stock, not held again and not
 * requested by the holder, hold.ended.
 */
export async function sendEndedNotices(deps: Deps, hold: Hold): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await claim(deps.db, hold.id, 'ended', now))) return false;
  const row = await parts(deps.db, hold);
  const site = await siteOf(deps);
  // a release or a request is the holder's own doing; a requested stone is not free for watchers
  const ownDoing = hold.endReason === 'released' || hold.endReason === 'requested';
  if (row && !ownDoing) await deps.mailer.send(holdEndedEmail(site, row.user, row.stone, hold));
  if (row?.stone.inStock && hold.endReason !== 'requested') {
    const heldAgain = await first(
      deps.db
        .select({ id: holds.id })
        .from(holds)
        .where(and(eq(holds.diamondId, hold.diamondId), isNull(holds.endedAt))),
    );
    if (!heldAgain) await tellWatchers(deps, row.stone, site);
  }
  await writeTx(deps.db, async (tx) => {
    if (row) await enqueueHoldEvent(tx, 'hold.ended', hold, row.stone.stockCode, now);
    await tx
      .update(holds)
      .set({ endedNotifiedAt: new Date(now), noticeLeaseUntil: null })
      .where(eq(holds.id, hold.id));
  });
  return true;
}

async function tellWatchers(deps: Deps, stone: Diamond, site: Awaited<ReturnType<typeof siteOf>>): Promise<void> {
  const watchers = await deps.db
    .select({ user: users })
    .from(holdWatches)
    .innerJoin(users, eq(users.id, holdWatches.userId))
    .where(and(eq(holdWatches.diamondId, stone.id), isNull(holdWatches.notifiedAt)));
  for (const { user } of watchers) {
    // the delete is this watcher's claim: only the node that removes the row writes
    const gone = await deps.db
      .delete(holdWatches)
      .where(and(eq(holdWatches.userId, user.id), eq(holdWatches.diamondId, stone.id)))
      .returning({ userId: holdWatches.userId });
    if (gone.length && user.status === 'approved') await deps.mailer.send(stoneFreeEmail(site, user, stone));
  }
}
