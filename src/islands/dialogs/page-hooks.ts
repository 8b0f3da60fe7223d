/**
 * What the dialog host wires into the static page (once per page):
 * - `[data-account-entry]` buttons (header, footer, hero, catalogue): signed in -> the account
 *   area (user -> /my-account, other roles -> /admin); a visitor gets the login dialog, or the
 *   e-mail dialog with `data-account-dialog="email"`.
 * - `[data-register-form]` (home, about): the e-mail check, then login or password dialog.
 * - `[data-api-access]`: visitor -> register with requestApiAccess; user -> the API panel.
 * - `[data-signed-in]` / `[data-signed-out]`: shown only while signed in / signed out.
 * - `[data-api-label]` inside an API access button: "granted" once the trader's access is, else "request".
 * - `/reset/{token}` opens the new-password dialog; `/verify/{token}` posts the verification.
 *   Both leave the token out of the address at once (history.replaceState to /).
 */
import { EmailSchema } from '../../domain/validation/email.ts';
import { ApiError, call, client } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { checkEmail, goToAccountIfSignedIn, openErrorDialog, statusMessage } from './flows.ts';
import { firstIssues } from './use-form.ts';
import * as v from 'valibot';
import { routes } from '../../domain/routes.ts';

async function onAccountEntry(el: HTMLElement) {
  if (await goToAccountIfSignedIn()) return;
  openDialog(el.dataset.accountDialog === 'email' ? 'email' : 'login');
}

async function onApiAccess() {
  const state = await loadSession();
  if (!state.user) return openDialog('register', { requestApiAccess: true });
  if (state.user.role !== 'user') return window.location.assign(routes.admin);
  window.location.assign(state.user.api_allow ? routes.accountApi : routes.accountApiAccess);
}

async function onRegisterForm(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name=email]');
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (!input) return;
  const parsed = v.safeParse(EmailSchema, { email: input.value });
  input.setCustomValidity(parsed.success ? '' : (firstIssues(parsed.issues).email ?? ''));
  if (!parsed.success) return void input.reportValidity();
  input.disabled = true;
  button?.setAttribute('aria-busy', 'true');
  try {
    await checkEmail(parsed.output.email);
  } catch (err) {
    openErrorDialog(err);
  } finally {
    input.disabled = false;
    button?.removeAttribute('aria-busy');
  }
}

async function verify(token: string) {
  try {
    await call(client.verify.$post({ json: { id: token } }));
    // the site's own 'pending' message when it has one, else ours: said once, not twice
    const pending = await statusMessage('pending');
    openDialog('message', {
      title: 'Thank you',
      text: pending ?? 'Thank you for verifying your e-mail address. Your account now awaits approval by our team.',
    });
  } catch (err) {
    const said = err instanceof ApiError && typeof err.msg === 'string' ? VERIFY_REFUSALS[err.msg] : undefined;
    if (said) openDialog(said.signIn ? 'login' : 'message', said.signIn ? { confirmation: said.text } : said);
    else openErrorDialog(err);
  }
}

/** What a refused verification link means for its reader, and what to do next. */
const VERIFY_REFUSALS: Record<string, { title: string; text: string; signIn?: true }> = {
  token_already_used: {
    title: 'Already verified',
    text: 'Your e-mail address is already verified: please sign in.',
    signIn: true,
  },
  invalid_token: {
    title: 'This link is no longer valid',
    text: 'A newer verification e-mail replaces this one: please use the link in the newest e-mail from us.',
  },
  token_expired: {
    title: 'This link has expired',
    text: 'Please sign in with your e-mail address to ask for a new verification link.',
  },
};

function tokenRoutes() {
  const m = window.location.pathname.match(/^\/(reset|verify)\/([^/]+)\/?$/);
  if (!m?.[2]) return;
  const [, kind, token] = m;
  window.history.replaceState(null, '', routes.home);
  if (kind === 'reset') openDialog('password', { token: decodeURIComponent(token) });
  else void verify(decodeURIComponent(token));
}

/**
 * Initials badge on the account entries while signed in. Until the session is known the entries
 * stay as the page came (the list page's server draws a trader's initials: hiding them while
 * /me is on its way would move the header twice).
 */
function renderBadges() {
  const { user, status } = $session.get();
  if (status !== 'ready') return;
  for (const badge of document.querySelectorAll<HTMLElement>('[data-account-badge]')) {
    const text = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() : '';
    badge.textContent = text;
    badge.hidden = !user;
    badge
      .closest('[data-account-entry]')
      // the visible initials are part of the name (axe: label-content-name-mismatch)
      ?.setAttribute('aria-label', user ? `My account: ${user.firstName} ${user.lastName}, ${text}` : 'Account');
  }
  for (const label of document.querySelectorAll<HTMLElement>('[data-account-label]')) label.hidden = !!user;
  for (const el of document.querySelectorAll<HTMLElement>('[data-signed-in]')) el.hidden = !user;
  for (const el of document.querySelectorAll<HTMLElement>('[data-signed-out]')) el.hidden = !!user;
  // a trader whose API access is granted is taken to it: the button says so
  const granted = user?.role === 'user' && !!user.api_allow;
  for (const el of document.querySelectorAll<HTMLElement>('[data-api-label]')) {
    el.hidden = (el.dataset.apiLabel === 'granted') !== granted;
  }
}

export function installPageHooks(): () => void {
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    const entry = target?.closest<HTMLElement>('[data-account-entry]');
    if (entry) {
      e.preventDefault();
      return void onAccountEntry(entry);
    }
    if (target?.closest('[data-api-access]')) {
      e.preventDefault();
      void onApiAccess();
    }
  };
  // a corrected address is judged afresh: the last submit's message must not block the next
  const onInput = (e: Event) => {
    const input = e.target instanceof HTMLInputElement ? e.target : null;
    if (input?.matches('[data-register-form] input[name=email]')) input.setCustomValidity('');
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target instanceof HTMLFormElement && e.target.matches('[data-register-form]') ? e.target : null;
    if (!form) return;
    e.preventDefault();
    void onRegisterForm(form);
  };
  for (const f of document.querySelectorAll<HTMLFormElement>('[data-register-form]')) f.dataset.enhanced = 'true';
  document.addEventListener('click', onClick);
  document.addEventListener('submit', onSubmit);
  document.addEventListener('input', onInput);
  const unsubscribe = $session.subscribe(renderBadges);
  void loadSession();
  tokenRoutes();
  // presses kept by the layout's early-click script (BaseLayout) are replayed now
  document.documentElement.setAttribute('data-hooks', '');
  document.dispatchEvent(new CustomEvent('facet:hooks'));
  return () => {
    document.documentElement.removeAttribute('data-hooks');
    document.removeEventListener('click', onClick);
    document.removeEventListener('submit', onSubmit);
    document.removeEventListener('input', onInput);
    unsubscribe();
  };
}
