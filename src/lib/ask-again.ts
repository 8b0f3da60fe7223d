/**
 * Asking the server again after a request got no good answer (no connection, the server busy):
 * after each of ASK_AGAIN_MS in turn, until an answer comes or the delays run out. An answer is
 * shown only while nothing newer was learned meanwhile: `read()` returns the state the answer
 * would replace, and when it is no longer the same value the asking stops.
 */
export const ASK_AGAIN_MS = [2_000, 5_000, 15_000] as const;

export type AskAgain<T> = {
  /** the state shown now; compared by identity with what it was when the asking began */
  read: () => unknown;
  ask: () => Promise<T>;
  show: (answer: T) => void;
};

export function askAgain<T>(asking: AskAgain<T>, attempt = 0): void {
  const delay = ASK_AGAIN_MS[attempt];
  if (delay == null) return;
  const shown = asking.read();
  const unchanged = () => asking.read() === shown;
  setTimeout(() => {
    if (!unchanged()) return;
    asking.ask().then(
      (answer) => {
        if (unchanged()) asking.show(answer);
      },
      () => {
        if (unchanged()) askAgain(asking, attempt + 1);
      },
    );
  }, delay);
}
