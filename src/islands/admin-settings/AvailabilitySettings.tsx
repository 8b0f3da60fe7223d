/**
 * Admin settings: the 'Diamonds Availability' accordion. Three text fields for the labels of
 * availability codes 1, 2 and 3, loaded from GET /configs?fields=type&filter=diamond_available.
 * Saving POSTs /configs when no config exists, else PATCHes /configs/{id}; on success the
 * snackbar says 'Your settings have been saved' and the accordion collapses. A failed save is
 * only logged. The form has no validation.
 * The fields stay disabled until the saved labels have loaded (or failed to: then the defaults
 * stand), so what the admin types is never replaced by the loaded labels.
 */
import { useEffect, useId, useState } from 'react';
import { call, client } from '../../lib/api.ts';
import {
  $availabilityLabels,
  DEFAULT_AVAILABILITY_LABELS,
  labelsFromFields,
  loadAvailabilityConfig,
  type AvailabilityConfigDoc,
  type AvailabilityFields,
} from '../../stores/catalogue.ts';
import { Snackbar } from '../ui/Snackbar.tsx';
import './settings.css';

/** A settings confirmation stays 6000 ms. */
const SAVED_SNACK_MS = 6000;

export const SETTINGS_SAVED = 'Your settings have been saved';
type Fields = Required<AvailabilityFields>;
/** A label left blank is saved as its default (the placeholder), which the list then shows. */
const FIELDS: { key: keyof Fields; label: string; fallback: string }[] = [
  { key: 'diamond_available_now', label: 'Available now (1)', fallback: DEFAULT_AVAILABILITY_LABELS[1] },
  { key: 'diamond_available_later', label: 'Available later (2)', fallback: DEFAULT_AVAILABILITY_LABELS[2] },
  { key: 'diamond_available_on_demand', label: 'Available on demand (3)', fallback: DEFAULT_AVAILABILITY_LABELS[3] },
];
const fromLabels = (l: ReturnType<typeof labelsFromFields>): Fields => ({
  diamond_available_now: l[1],
  diamond_available_later: l[2],
  diamond_available_on_demand: l[3],
});

export default function AvailabilitySettings() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [doc, setDoc] = useState<AvailabilityConfigDoc | null>(null);
  const [fields, setFields] = useState<Fields>(fromLabels($availabilityLabels.get()));
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    void loadAvailabilityConfig(true).then((d) => {
      setDoc(d);
      setFields(fromLabels(labelsFromFields(d?.fields)));
      setLoaded(true);
    });
  }, []);

  const save = async () => {
    setSaving(true);
    const body = { type: 'diamond_available' as const, fields };
    try {
      const answer = doc
        ? await call(client.configs[':id'].$patch({ param: { id: String(doc._id) }, json: body }))
        : await call(client.configs.$post({ json: body }));
      setDoc(answer.doc);
      $availabilityLabels.set(labelsFromFields(answer.doc.fields));
      setMessage(SETTINGS_SAVED);
      setOpen(false);
    } catch (err) {
      console.error('[settings] saving the availability labels failed', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="acc">
      <h3 className="acc__head">
        <button
          type="button"
          className="acc__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          Diamonds Availability
          <span className="acc__icon" aria-hidden="true" />
        </button>
      </h3>
      <div id={`${id}-panel`} className="acc__panel" hidden={!open}>
        <form
          className="acc__form"
          aria-busy={!loaded}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {FIELDS.map((f) => (
            <div className="field" key={f.key}>
              <label className="field__label" htmlFor={`${id}-${f.key}`}>
                {f.label}
              </label>
              <input
                id={`${id}-${f.key}`}
                className="input"
                value={fields[f.key]}
                placeholder={f.fallback}
                disabled={!loaded}
                onChange={(e) => setFields({ ...fields, [f.key]: e.target.value })}
              />
            </div>
          ))}
          <div className="acc__actions">
            <button type="submit" className="btn btn--small" disabled={!loaded || saving}>
              {!loaded ? 'Loading…' : saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      </div>
      <Snackbar message={message} onClose={() => setMessage(null)} ms={SAVED_SNACK_MS} className="snack" />
    </section>
  );
}
