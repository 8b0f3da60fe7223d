/**
 * The dialog flows that more than one dialog (or page hook) uses: the e-mail check decision,
 * the registration messages, the account redirect, and the Error dialog for a failed call.
 */
import { call, client, type AnswerOf } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { $session, accountPath, loadSession } from '../../stores/session.ts';
import { generalMessage } from './use-form.ts';

export type CheckEmailAnswer = AnswerOf<(typeof client)['check-email']['$post']>;

let messages: Promise<Record<string, string>> | null = null;

/** GET /configs/registration-messages (status -> message), fetched once per page. */
export function registrationMessages(): Promise<Record<string, string>> {
  messages ??= call(client.configs['registration-messages'].$get())
    .then((r) => r.fields)
    .catch(() => {
      messages = null;
      return {};
    });
  return messages;
}

/** The registration message of an account status, if there is one. */
export async function statusMessage(status: unknown): Promise<string | undefined> {
  if (typeof status !== 'string') return undefined;
  return (await registrationMessages())[status];
}

/**
 * After the e-mail check: a status with a registration message -> login showing it; known and
 * verified -> login; known but unverified -> message with Resend Email; unknown -> password.
 */
export async function continueAfterCheck(email: string, answer: CheckEmailAnswer): Promise<void> {
  const values = { email };
  const shown = await statusMessage(answer.errors?.options?.status);
  if (answer.exists && shown) return openDialog('login', { values, confirmation: shown });
  if (answer.exists && answer.verified) return openDialog('login', { values });
  if (answer.exists) {
    const text =
      (await statusMessage('unverified')) ??
      'Please verify your e-mail address first: follow the link in the e-mail we sent you.';
    return openDialog('message', { title: 'Please verify your e-mail', text, action: 'resendEmail', values });
  }
  openDialog('password', { values });
}

export async function checkEmail(email: string): Promise<void> {
  const answer = await call(client['check-email'].$post({ json: { email } }));
  await continueAfterCheck(email, answer);
}

/** Error dialog: the cleaned message, no back button. */
export function openErrorDialog(err: unknown): void {
  openDialog('message', { title: 'Error', text: generalMessage(err), isError: true });
}

/** Signed in: go to the account area (user -> /my-account, other roles -> /admin). True if it went. */
export async function goToAccountIfSignedIn(): Promise<boolean> {
  const state = $session.get().status === 'ready' ? $session.get() : await loadSession();
  if (!state.isAuthorised || !state.user) return false;
  window.location.assign(accountPath(state.user));
  return true;
}
