/**
 * Cookie notice rules: shown only while the remember cookie is absent and the visitor's country
 * is in the listed European countries, or unknown (the lookup failed or the proxy sent none).
 * Got it! stores the cookie for 365 days. ('PO' is kept as the spec lists it; Poland's ISO code
 * PL is added beside it.)
 */
export const COOKIE_NOTICE_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);
export const REMEMBER_COOKIE = 'facet_cookie_notice';
export const REMEMBER_DAYS = 365;

export const needsNotice = (country: string | null): boolean =>
  country == null || COOKIE_NOTICE_COUNTRIES.has(country.toUpperCase());

export const hasRememberCookie = (cookie: string): boolean =>
  cookie.split(';').some((c) => c.trim().startsWith(`${REMEMBER_COOKIE}=`));

export const rememberCookie = (secure: boolean): string =>
  `${REMEMBER_COOKIE}=1; Max-Age=${REMEMBER_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
