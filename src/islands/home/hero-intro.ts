/**
 * The home hero's intro timeline (rules in src/domain/home/timeline.ts). The inline script
 * in Hero.astro sets data-step="loading" before first paint when the intro should play
 * (600 px and up, first visit, motion allowed); otherwise the hero is already in its end
 * state. This module runs the steps, wires Skip, remembers that the intro ran, hides
 * Register/Login for signed-in visitors, and plays the intro and loop videos once the page has loaded.
 */
import { $isAuthorised, loadSession } from '../../stores/session.ts';
import { INTRO_END, INTRO_SEEN_KEY, INTRO_STEPS, type IntroStep } from '../../domain/home/timeline.ts';

const hero = document.querySelector<HTMLElement>('[data-hero]');

function remember(): void {
  try {
    localStorage.setItem(INTRO_SEEN_KEY, '1');
  } catch {
    /* private mode: the intro plays again next time */
  }
}

/** The films play from 900 px up with motion allowed (the hero's CSS shows them there only). */
const FILM_MEDIA = '(min-width: 900px) and (prefers-reduced-motion: no-preference)';

/**
 * A silent video of the hero (`base`.webm / .mp4, poster `base`-poster.webp), loading nothing
 * until it is played; shown (class is-playing, hero has-film) once it plays.
 */
function film(base: string, loop: boolean): HTMLVideoElement | null {
  const box = hero?.querySelector('[data-hero-film]');
  if (!box || !base) return null;
  const video = Object.assign(document.createElement('video'), {
    muted: true,
    loop,
    playsInline: true,
    preload: 'none',
    poster: `${base}-poster.webp`,
    width: 720,
    height: 720,
  });
  video.setAttribute('aria-hidden', 'true');
  for (const [ext, type] of [
    ['webm', 'video/webm'],
    ['mp4', 'video/mp4'],
  ] as const) {
    video.append(Object.assign(document.createElement('source'), { src: `${base}.${ext}`, type }));
  }
  video.addEventListener('playing', () => {
    if (video.dataset.done) return; // the intro, once the loop took over
    video.classList.add('is-playing');
    hero?.classList.add('has-film');
  });
  box.append(video);
  return video;
}

const play = (video: HTMLVideoElement | null) => void video?.play().catch(() => undefined);

/**
 * The intro video while the intro runs, then the loop from the loop step on (at once when the
 * intro does not play); the intro video is let go once the loop plays.
 */
function films(el: HTMLElement): void {
  if (!matchMedia(FILM_MEDIA).matches) return;
  const intro = ['loading', 'intro'].includes(el.dataset.step ?? '') ? film(el.dataset.introVideo ?? '', false) : null;
  const loop = film(el.dataset.loopVideo ?? '', true);
  let looping = false;
  let inView = true;
  const follow = () => {
    if (looping || ['loading', 'intro'].includes(el.dataset.step ?? '')) return;
    looping = true;
    loop?.addEventListener(
      'playing',
      () => {
        if (!intro) return;
        intro.dataset.done = '1';
        intro.pause();
        intro.classList.remove('is-playing');
      },
      { once: true },
    );
    if (inView) play(loop);
  };
  play(intro);
  follow();
  new MutationObserver(follow).observe(el, { attributes: true, attributeFilter: ['data-step'] });
  // the loop rests while the hero is scrolled out of the window: nobody sees it, and each of its
  // frames would be drawn all the same
  if (loop)
    new IntersectionObserver(([seen]) => {
      inView = seen?.isIntersecting ?? true;
      if (!looping) return;
      if (inView) play(loop);
      else loop.pause();
    }).observe(el);
}

function run(el: HTMLElement): void {
  const timers: number[] = [];
  const set = (step: IntroStep) => {
    el.dataset.step = step;
    if (step === INTRO_END) remember();
  };
  let ended = false;
  const finish = () => {
    ended = true;
    for (const t of timers) clearTimeout(t);
    set(INTRO_END);
  };
  el.querySelector('[data-hero-skip]')?.addEventListener('click', finish);
  if (el.dataset.step !== 'loading') {
    remember();
    return;
  }
  // steps at 0 ms are set at once, so every later step comes its full delay after the intro began
  const start = () => {
    if (ended) return; // skipped while the poster was still loading
    for (const s of INTRO_STEPS) {
      if (s.at <= 0) set(s.step);
      else timers.push(window.setTimeout(() => set(s.step), s.at));
    }
  };
  // loading ends when the poster is ready (or at once without one / on error)
  const poster = el.querySelector<HTMLImageElement>('[data-hero-media] img');
  if (poster && !poster.complete) {
    poster.addEventListener('load', start, { once: true });
    poster.addEventListener('error', start, { once: true });
  } else start();
}

if (hero) {
  run(hero);
  const auth = hero.querySelector<HTMLElement>('[data-hero-auth]');
  $isAuthorised.subscribe((signedIn) => auth?.toggleAttribute('hidden', signedIn));
  void loadSession();
  const later = () => films(hero);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
