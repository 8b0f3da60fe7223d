/**
 * The alert e-mail of one saved search: the stones (stock code linking to the stone's page,
 * shape, carat, colour, clarity, price in the search's currency, what happened), a link that
 * opens the search, why the trader gets it, and a one-click unsubscribe: the signed link in
 * the text and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058), its signature
 * a secret of the message (stored and logged redacted).
 */
import type { Config } from '../../config.ts';
import type { User } from '../../../db/tables.ts';
import { routes } from '../../../src/domain/routes.ts';
import { isParcel } from '../../../src/domain/diamond.ts';
import {
  convert,
  displayPrice,
  formatPrice,
  formatRange,
  formatWeight,
  roundTo,
  type FxRate,
} from '../../../src/domain/money.ts';
import { compose, hello, type Site, type TableRow } from '../accounts/email-templates.ts';
import { pricedStone } from '../catalogue/priced-stone.ts';
import type { MailMessage } from '../platform/mailer.ts';
import type { AlertEvent } from './alert-matches.ts';
import { unsubscribeSecret, unsubscribeUrl } from './unsubscribe-token.ts';

export type AlertSearch = {
  id: number;
  name: string;
  view: string;
  currency: string;
  alert: string;
  priceDropPct: number | null;
};

const grade = (from: string | null, to: string | null) => formatRange(from ? { From: from, To: to ?? from } : null);

function priceText(e: AlertEvent, ccy: string, rates: readonly FxRate[]): string {
  const price = displayPrice(pricedStone(e.stone), ccy, rates);
  return price ? `${formatPrice(price.amount, ccy)}${isParcel(e.stone.catType) ? ' per ct' : ''}` : '-';
}

function whatHappened(e: AlertEvent, ccy: string, rates: readonly FxRate[]): string {
  if (e.kind === 'added') return 'New';
  if (e.kind === 'back_in_stock') return 'Back in stock';
  const was = e.prevPrice ? convert(e.prevPrice.amount, e.prevPrice.ccy, ccy, rates) : null;
  const pct = e.dropPct == null ? '' : `${roundTo(e.dropPct, 1)} % `;
  return `Price down ${pct}${was == null ? '' : `(was ${formatPrice(isParcel(e.stone.catType) ? was : Math.round(was), ccy)})`}`.trim();
}

const count = (n: number) => `${n} ${n === 1 ? 'stone' : 'stones'}`;

function why(site: Site, search: AlertSearch): string {
  const what = ['new stones matching it', 'matching stones back in stock'];
  if (search.priceDropPct != null) what.push(`price drops of at least ${search.priceDropPct} % on matching stones`);
  const when = search.alert === 'daily' ? 'in a daily digest' : 'as they happen';
  return `You get this e-mail because you asked ${site.name} to tell you about ${what.join(', ').replace(/, ([^,]*)$/, ' and $1')} for your saved search "${search.name}", ${when}.`;
}

export function alertEmail(
  site: Site,
  config: Pick<Config, 'SESSION_SECRET' | 'siteUrl'>,
  user: Pick<User, 'email' | 'firstName'>,
  search: AlertSearch,
  events: readonly AlertEvent[],
  rates: readonly FxRate[],
): MailMessage {
  const ccy = search.currency;
  const rows: TableRow[] = events.map((e) => ({
    cells: [
      e.stone.stockCode,
      e.stone.shape,
      formatWeight(e.stone.weight),
      grade(e.stone.colourFrom, e.stone.colourTo),
      grade(e.stone.clarityFrom, e.stone.clarityTo),
      priceText(e, ccy, rates),
      whatHappened(e, ccy, rates),
    ],
    href: `${site.url}${routes.diamond(e.stone.id)}`,
  }));
  const unsubscribe = unsubscribeUrl(config, search.id);
  const subject =
    search.alert === 'daily'
      ? `Your daily digest for "${search.name}": ${count(events.length)}`
      : `New for "${search.name}": ${count(events.length)}`;
  const message = compose(site, user.email, subject, hello(user.firstName), [
    { p: `${count(events.length)} for your saved search "${search.name}", prices in ${ccy}:` },
    { head: ['Stock code', 'Shape', 'Carat', 'Colour', 'Clarity', `Price (${ccy})`, 'What happened'], rows },
    { link: `${site.url}${search.view}`, label: 'Open the search' },
    { p: why(site, search) },
    { link: unsubscribe, label: 'Stop the alerts of this search (it stays saved)' },
  ]);
  return {
    ...message,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    secrets: [unsubscribeSecret(unsubscribe)],
  };
}
