/**
 * Work done while the page is idle: a generator's steps run in short tasks (at most SLICE_MS of
 * steps each, then the page gets its turn), its answer handed to `done`. Whoever needs the answer
 * before then has the rest run at once (`finish`); `stop` drops the work.
 *
 *   const work = inSlices(steps(), (answer) => keep(answer), 300);   // begins after 300 ms
 *   const answer = work.finish();                                    // now, whatever is left
 */
export const SLICE_MS = 8;

export type Slices<T> = {
  /** the answer, running the steps left at once (`done` is not called after this) */
  finish: () => T;
  stop: () => void;
};

export function inSlices<T>(steps: Generator<void, T>, done: (answer: T) => void, delayMs = 0): Slices<T> {
  let answer: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** runs steps until the end (true) or the time given */
  const run = (until: number): boolean => {
    for (;;) {
      const step = steps.next();
      if (step.done) {
        answer = { value: step.value };
        return true;
      }
      if (performance.now() >= until) return false;
    }
  };
  const slice = () => {
    timer = null;
    if (run(performance.now() + SLICE_MS)) done(answer!.value);
    else timer = setTimeout(slice, 0);
  };
  timer = setTimeout(slice, delayMs);
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    finish: () => {
      stop();
      if (!answer) run(Infinity);
      return answer!.value;
    },
    stop,
  };
}
