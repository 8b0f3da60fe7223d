/**
 * The signed-out face of a signed-in area (the account, the admin area): who it is for, what to
 * do, and a Login button that opens the login dialog and comes back to this address.
 */
import { openDialog } from '../../stores/dialog.ts';
import './sign-in-prompt.css';

export function SignInPrompt({ audience, title }: { audience: string; title: string }) {
  return (
    <section className="signin-prompt">
      <p className="eyebrow">{audience}</p>
      <h2>{title}</h2>
      <button type="button" className="btn" onClick={() => openDialog('login', { returnTo: window.location.pathname })}>
        Login
      </button>
    </section>
  );
}
