/**
 * The home hero's intro timeline (rules in src/domain/home/timeline.ts). The inline script
 * in Hero.astro sets data-step="loading" before first paint when the intro should play
 * (600 px and up, first visit, motion allowed); otherwise the hero is already in its end
 * state. This module runs the steps, wires Skip, remembers that the intro ran, hides
 * Register/Login for signed-in visitors, and loads configured videos after the poster.
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

function addVideo(src: string, loop: boolean): void {
  const media = hero?.querySelector('[data-hero-media]');
  if (!media || !src || matchMedia('(max-width: 599px)').matches) return;
  const video = Object.assign(document.createElement('video'), {
    src,
    muted: true,
    loop,
    autoplay: true,
    playsInline: true,
  });
  video.className = 'hero__video';
  video.setAttribute('aria-hidden', 'true');
  video.addEventListener('playing', () => media.classList.add('has-video'), { once: true });
  media.append(video);
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
  const later = () => {
    addVideo(hero.dataset.introVideo ?? '', false);
    addVideo(hero.dataset.loopVideo ?? '', true);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
