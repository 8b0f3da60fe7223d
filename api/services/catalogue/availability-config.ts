/**
 * The 'diamond_available' settings document: the three availability labels. Read by anyone;
 * written by admins (POST creates it, PATCH /:id updates it). Each write is audited.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { DEFAULT_AVAILABILITY_LABELS } from '../../../src/domain/diamond.ts';
import { plainText } from '../../../src/domain/validation/fields.ts';
import { writeTx, type Db } from '../../../db/client.ts';
import { auditLog, configs } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';

export const AVAILABILITY_TYPE = 'diamond_available';
export const SETTINGS_SAVED = 'Your settings have been saved';
export const AVAILABILITY_FIELD_MAX = 100;

const label = v.pipe(
  v.string('Must be text'),
  v.trim(),
  plainText('The label'),
  v.maxLength(AVAILABILITY_FIELD_MAX, `At most ${AVAILABILITY_FIELD_MAX} characters`),
);

/** A label left blank is saved as its default: what the list shows is what the settings show. */
const labelOr = (fallback: string) =>
  v.pipe(
    label,
    v.transform((s) => s || fallback),
  );

/** The spec gives the form no validation; the server only bounds the three texts. */
export const AvailabilityConfigSchema = v.object({
  type: v.literal(AVAILABILITY_TYPE, `type must be ${AVAILABILITY_TYPE}`),
  fields: v.object({
    diamond_available_now: labelOr(DEFAULT_AVAILABILITY_LABELS[1]),
    diamond_available_later: labelOr(DEFAULT_AVAILABILITY_LABELS[2]),
    diamond_available_on_demand: labelOr(DEFAULT_AVAILABILITY_LABELS[3]),
  }),
});
export type AvailabilityConfigInput = v.InferOutput<typeof AvailabilityConfigSchema>;

export type ConfigDoc = { _id: number; type: string; fields: Record<string, string> };

const toDoc = (r: typeof configs.$inferSelect): ConfigDoc => ({ _id: r.id, type: r.type, fields: r.fields });

export async function configDocs(db: Db, type: string): Promise<ConfigDoc[]> {
  return (await db.select().from(configs).where(eq(configs.type, type))).map(toDoc);
}

async function audit(tx: Db, adminId: number, action: string, id: number, fields: Record<string, string>, now: number) {
  await tx.insert(auditLog).values({
    userId: adminId,
    action,
    entity: 'config',
    entityId: String(id),
    detail: fields,
    createdAt: new Date(now),
  });
}

export function createAvailabilityConfig(
  deps: Deps,
  adminId: number,
  input: AvailabilityConfigInput,
): Promise<ConfigDoc> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const existing = (await tx.select().from(configs).where(eq(configs.type, input.type)).limit(1))[0];
    if (existing) throw new HttpError(409, 'config_exists', { id: existing.id });
    const row = (
      await tx
        .insert(configs)
        .values({ type: input.type, fields: input.fields, updatedAt: new Date(now) })
        .returning()
    )[0]!;
    await audit(tx, adminId, 'config.create', row.id, input.fields, now);
    return toDoc(row);
  });
}

export function updateAvailabilityConfig(
  deps: Deps,
  adminId: number,
  id: number,
  input: AvailabilityConfigInput,
): Promise<ConfigDoc> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const existing = (await tx.select().from(configs).where(eq(configs.id, id)).limit(1))[0];
    if (!existing || existing.type !== input.type) throw new HttpError(404, 'config_not_found');
    const row = (
      await tx
        .update(configs)
        .set({ fields: { ...existing.fields, ...input.fields }, updatedAt: new Date(now) })
        .where(eq(configs.id, id))
        .returning()
    )[0]!;
    await audit(tx, adminId, 'config.update', id, input.fields, now);
    return toDoc(row);
  });
}
