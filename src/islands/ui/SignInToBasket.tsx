/**
 * Add to Basket as a visitor sees it (disabled for visitors): the button is disabled, and a
 * hint beside it says why and offers Sign in (the login dialog, returning to this page). One
 * home for the home tiles, the list's expanded row and the stone's details.
 */
import { useId } from 'react';
import { openDialog } from '../../stores/dialog.ts';
import './sign-in-to-basket.css';

export function SignInToBasket({ className = 'btn', returnTo }: { className?: string; returnTo?: string }) {
  const hint = useId();
  return (
    <span className="basket-signin">
      <button type="button" className={className} disabled aria-describedby={hint}>
        Add to Basket
      </button>
      <span id={hint} className="basket-signin__hint">
        <button
          type="button"
          className="basket-signin__link"
          onClick={() => openDialog('login', { returnTo: returnTo ?? window.location.pathname + window.location.hash })}
        >
          Sign in
        </button>
        <span className="basket-signin__why"> to add stones to your bag.</span>
      </span>
    </span>
  );
}
