/**
 * axe-core run straight in the page, for every scan of the browser suite: the script is put into
 * a document once and every scan of that document (the page, then each layer opened on it)
 * reuses it, and only violations come back (passes are counted, not listed), so a scan of a long
 * stone list costs the checks and not the serialising of thousands of passing nodes. The site
 * has no frames, so the page's own document is the whole of it. It is the axe-core that
 * @axe-core/playwright ships, with the same rules and the same findings; that package's
 * AxeBuilder injects the script on every scan and finishes each in a page of its own: a scan of
 * the stone list took it 6-9 s on an idle machine, where this takes 1-2 s.
 *
 *   await axeViolations(page);                                       // WCAG 2.2 AA, any impact
 *   await axeViolations(page, { within: '#catalogue' });             // inside one element
 *   await seriousViolations(page);                                   // every rule, serious or critical
 */
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';
import { animationsDone } from './page-settled.ts';

const axeSource = (
  createRequire(import.meta.resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;

/** The WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA (target-size included). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Which of axe's rules a scan runs, where, and which impacts it reports. */
export type AxeScan = {
  /** a CSS selector: only what is inside it (default the whole page) */
  within?: string;
  /** WCAG 2.2 AA's rules (default), or every rule axe runs by default (best practices too) */
  rules?: 'wcag22aa' | 'all';
  /** only violations of these impacts (default every impact) */
  impacts?: readonly string[];
};

const SERIOUS = ['serious', 'critical'] as const;

/**
 * axe's violations on the page, one line per rule and element: `rule (impact) selector: why`.
 */
export async function axeViolations(page: Page, scan: AxeScan = {}): Promise<string[]> {
  try {
    return await scanOnce(page, scan);
  } catch (err) {
    // the page went on to another address while it was scanned (a redirect after its data
    // loaded): scan the page it settled on
    if (!/Execution context was destroyed|navigation/i.test(String(err))) throw err;
    await page.waitForLoadState('load');
    return scanOnce(page, scan);
  }
}

/** Every rule's serious and critical violations, on the page or inside `within`. */
export const seriousViolations = (page: Page, within?: string): Promise<string[]> =>
  axeViolations(page, { within, rules: 'all', impacts: SERIOUS });

async function scanOnce(page: Page, { within, rules = 'wcag22aa', impacts }: AxeScan): Promise<string[]> {
  await animationsDone(page); // colours are judged as they end, not halfway through a fade
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = {
    ...(rules === 'wcag22aa' ? { runOnly: { type: 'tag', values: WCAG_22_AA } } : {}),
    resultTypes: ['violations'],
    iframes: false,
  };
  const results = await page.evaluate(
    ([selector, opts]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(
        selector ? { include: [[selector]] } : document,
        opts,
      ),
    [within, options] as const,
  );
  return results.violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = [...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ');
        return `${v.id} (${v.impact}) ${n.target.join(' ')}${why ? `: ${why}` : ''}`;
      }),
    );
}
