/** The staff e-mails of a stock source: it fails (at most one a day), and it works again. */
import { compose, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { routes } from '../../../src/domain/routes.ts';

type Source = { name: string; url: string };

export function sourceFailingEmail(site: Site, to: string, s: Source, reason: string, since: Date): MailMessage {
  return compose(site, to, `Stock source “${s.name}” is failing`, 'Hello,', [
    {
      p: `The stock source “${s.name}” (${s.url}) has not updated the stock since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC. The last pull: ${reason}.`,
    },
    { p: 'The stock was left as it was. You get at most one of these e-mails a day while it fails.' },
    { link: `${site.url}${routes.adminStockSources}`, label: 'See the stock sources' },
  ]);
}

export function sourceRecoveredEmail(site: Site, to: string, s: Source): MailMessage {
  return compose(site, to, `Stock source “${s.name}” works again`, 'Hello,', [
    { p: `The stock source “${s.name}” (${s.url}) updated the stock again.` },
    { link: `${site.url}${routes.adminStockSources}`, label: 'See the stock sources' },
  ]);
}
