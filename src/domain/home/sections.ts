/** Home page section anchors and the hash rules: no hash -> #welcome. */
export const HOME_SECTIONS = [
  'welcome',
  'about-us',
  'about-us-2',
  'news',
  'special-offers',
  'api',
  'register',
  'contact-us',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];
export const DEFAULT_SECTION: HomeSection = 'welcome';
export const RESNAP_DELAY_MS = 500;
/** On the home page the header shows once the page is scrolled past this many pixels. */
export const HEADER_REVEAL_PX = 760;

/** The section a hash points at ('' or unknown -> null). */
export function sectionOfHash(hash: string): HomeSection | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return (HOME_SECTIONS as readonly string[]).includes(id) ? (id as HomeSection) : null;
}

/** The hash the page should carry: the given one, or #welcome when there is none. */
export const hashOrDefault = (hash: string): string => (hash && hash !== '#' ? hash : `#${DEFAULT_SECTION}`);
