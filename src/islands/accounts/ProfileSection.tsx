/**
 * The customer's profile: a read view and an edit form (PATCH /profile, checked with the
 * API's ProfileUpdateSchema, so the messages are the registration's). The e-mail address is
 * shown but not editable (changing it would need a new verification).
 */
import { useState } from 'react';
import { ProfileUpdateSchema } from '../../domain/validation/account.ts';
import { call, client } from '../../lib/api.ts';
import { setSession, type UserView } from '../../stores/session.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { PROFILE_FIELDS, type ProfileKey, type ProfileValues } from './profile-fields.ts';
import { useForm } from '../dialogs/use-form.ts';

function valuesOf(user: UserView): ProfileValues {
  const out = Object.fromEntries(PROFILE_FIELDS.map(([k]) => [k, user[k] ?? ''])) as Record<ProfileKey, string>;
  const refs = [...user.tradeReferences];
  while (refs.length < 2) refs.push('');
  return { ...out, tradeReferences: refs };
}

export function ProfileSection({ user }: { user: UserView }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState('');
  const form = useForm(ProfileUpdateSchema, valuesOf(user));

  const save = async (v: ProfileValues) => {
    const state = await call(client.profile.$patch({ json: v }));
    setSession(state);
    setEditing(false);
    setSaved('Your details have been saved.');
  };

  return (
    <section className="acc-card" aria-labelledby="acc-profile">
      <div className="acc-card__head">
        <h2 id="acc-profile">Your details</h2>
        {!editing && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              form.setValues(valuesOf(user));
              setSaved('');
              setEditing(true);
            }}
          >
            Edit details
          </button>
        )}
      </div>
      {saved && (
        <p className="fx-notice" role="status">
          {saved}
        </p>
      )}
      {editing ? (
        <ProfileForm form={form} onSave={save} onCancel={() => setEditing(false)} />
      ) : (
        <dl className="acc-dl">
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          {PROFILE_FIELDS.map(([k, label]) => (
            <div key={k}>
              <dt>{label}</dt>
              <dd>{user[k] || '—'}</dd>
            </div>
          ))}
          <div className="acc-dl__wide">
            <dt>Trade references</dt>
            <dd>
              {user.tradeReferences.length ? (
                <ul>
                  {user.tradeReferences.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
