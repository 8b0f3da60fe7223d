/**
 * The dialog host island, mounted once on every page (BaseLayout): renders the one dialog of
 * `$dialog` (none, login, email, register, password, changePassword, message, terms, cookies)
 * in a Radix Dialog, and wires the page's account hooks (see page-hooks.ts). Opening the
 * e-mail dialog while signed in goes to the account area instead.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { Fragment, useEffect, type ReactNode } from 'react';
import { $dialog, closeDialog, type DialogState } from '../../stores/dialog.ts';
import { $session, accountPath } from '../../stores/session.ts';
import { CookiePolicyDialog } from './CookiePolicyDialog.tsx';
import { EmailDialog } from './EmailDialog.tsx';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { installPageHooks } from './page-hooks.ts';
import { PasswordDialog } from './PasswordDialog.tsx';
import { RegisterDialog } from './RegisterDialog.tsx';
import { TermsDialog } from './TermsDialog.tsx';
import './dialogs.css';

function content({ name, props }: DialogState): ReactNode {
  switch (name) {
    case 'email':
      return <EmailDialog props={props} />;
    case 'login':
      return <LoginDialog props={props} />;
    case 'password':
      return <PasswordDialog props={props} />;
    case 'register':
      return <RegisterDialog props={props} />;
    case 'changePassword':
      return <ForgotPasswordDialog props={props} />;
    case 'message':
      return <MessageDialog props={props} />;
    case 'terms':
      return <TermsDialog props={props} />;
    case 'cookies':
      return <CookiePolicyDialog />;
    default:
      return null;
  }
}

const keys = new WeakMap<DialogState, number>();
let counter = 0;
/** A fresh key per dialog state, so each step starts from its own props. */
function keyOf(state: DialogState): number {
  let k = keys.get(state);
  if (k === undefined) keys.set(state, (k = ++counter));
  return k;
}

export default function DialogHost() {
  const dialog = useIslandStore($dialog, AT_BUILD.dialog);
  const session = useIslandStore($session, AT_BUILD.session);

  useEffect(() => installPageHooks(), []);

  useEffect(() => {
    if (dialog.name === 'email' && session.user) {
      closeDialog();
      window.location.assign(accountPath(session.user));
    }
  }, [dialog.name, session.user]);

  const open = dialog.name !== 'none';
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && closeDialog()}>
      {open ? <Fragment key={keyOf(dialog)}>{content(dialog)}</Fragment> : null}
    </Dialog.Root>
  );
}
