/**
 * Asking the server again after a request got no good answer (no connection, the server busy):
 * after each of ASK_AGAIN_MS in turn, until an answer comes or the delays run out. An answer is
 * shown only while nothing newer was learned meanwhile: `read()` returns the state the answer
 * would replace, and when it is no longer the same value the asking stops.
 *
 * A store asks again through `askingAgain`: one asking at a time for its state, so failures one
 * after another (a trader's repeated actions during an outage) never ask side by side; the
 * latest failure starts the delays afresh and ends the asking before it.
 */
export const ASK_AGAIN_MS = [2_000, 5_000, 15_000] as const;

export type AskAgain<T> = {
  /** the state shown now; compared by identity with what it was when the asking began */
  read: () => unknown;
  ask: () => Promise<T>;
  show: (answer: T) => void;
};

/** Starts asking again; returns what stops it (an answer still on its way is then not shown). */
function askAgain<T>(asking: AskAgain<T>): () => void {
  const shown = asking.read();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current = () => !stopped && asking.read() === shown;
  const attempt = (n: number) => {
    const delay = ASK_AGAIN_MS[n];
    if (delay == null) return;
    timer = setTimeout(() => {
      if (!current()) return;
      asking.ask().then(
        (answer) => {
          if (current()) asking.show(answer);
        },
        () => {
          if (current()) attempt(n + 1);
        },
      );
    }, delay);
  };
  attempt(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** What a store calls after each failed read: asks again, ending the asking a failure before started. */
export function askingAgain<T>(asking: AskAgain<T>): () => void {
  let stop = () => {};
  return () => {
    stop();
    stop = askAgain(asking);
  };
}
