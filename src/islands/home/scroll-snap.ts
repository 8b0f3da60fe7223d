/**
 * Home page scrolling: with no hash the address becomes #welcome; after 500 ms the page
 * re-scrolls to the hash's section (CSS scroll snapping does the rest). The side dots
 * (SectionDots.astro) mark the current section.
 */
import { hashOrDefault, RESNAP_DELAY_MS, sectionOfHash } from '../../domain/home/sections.ts';

const hash = hashOrDefault(location.hash);
if (hash !== location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);

window.setTimeout(() => {
  const id = sectionOfHash(location.hash);
  const target = id ? document.getElementById(id) : null;
  if (target && Math.abs(target.getBoundingClientRect().top) > 1)
    target.scrollIntoView({ behavior: 'instant', block: 'start' });
}, RESNAP_DELAY_MS);
