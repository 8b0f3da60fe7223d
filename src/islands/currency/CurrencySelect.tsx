/**
 * The currency selector: GBP, USD, EUR, JPY, NZD with small flags, disabled for visitors (they
 * see no prices). Reads and sets the display currency in $site; only currencies the site's
 * rates know are offered. Usable in the catalogue toolbar and, later, the header.
 *
 * It is server-rendered inside the list island, and the shared stores may already be loaded
 * (by another island) when it hydrates. React does not repair attributes that differ at
 * hydration, so the first client render repeats the server's (a visitor's, disabled) and the
 * stores take over once mounted; otherwise a signed-in user could keep a disabled select.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CURRENCY_CODES, type CurrencyCode } from '../../domain/money.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { $site, setCurrency } from '../../stores/site.ts';
import { Flag } from './Flag.tsx';
import './currency.css';

export const CURRENCY_NAMES: Record<CurrencyCode, string> = {
  GBP: 'Pound sterling',
  USD: 'US dollar',
  EUR: 'Euro',
  JPY: 'Japanese yen',
  NZD: 'New Zealand dollar',
};

export default function CurrencySelect({ id = 'currency-select' }: { id?: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const liveSite = useStore($site);
  const liveAuthorised = useStore($isAuthorised);
  const site = mounted ? liveSite : { status: 'idle' as const, data: null };
  const authorised = mounted && liveAuthorised;
  const rates = site.data?.fxrates ?? [];
  const known = CURRENCY_CODES.filter((c) => rates.length === 0 || rates.some((r) => r.currency === c));
  const ccy = site.data?.ccy ?? 'GBP';
  const disabled = !authorised || site.status !== 'ready';
  return (
    <div className="ccy" data-site={site.status} data-signed-in={authorised ? 'yes' : 'no'}>
      <label className="ccy__label" htmlFor={id}>
        Currency
      </label>
      <span className="ccy__field">
        <Flag ccy={ccy} />
        <select
          id={id}
          className="select ccy__select"
          value={ccy}
          disabled={disabled}
          title={authorised ? undefined : 'Sign in to see prices in your currency'}
          onChange={(e) => setCurrency(e.target.value)}
        >
          {known.map((c) => (
            <option key={c} value={c} title={CURRENCY_NAMES[c]}>
              {c}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
