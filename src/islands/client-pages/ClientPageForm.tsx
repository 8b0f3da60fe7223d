/** The form of "Make a client page": makes the page, then adds the logo if one was chosen. */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { CURRENCY_CODES } from '../../domain/money.ts';
import type { ClientPageView } from '../../domain/client-pages/view.ts';
import { generalMessage, useForm } from '../dialogs/use-form.ts';
import { CheckField, FieldError, Notice, SubmitButton, TextField } from '../dialogs/fields.tsx';
import { $session } from '../../stores/session.ts';
import { $site } from '../../stores/site.ts';
import { createClientPage, uploadLogo } from './client-pages-api.ts';
import { bodyOf, pageFormSchema, type PageFormValues } from './page-form.ts';

type Props = { diamondIds: readonly number[]; onMade: (page: ClientPageView, logoFailed: string) => void };

export function ClientPageForm({ diamondIds, onMade }: Props) {
  const session = useStore($session);
  const site = useStore($site);
  const [schema] = useState(() => pageFormSchema(diamondIds));
  const form = useForm<PageFormValues>(schema, {
    title: '',
    companyName: session.user?.companyName ?? '',
    markupPct: '',
    currency: site.data?.ccy ?? 'GBP',
    hideStockCode: true,
    expiresAt: '',
  });
  const [logo, setLogo] = useState<File | null>(null);
  const ids = { currency: useId(), logo: useId() };
  const submit = () =>
    form.submit(async (values) => {
      const page = await createClientPage(bodyOf(values, diamondIds));
      let logoFailed = '';
      if (logo) {
        try {
          onMade(await uploadLogo(page.id, logo), '');
          return;
        } catch (err) {
          logoFailed = generalMessage(err);
        }
      }
      onMade(page, logoFailed);
    });
  const currencyError = form.errorOf('currency');
  return (
    <form
      ref={form.formRef}
      className="fx-form"
      noValidate
      onSubmit={(e) => {
        // the dialog renders in a portal, but React passes its events up to the page's own
        // form (the bag's, which would send a request): this submit stops here
        e.preventDefault();
        e.stopPropagation();
        void submit();
      }}
    >
      <Notice kind="error">{form.general}</Notice>
      <TextField form={form} name="title" label="Title" required autoFocus />
      <TextField form={form} name="companyName" label="Company name" autoComplete="organization" />
      <div className="field">
        <label className="field__label" htmlFor={ids.logo}>
          Logo (PNG or JPEG, up to 5 MB)
        </label>
        <input
          id={ids.logo}
          className="input"
          type="file"
          accept="image/png,image/jpeg"
          onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="fx-grid">
        <TextField form={form} name="markupPct" label="Markup %" inputMode="decimal" required />
        <div className="field">
          <label className="field__label" htmlFor={ids.currency}>
            Currency
          </label>
          <select
            id={ids.currency}
            className="input"
            value={form.values.currency}
            aria-invalid={currencyError ? true : undefined}
            onChange={(e) => form.set('currency', e.target.value)}
          >
            {CURRENCY_CODES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
          <FieldError id={`${ids.currency}-err`} message={currencyError} />
        </div>
      </div>
      <TextField form={form} name="expiresAt" label="Open until (optional)" type="date" />
      <CheckField form={form} name="hideStockCode">
        Hide stock codes
      </CheckField>
      <Notice kind="error">{form.errorOf('diamondIds')}</Notice>
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>Make the page</SubmitButton>
      </div>
    </form>
  );
}
