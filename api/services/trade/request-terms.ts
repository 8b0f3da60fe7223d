/**
 * The request terms settings (the `request_terms` settings row, fields memo, invoice,
 * wholesaler) that the PDF confirmation prints:
 *
 *   requestTermsOf(deps)                        what the PDF prints now: the saved texts, else
 *                                               the defaults (the wholesaler: site name and address)
 *   saveRequestTerms(deps, adminId, input)      staff save all three; audited with the fields changed
 */
import { writeTx } from '../../../db/client.ts';
import { configs } from '../../../db/tables.ts';
import { DEFAULT_REQUEST_TERMS, type RequestTermsText } from '../../../src/domain/trade/request-terms.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import { audit } from '../admin/audit.ts';
import { configFields } from '../site/state.ts';

export const TERMS_SETTINGS = 'request_terms';
const KEYS = ['memo', 'invoice', 'wholesaler'] as const;

export async function requestTermsOf(deps: Deps): Promise<RequestTermsText> {
  const saved = (await configFields(deps.db, TERMS_SETTINGS)) ?? {};
  const site = await siteOf(deps);
  return {
    memo: saved.memo || DEFAULT_REQUEST_TERMS.memo,
    invoice: saved.invoice || DEFAULT_REQUEST_TERMS.invoice,
    wholesaler: saved.wholesaler || `${site.name}\n${site.url}`,
  };
}

export async function saveRequestTerms(deps: Deps, adminId: number, input: RequestTermsText) {
  const now = deps.clock.now();
  const before = await requestTermsOf(deps);
  await writeTx(deps.db, async (tx) => {
    const fields = { memo: input.memo, invoice: input.invoice, wholesaler: input.wholesaler };
    await tx
      .insert(configs)
      .values({ type: TERMS_SETTINGS, fields, updatedAt: new Date(now) })
      .onConflictDoUpdate({ target: configs.type, set: { fields, updatedAt: new Date(now) } });
    const changed = KEYS.filter((k) => before[k] !== input[k]);
    await audit(tx, adminId, 'settings.request_terms', 'config', TERMS_SETTINGS, { fields: changed }, now);
  });
  return requestTermsOf(deps);
}
