/**
 * The register dialog's form and submit: the values start from the registration's empty
 * details, the API-access wish and whatever the earlier steps carried (e-mail, password).
 * `register` waits 1 s, posts the registration and opens the message that a verification
 * e-mail was sent. When the e-mail and password were carried, only the other fields are
 * checked and sent from this step.
 */
import { RegisterSchema, emptyRegistrationDetails } from '../../domain/validation/registration.ts';
import { call, client } from '../../lib/api.ts';
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { useForm, wait } from './use-form.ts';
import { SUBMIT_WAIT_MS } from './LoginDialog.tsx';

const CREDENTIALS = ['email', 'password', 'password_confirm'];

export function useRegister(props: DialogProps) {
  const carried = props.values ?? {};
  const hasCredentials = typeof carried.email === 'string' && typeof carried.password === 'string';
  const form = useForm(RegisterSchema, {
    email: '',
    password: '',
    password_confirm: '',
    ...emptyRegistrationDetails(),
    ...(props.requestApiAccess ? { requestApiAccess: true } : {}),
    ...carried,
  } as Record<string, unknown>);

  const register = async (v: Record<string, unknown>) => {
    await wait(SUBMIT_WAIT_MS);
    const r = await call(client.register.$post({ json: v }));
    openDialog('message', { title: 'Please check your e-mail', text: r.message });
  };
  const shown = Object.keys(form.values).filter((k) => !hasCredentials || !CREDENTIALS.includes(k));
  const submit = () => void form.submit(register, shown);

  return { form, carried, hasCredentials, submit };
}
