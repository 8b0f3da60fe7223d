/**
 * The name and alert settings of a saved search (the save dialog and the account's edit
 * dialog share it), checked by the shared schema before `onSave` runs.
 */
import { MAX_SAVED_SEARCHES } from '../../domain/saved-searches/alerts.ts';
import { SavedSearchFormSchema } from '../../domain/saved-searches/schema.ts';
import { Notice, SubmitButton, TextField } from '../dialogs/fields.tsx';
import { useForm } from '../dialogs/use-form.ts';
import { ApiError } from '../../lib/api.ts';
import { AlertFields, type SearchFormValues } from './AlertFields.tsx';

type Props = {
  initial: SearchFormValues;
  submitLabel: string;
  onSave: (values: SearchFormValues) => Promise<void>;
  onCancel: () => void;
};

const FIELDS = ['name', 'alert', 'digestHour', 'timeZone', 'priceDropPct'] as const;

export function SearchForm({ initial, submitLabel, onSave, onCancel }: Props) {
  const form = useForm<SearchFormValues>(SavedSearchFormSchema, initial);
  return (
    <form
      ref={form.formRef}
      className="fx-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (values) => {
          try {
            await onSave(values);
          } catch (err) {
            if (err instanceof ApiError && err.msg === 'saved_search_limit')
              throw new Error(
                `You have ${MAX_SAVED_SEARCHES} saved searches, the most you can keep: delete one first.`,
              );
            throw err;
          }
        }, FIELDS);
      }}
    >
      <Notice kind="error">{form.general}</Notice>
      <TextField form={form} name="name" label="Name" required autoFocus autoComplete="off" />
      <AlertFields form={form} />
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
