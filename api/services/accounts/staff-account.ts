/**
 * The first staff account of a shop (and later ones): `npm run admin:create` with ADMIN_EMAIL
 * and ADMIN_PASSWORD creates an approved, verified admin, or, when that e-mail already belongs
 * to an admin, sets its new password and signs its sessions out. A customer's e-mail is left
 * alone. The password must pass the shop's password rule (src/domain). Audited as the command.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { writeTx, type Db } from '../../../db/client.ts';
import { users } from '../../../db/tables.ts';
import { EmailField } from '../../../src/domain/validation/email.ts';
import { PasswordField } from '../../../src/domain/validation/password.ts';
import { audit } from '../admin/audit.ts';
import { hashPassword } from './passwords.ts';
import { deleteUserSessions } from './sessions.ts';

export type StaffResult =
  { done: 'created' | 'password_reset'; id: number; email: string } | { done: 'refused'; problems: string[] };

const Input = v.object({ email: EmailField, password: PasswordField });

export async function createOrResetStaff(
  db: Db,
  input: { email: string; password: string },
  now: number = Date.now(),
): Promise<StaffResult> {
  const parsed = v.safeParse(Input, input);
  if (!parsed.success) {
    return { done: 'refused', problems: parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`) };
  }
  const email = parsed.output.email.toLowerCase();
  const passwordHash = await hashPassword(parsed.output.password);
  return writeTx(db, async (tx) => {
    const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    if (existing && existing.role !== 'admin') {
      return { done: 'refused', problems: [`${email} belongs to a customer account: choose another e-mail`] };
    }
    const at = new Date(now);
    if (existing) {
      await tx.update(users).set({ passwordHash, status: 'approved', updatedAt: at }).where(eq(users.id, existing.id));
      await deleteUserSessions(tx, existing.id);
      await audit(tx, null, 'staff.password_reset', 'user', existing.id, { email, by: 'admin:create' }, now);
      return { done: 'password_reset', id: existing.id, email };
    }
    const [made] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        role: 'admin',
        status: 'approved',
        firstName: '',
        lastName: '',
        companyName: '',
        phone: '',
        addressLine1: '',
        city: '',
        postcode: '',
        country: '',
        emailVerifiedAt: at,
        approvedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: users.id });
    await audit(tx, null, 'staff.created', 'user', made!.id, { email, by: 'admin:create' }, now);
    return { done: 'created', id: made!.id, email };
  });
}
