/**
 * Form controls of the dialogs and account forms, in the design system's `.field` /
 * `.input` look: a label, the control, and the field's error (linked by aria-describedby,
 * marked aria-invalid) under it. A field stops at the length its schema allows (maxLength),
 * and a text area shows an 'n / max' counter.
 */
import { useId, type ReactNode } from 'react';
import { CharCount } from '../ui/CharCount.tsx';

/** what a field needs of its form (useForm's answer) */
export type FormLike = {
  values: Record<string, unknown>;
  set: (key: never, value: never) => void;
  blur: (key: string) => void;
  errorOf: (key: string) => string | undefined;
  limitOf?: (key: string) => number | undefined;
};

/** aria-describedby of a control: its error and its counter, when shown. */
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="fx-error" id={id}>
      {message}
    </p>
  );
}

type TextFieldProps = {
  form: FormLike;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date';
  inputMode?: 'decimal' | 'numeric';
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  list?: string;
  className?: string;
};

export function TextField({
  form,
  name,
  label,
  type = 'text',
  inputMode,
  autoComplete,
  required,
  autoFocus,
  list,
  className,
}: TextFieldProps) {
  const id = useId();
  const error = form.errorOf(name);
  const set = form.set as (key: string, value: string) => void;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        inputMode={inputMode}
        name={name}
        value={String(form.values[name] ?? '')}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        list={list}
        maxLength={form.limitOf?.(name)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => set(name, e.target.value)}
        onBlur={() => form.blur(name)}
      />
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}

/** A new password and its confirmation (the schema checks that they match). */
export function NewPasswordFields({ form }: { form: FormLike }) {
  return (
    <>
      <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" required />
      <TextField
        form={form}
        name="password_confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}

type TextAreaProps = {
  form: FormLike;
  name: string;
  label: string;
  rows?: number;
  placeholder?: string;
  required?: boolean;
};

export function TextAreaField({ form, name, label, rows = 10, placeholder, required }: TextAreaProps) {
  const id = useId();
  const set = form.set as (key: string, value: string) => void;
  const error = form.errorOf(name);
  const max = form.limitOf?.(name);
  const value = String(form.values[name] ?? '');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea
        id={id}
        className="input fx-textarea"
        rows={rows}
        placeholder={placeholder}
        value={value}
        maxLength={max}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-err`, max != null && `${id}-count`)}
        onChange={(e) => set(name, e.target.value)}
        onBlur={() => form.blur(name)}
      />
      {max ? <CharCount id={`${id}-count`} length={value.length} max={max} /> : null}
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}

type CheckProps = { form: FormLike; name: string; children: ReactNode };

export function CheckField({ form, name, children }: CheckProps) {
  const id = useId();
  const set = form.set as (key: string, value: boolean) => void;
  const error = form.errorOf(name);
  return (
    <div className="fx-check-wrap">
      <div className="fx-check">
        <input
          id={id}
          type="checkbox"
          checked={form.values[name] === true}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => {
            set(name, e.target.checked);
            form.blur(name);
          }}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}

/** A general (not field) error or a confirmation line at the top of a form. */
export function Notice({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`fx-notice fx-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn fx-submit" disabled={busy} aria-busy={busy}>
      {busy ? <span className="fx-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
