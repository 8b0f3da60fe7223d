/**
 * The home hero's intro timeline: loading, then the intro; at 5 s the loop fades in, 6 s the
 * tagline, 8 s the logo moves (a step at 8.5 s), 9 s the special offers bar, 10 s complete.
 * Skip, or a later visit, jumps to the end state.
 */
export const INTRO_STEPS = [
  { at: 0, step: 'intro' },
  { at: 5000, step: 'loop' },
  { at: 6000, step: 'tagline' },
  { at: 8000, step: 'logo' },
  { at: 8500, step: 'logo-settled' },
  { at: 9000, step: 'offers' },
  { at: 10000, step: 'complete' },
] as const;

export type IntroStep = 'loading' | (typeof INTRO_STEPS)[number]['step'];
export const INTRO_END: IntroStep = 'complete';
export const INTRO_DURATION_MS = 10_000;
/** storage key marking that the intro already ran once */
export const INTRO_SEEN_KEY = 'facet.home.intro-seen';

/** The step reached `elapsed` ms after the intro started (negative: still loading). */
export function stepAt(elapsed: number): IntroStep {
  if (elapsed < 0 || Number.isNaN(elapsed)) return 'loading';
  let current: IntroStep = 'intro';
  for (const s of INTRO_STEPS) if (elapsed >= s.at) current = s.step;
  return current;
}

/** Every step reached so far (the hero sets one class per step, so CSS can layer them). */
export function stepsReached(step: IntroStep): IntroStep[] {
  if (step === 'loading') return ['loading'];
  const i = INTRO_STEPS.findIndex((s) => s.step === step);
  return INTRO_STEPS.slice(0, i + 1).map((s) => s.step);
}
