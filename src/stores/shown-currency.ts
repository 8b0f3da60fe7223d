/**
 * The currency prices are shown in (one rule for the site store, the early rows and the early
 * set job): the first currency wanted that the rates know (the one shown so far, the user's,
 * this browser's remembered one), else the site's own, else the rates' default.
 */
import { defaultCurrency, type FxRate } from '../domain/money.ts';

const CCY_KEY = 'facet.ccy';

/** This browser's remembered currency (null: none, or storage blocked). */
export function storedCurrency(): string | null {
  try {
    return globalThis.localStorage?.getItem(CCY_KEY) ?? null;
  } catch {
    return null; // storage blocked: the site's default
  }
}

export function rememberCurrency(ccy: string): void {
  try {
    globalThis.localStorage?.setItem(CCY_KEY, ccy);
  } catch {
    // storage blocked: the choice lasts for this page
  }
}

/** `c` as one of the currencies the rates know, else undefined. */
export const rateCurrency = <R extends FxRate>(
  rates: readonly R[],
  c: string | null | undefined,
): R['currency'] | undefined => rates.find((r) => r.currency === c)?.currency;

export function shownCurrency<R extends FxRate>(
  site: { ccy: R['currency']; fxrates: readonly R[] },
  ...wanted: (string | null | undefined)[]
): R['currency'] {
  const rates = site.fxrates;
  const chosen = wanted.map((c) => rateCurrency(rates, c)).find(Boolean);
  return chosen ?? rateCurrency(rates, site.ccy || defaultCurrency(rates)) ?? site.ccy;
}
