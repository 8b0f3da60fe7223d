/** The staff e-mail of a replace-all that waits for confirmation (the safety valve). */
import { compose, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { routes } from '../../../src/domain/routes.ts';

export function waitingImportEmail(
  site: Site,
  to: string,
  run: { id: number; originLabel: string; fileName: string; inStock: number },
  leaving: { count: number; codes: string[] },
): MailMessage {
  const pct = run.inStock ? Math.round((leaving.count / run.inStock) * 1000) / 10 : 0;
  return compose(site, to, `Stock import #${run.id} waits for your confirmation`, 'Hello,', [
    {
      p: `A replace-all stock import (${run.fileName || 'no file name'}, from ${run.originLabel}) would take ${leaving.count} of the ${run.inStock} stones in stock (${pct} %) out of stock. It has not been applied.`,
    },
    { p: 'A broken or shortened export can look like this. Please check it, then confirm or discard it.' },
    { link: `${site.url}${routes.adminStockRun(run.id)}`, label: 'Review the import' },
  ]);
}
