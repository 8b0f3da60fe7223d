/**
 * The one dialog shown at a time: none, login, email, register, password, changePassword,
 * message, plus the terms of service and cookie policy dialogs. Any island opens one with
 * `openDialog(name, props)`; the dialog host island renders it. `returnTo` is where to go after
 * a successful sign-in (e.g. the report tab, a download).
 */
import { atom } from 'nanostores';

export type DialogName =
  'none' | 'login' | 'email' | 'register' | 'password' | 'changePassword' | 'message' | 'terms' | 'cookies';

export type DialogProps = {
  /** a confirmation or status line shown at the top (e.g. a registration message) */
  confirmation?: string;
  /** initial form values carried between steps (email, password, password_confirm, ...) */
  values?: Record<string, unknown>;
  /** message dialog: title, text and an optional action */
  title?: string;
  text?: string;
  action?: 'resendEmail' | 'none';
  /** message dialog: the small line over the title (default 'Trade account'; null: none) */
  eyebrow?: string | null;
  /** Error dialogs have no back button */
  isError?: boolean;
  /** register with requestApiAccess ticked (API access panel) */
  requestApiAccess?: boolean;
  /** after a successful sign-in, go here */
  returnTo?: string;
  /** reset token (new-password dialog opened from /reset/{token}) */
  token?: string;
};

export type DialogState = { name: DialogName; props: DialogProps };

export const $dialog = atom<DialogState>({ name: 'none', props: {} });

export function openDialog(name: Exclude<DialogName, 'none'>, props: DialogProps = {}): void {
  $dialog.set({ name, props });
}

/** The message for a stone without a 360 set: about the stone, not the trade account. */
export const openComingSoon360 = (): void =>
  openDialog('message', {
    title: 'Coming Soon',
    text: 'A 360° view of this stone is coming soon.',
    eyebrow: '360° view',
  });

export function closeDialog(): void {
  $dialog.set({ name: 'none', props: {} });
}
