/**
 * The stock import's safety valve limits (config `stock_import`), set by staff in Admin →
 * Stock: a run is refused when more than `badRowsPct` of its rows are bad, and a replace-all
 * that would take more than `removalPct` of the stock in stock out of it waits for a staff
 * member's confirmation. Every save is audited.
 */
import * as v from 'valibot';
import { writeTx, type Db } from '../../../db/client.ts';
import { configs } from '../../../db/tables.ts';
import { DEFAULT_IMPORT_SETTINGS, type StockImportSettings } from '../../../src/domain/stock-import.ts';
import { audit } from '../admin/audit.ts';
import { configFields } from '../site/state.ts';
import type { Deps } from '../../types.ts';

const CONFIG = 'stock_import';

const pct = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.minValue(0, `${name} must be at least 0`),
    v.maxValue(100, `${name} must be at most 100`),
  );

export const ImportSettingsSchema = v.object(
  { badRowsPct: pct('badRowsPct'), removalPct: pct('removalPct') },
  'The request body must be a JSON object',
);

const read = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw != null && raw !== '' && Number.isFinite(n) ? n : fallback;
};

export async function importSettings(db: Db): Promise<StockImportSettings> {
  const f = (await configFields(db, CONFIG)) ?? {};
  return {
    badRowsPct: read(f.bad_rows_pct, DEFAULT_IMPORT_SETTINGS.badRowsPct),
    removalPct: read(f.removal_pct, DEFAULT_IMPORT_SETTINGS.removalPct),
  };
}

export async function saveImportSettings(
  deps: Deps,
  adminId: number,
  input: StockImportSettings,
): Promise<StockImportSettings> {
  const now = deps.clock.now();
  const fields = { bad_rows_pct: String(input.badRowsPct), removal_pct: String(input.removalPct) };
  await writeTx(deps.db, async (tx) => {
    await tx
      .insert(configs)
      .values({ type: CONFIG, fields, updatedAt: new Date(now) })
      .onConflictDoUpdate({ target: configs.type, set: { fields, updatedAt: new Date(now) } });
    await audit(tx, adminId, 'stock.settings', 'config', CONFIG, { ...input }, now);
  });
  return importSettings(deps.db);
}
