/**
 * The Requests tab of Settings (/admin/request-settings): what a request's PDF confirmation
 * prints: the wholesaler's details at its head, the memo terms and the pro-forma invoice
 * terms. The form starts from what the PDF prints now (the saved texts or the defaults) and
 * checks with the API's own schema before saving; a refused field shows its message under it.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  RequestTermsSchema,
  TERMS_TEXT_MAX,
  WHOLESALER_MAX,
  type RequestTermsText,
} from '../../domain/trade/request-terms.ts';
import { call, client } from '../../lib/api.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { failedNotice, generalMessage, Notice, type NoticeState } from '../admin/dashboard/kit.tsx';

const terms = client.admin.settings['request-terms'];
type Key = keyof RequestTermsText;
const FIELDS: { key: Key; label: string; hint: string; max: number; rows: number }[] = [
  {
    key: 'wholesaler',
    label: 'Wholesaler’s details',
    hint: 'The head of every memo and pro-forma invoice: company name, address, VAT number, bank details.',
    max: WHOLESALER_MAX,
    rows: 5,
  },
  {
    key: 'memo',
    label: 'Memo terms',
    hint: 'Printed on a confirmation of goods sent on memo (approval).',
    max: TERMS_TEXT_MAX,
    rows: 5,
  },
  {
    key: 'invoice',
    label: 'Invoice terms',
    hint: 'Printed on a pro-forma invoice.',
    max: TERMS_TEXT_MAX,
    rows: 5,
  },
];

function TermsForm({ saved }: { saved: RequestTermsText }) {
  const id = useId();
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const checked = v.safeParse(RequestTermsSchema, values);
    if (!checked.success) {
      const nested = v.flatten<typeof RequestTermsSchema>(checked.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(nested).map(([k, msgs]) => [k, msgs?.[0]])));
      setNotice(null);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setValues(await call(terms.$put({ json: checked.output })));
      setNotice({ kind: 'info', text: 'The request terms were saved. New confirmations print them.' });
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adk-panel" noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Request confirmations</h2>
      <p className="adm-muted">
        A confirmed request downloads as a PDF memo or pro-forma invoice; these texts are printed on it.
      </p>
      {FIELDS.map((f) => {
        const error = errors[f.key];
        return (
          <div key={f.key} className="field">
            <label className="field__label" htmlFor={`${id}-${f.key}`}>
              {f.label}
            </label>
            <p id={`${id}-${f.key}-hint`} className="adm-muted">
              {f.hint}
            </p>
            <textarea
              id={`${id}-${f.key}`}
              className="adk-textarea"
              rows={f.rows}
              maxLength={f.max}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-${f.key}-hint${error ? ` ${id}-${f.key}-error` : ''}`}
              value={values[f.key]}
              onChange={(e) => setValues((old) => ({ ...old, [f.key]: e.target.value }))}
            />
            {error && (
              <span id={`${id}-${f.key}-error`} className="adk-field-error">
                {error}
              </span>
            )}
          </div>
        );
      })}
      <div className="adk-actions">
        <button type="submit" className="btn" disabled={busy}>
          Save request terms
        </button>
      </div>
      <Notice notice={notice} />
    </form>
  );
}

export default function RequestTermsSettings() {
  const { data, error } = useApiQuery('request-terms', (signal) => call(terms.$get({}, { init: { signal } })));
  return (
    <>
      <Notice notice={failedNotice(error)} />
      {data ? (
        <TermsForm saved={data} />
      ) : (
        !error && (
          <div className="adm-loading" role="progressbar" aria-busy="true" aria-label="Loading the request terms" />
        )
      )}
    </>
  );
}
