/**
 * The Rates & site tab of Settings (/admin/site-settings; the tabs are in
 * ../../admin-settings/SettingsSection.tsx): exchange rates with the default currency, the
 * registration messages shown per account status, the site name, social links and the tax
 * number and rate the memos and invoices print. (The
 * availability labels are the Availability tab.)
 * Each form is shown only once the settings have loaded and takes its starting values from
 * them then: nothing loaded later replaces what the admin has typed.
 */
import { useState, type FormEvent } from 'react';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { failedNotice, fmtDateTime, generalMessage, Notice, type NoticeState } from '../dashboard/kit.tsx';
import { AdminTable } from '../AdminTable.tsx';

const settings = client.admin.settings;
type Settings = AnswerOf<typeof settings.$get>;
type Rate = Settings['rates'][number];
const MESSAGE_LABELS: Record<keyof Settings['registrationMessages'], string> = {
  unverified: 'E-mail not yet verified',
  pending: 'Awaiting approval',
  rejected: 'Rejected',
  disabled: 'Disabled',
};
const SOCIAL_LABELS: Record<
  Exclude<keyof Settings['site'], 'site_name' | 'coloured_tab' | 'tax_number' | 'tax_rate'>,
  string
> = {
  social_link_facebook: 'Facebook',
  social_link_twitter: 'Twitter / X',
  social_link_linkedin: 'LinkedIn',
  social_link_instagram: 'Instagram',
};
/** The keys of a label table, typed as its keys. */
const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as K[];

function useSave() {
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);
  const run = async (e: FormEvent, fn: () => Promise<unknown>, ok: string) => {
    e.preventDefault();
    setBusy(true);
    try {
      await fn();
      setNotice({ kind: 'info', text: ok });
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return { notice, busy, run };
}

function RatesForm({ rates }: { rates: Rate[] }) {
  const [values, setValues] = useState(() => Object.fromEntries(rates.map((r) => [r.currency, String(r.exRate)])));
  const [def, setDef] = useState(() => rates.find((r) => r.isDefault)?.currency ?? '');
  const [updated, setUpdated] = useState(rates);
  const s = useSave();
  const save = (e: FormEvent) =>
    s.run(
      e,
      async () => {
        const res = await call(
          settings.rates.$put({
            json: {
              rates: rates.map(({ currency }) => ({ currency, exRate: Number(values[currency]) })),
              defaultCurrency: rates.find((r) => r.currency === def)?.currency,
            },
          }),
        );
        setUpdated(res.rates);
      },
      'The exchange rates were saved. Prices use them on the next page load.',
    );
  return (
    <form className="adk-panel" onSubmit={(e) => void save(e)} aria-labelledby="set-rates">
      <h2 id="set-rates">Exchange rates</h2>
      <p className="adm-muted">Rates against a common unit: a price converts as amount ÷ rate(from) × rate(to).</p>
      <AdminTable columns={['Currency', 'Rate', 'Default', 'Updated']}>
        {updated.map((r) => (
          <tr key={r.currency}>
            <th scope="row">{r.currency}</th>
            <td>
              <input
                className="input num"
                aria-label={`${r.currency} rate`}
                inputMode="decimal"
                required
                pattern="[0-9]*[.]?[0-9]+"
                value={values[r.currency] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [r.currency]: e.target.value }))}
              />
            </td>
            <td>
              <input
                type="radio"
                name="default-currency"
                aria-label={`${r.currency} is the default currency`}
                checked={def === r.currency}
                onChange={() => setDef(r.currency)}
              />
            </td>
            <td className="adm-muted num">{fmtDateTime(r.updatedAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <div className="adk-actions">
        <button type="submit" className="btn" disabled={s.busy}>
          Save rates
        </button>
      </div>
      <Notice notice={s.notice} />
    </form>
  );
}

function MessagesForm({ messages }: { messages: Settings['registrationMessages'] }) {
  const [values, setValues] = useState(messages);
  const s = useSave();
  const save = (e: FormEvent) =>
    s.run(
      e,
      () => call(settings['registration-messages'].$put({ json: values })),
      'The registration messages were saved.',
    );
  return (
    <form className="adk-panel" onSubmit={(e) => void save(e)} aria-labelledby="set-messages">
      <h2 id="set-messages">Registration messages</h2>
      <p className="adm-muted">What a customer is told when they sign in before their account is approved.</p>
      {keysOf(MESSAGE_LABELS).map((k) => (
        <label key={k} className="field">
          <span className="field__label">{MESSAGE_LABELS[k]}</span>
          <textarea
            className="adk-textarea"
            required
            maxLength={1000}
            value={values[k] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
          />
        </label>
      ))}
      <div className="adk-actions">
        <button type="submit" className="btn" disabled={s.busy}>
          Save messages
        </button>
      </div>
      <Notice notice={s.notice} />
    </form>
  );
}

function SiteForm({ site }: { site: Settings['site'] }) {
  const [values, setValues] = useState(site);
  const s = useSave();
  const save = (e: FormEvent) =>
    s.run(e, () => call(settings.site.$put({ json: values })), 'The site settings were saved.');
  return (
    <form className="adk-panel" onSubmit={(e) => void save(e)} aria-labelledby="set-site">
      <h2 id="set-site">Site name, social links, tax and stock list</h2>
      <label className="field">
        <span className="field__label">Site name</span>
        <input
          className="input"
          required
          maxLength={80}
          value={values.site_name ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, site_name: e.target.value }))}
        />
      </label>
      <div className="adk-grid2">
        {keysOf(SOCIAL_LABELS).map((k) => (
          <label key={k} className="field">
            <span className="field__label">{SOCIAL_LABELS[k]}</span>
            <input
              className="input"
              type="url"
              placeholder="https://"
              value={values[k] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <div className="adk-grid2">
        <label className="field">
          <span className="field__label">Tax number (printed on memos and invoices)</span>
          <input
            className="input"
            maxLength={40}
            value={values.tax_number ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, tax_number: e.target.value }))}
          />
        </label>
        <label className="field">
          <span className="field__label">Tax rate, % (a tax line on memos and invoices; empty for none)</span>
          <input
            className="input"
            inputMode="decimal"
            pattern="\d{1,2}(\.\d{1,2})?"
            value={values.tax_rate ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, tax_rate: e.target.value }))}
          />
        </label>
      </div>
      <label className="adk-check">
        <input
          type="checkbox"
          checked={values.coloured_tab === 'on'}
          onChange={(e) => setValues((v) => ({ ...v, coloured_tab: e.target.checked ? 'on' : 'off' }))}
        />
        <span>Show the Coloured tab in the stock list (a coming-soon placeholder)</span>
      </label>
      <div className="adk-actions">
        <button type="submit" className="btn" disabled={s.busy}>
          Save site settings
        </button>
      </div>
      <Notice notice={s.notice} />
    </form>
  );
}

export default function RatesAndSiteSettings() {
  const { data, error } = useApiQuery('settings', (signal) => call(settings.$get({}, { init: { signal } })));
  return (
    <>
      <Notice notice={failedNotice(error)} />
      {data ? (
        <div className="adk-split">
          <div className="adk-form">
            <RatesForm rates={data.rates} />
            <SiteForm site={data.site} />
          </div>
          <MessagesForm messages={data.registrationMessages} />
        </div>
      ) : (
        !error && <div className="adm-loading" role="progressbar" aria-busy="true" aria-label="Loading the settings" />
      )}
    </>
  );
}
