/**
 * The e-mails of a hold, in the house style (accounts/email-templates.ts `compose`): to the
 * holder when it is placed, 2 hours before its end and when it ends (with why); one line to
 * the staff when a hold is placed; to a watcher when the stone is free again.
 */
import type { Diamond, Hold, User } from '../../../db/tables.ts';
import { routes } from '../../../src/domain/routes.ts';
import { END_REASON_LABELS } from '../../../src/domain/trade/holds.ts';
import { compose, hello, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';

type Stone = Pick<Diamond, 'id' | 'stockCode' | 'description'>;

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const named = (s: Stone) => `${s.stockCode}${s.description ? ` (${s.description})` : ''}`;
const stoneLink = (site: Site, s: Stone) => ({ link: `${site.url}${routes.diamond(s.id)}`, label: 'View the stone' });

export function holdPlacedEmail(site: Site, user: User, stone: Stone, hold: Hold): MailMessage {
  return compose(site, user.email, `On hold for you: ${stone.stockCode}`, hello(user.firstName), [
    { p: `Stone ${named(stone)} is on hold for you until ${when(hold.expiresAt)}.` },
    {
      p: 'Nobody else can hold or request it until then. Send a request to buy it, or release it if you no longer need it.',
    },
    stoneLink(site, stone),
  ]);
}

/** One line to the staff, as the other staff notices. */
export function staffHoldEmail(site: Site, staff: string, user: User, stone: Stone, hold: Hold): MailMessage {
  const who = `${user.firstName} ${user.lastName}`.trim();
  return compose(site, staff, `Hold placed: ${stone.stockCode} by ${user.companyName || who}`, 'Hello,', [
    { p: `${who} (${user.companyName}, ${user.email}) holds ${named(stone)} until ${when(hold.expiresAt)}.` },
  ]);
}

export function holdEndingEmail(site: Site, user: User, stone: Stone, hold: Hold): MailMessage {
  return compose(site, user.email, `Your hold on ${stone.stockCode} ends soon`, hello(user.firstName), [
    { p: `Your hold on ${named(stone)} ends at ${when(hold.expiresAt)}, in less than 2 hours.` },
    { p: 'Send a request now to keep it, or let the hold run out.' },
    stoneLink(site, stone),
  ]);
}

export function holdEndedEmail(site: Site, user: User, stone: Stone, hold: Hold): MailMessage {
  const reason = hold.endReason ? END_REASON_LABELS[hold.endReason] : 'Ended';
  return compose(site, user.email, `Your hold on ${stone.stockCode} has ended`, hello(user.firstName), [
    { p: `Your hold on ${named(stone)} ended at ${when(hold.endedAt ?? hold.expiresAt)}. Reason: ${reason}.` },
    stoneLink(site, stone),
  ]);
}

export function stoneFreeEmail(site: Site, user: User, stone: Stone): MailMessage {
  return compose(site, user.email, `${stone.stockCode} is free again`, hello(user.firstName), [
    { p: `Stone ${named(stone)} is no longer on hold and is still in stock. You asked us to tell you.` },
    stoneLink(site, stone),
  ]);
}
