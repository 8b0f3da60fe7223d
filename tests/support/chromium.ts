/**
 * The Chromium the tests drive: CHROMIUM_PATH when set, else Debian's headless shell
 * (`chromium-headless-shell`, the same Blink as `chromium` without the desktop browser around
 * it, which is what Playwright itself runs headless tests in), else Debian's `chromium`.
 * Nothing is ever downloaded.
 */
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
