/**
 * The one message form of the contact drawer and the API drawer: Name, Email, Phone,
 * Company Name and a 10-row message, all required (ContactFormSchema, the schema the API
 * parses with). On send it adds pageTitle (document.title) and `kind`, posts to
 * POST /api/v1/message and calls onSent; a failure shows against its field or at the top.
 */
import { call, client } from '../../lib/api.ts';
import { ContactFormSchema, type ContactKind } from '../../domain/validation/contact.ts';
import { Notice, SubmitButton, TextAreaField, TextField } from '../dialogs/fields.tsx';
import { useForm } from '../dialogs/use-form.ts';

const EMPTY = { name: '', email: '', phone: '', companyName: '', message: '' };
const FIELDS = Object.keys(EMPTY);

type Props = { kind: ContactKind; submitLabel: string; onSent: () => void };

export function ContactForm({ kind, submitLabel, onSent }: Props) {
  const form = useForm(ContactFormSchema, EMPTY);
  const send = () =>
    form.submit(async (values) => {
      await call(client.message.$post({ json: { ...values, pageTitle: document.title, kind } }));
      form.setValues(EMPTY);
      onSent();
    }, FIELDS);

  return (
    <form className="fx-form ct-form" noValidate onSubmit={(e) => (e.preventDefault(), void send())}>
      <Notice kind="error">{form.general}</Notice>
      <div className="fx-grid">
        <TextField form={form} name="name" label="Name" autoComplete="name" required />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
        <TextField form={form} name="companyName" label="Company Name" autoComplete="organization" required />
      </div>
      <TextAreaField
        form={form}
        name="message"
        label="Message"
        rows={10}
        placeholder="Start typing your message..."
        required
      />
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
