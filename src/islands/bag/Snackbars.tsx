/** Renders the bag snackbar that is first in line (snackbar.ts) at the bottom of the screen, with a close button. */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { $snacks, dismissSnack } from './snackbar.ts';

export function Snackbars() {
  const snacks = useIslandStore($snacks, AT_BUILD.snacks);
  if (snacks.length === 0) return null;
  return (
    <div className="bag-snacks">
      {snacks.slice(0, 1).map((s) => (
        <div
          key={s.id}
          className={`bag-snack bag-snack--${s.severity}`}
          role={s.severity === 'success' ? 'status' : 'alert'}
        >
          <div>
            <p className="bag-snack__title">{s.title}</p>
            <p className="bag-snack__text">{s.text}</p>
          </div>
          <button
            type="button"
            className="bag-snack__close"
            aria-label="Close message"
            onClick={() => dismissSnack(s.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
