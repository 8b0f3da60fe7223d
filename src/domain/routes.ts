/**
 * The site's page addresses, one table for the built pages' links, the islands and their
 * client routers, and the server's shell routes (api/static-site.ts) and e-mails. Pure: the
 * server and the browser both import it. API paths (/api/v1/...) are not here.
 */

/** The pages of one stone: /diamonds/{id}/{page}; the bare /diamonds/{id} is the 360 view. */
export const STONE_PAGES = ['details', 'report', 'diagram', '360'] as const;
export type StonePage = (typeof STONE_PAGES)[number];

const ADMIN = '/admin';
const ACCOUNT = '/my-account';
const NEWS = '/news';

export const routes = {
  home: '/',
  aboutUs: '/about-us',
  api: '/api',
  contactUs: '/contact-us',
  faqs: '/faqs',
  jewellery: '/jewellery',
  news: NEWS,

  /** the stone list and its named pages */
  diamonds: '/diamonds',
  catalogue: '/diamonds/all',
  labGrown: '/diamonds/all/lab-grown',
  specials: '/diamonds/all/specials',
  favourites: '/diamonds/fav',
  compare: '/diamonds/compare',
  /** a read-only compare of the stones a signed link names (anyone; prices for signed-in traders) */
  compareShared: (token: string) => `/diamonds/compare/shared?t=${encodeURIComponent(token)}`,
  bag: '/diamonds/bag',
  /** one stone's page */
  diamond: (id: number | string, page: StonePage = 'details') => `/diamonds/${id}/${page}`,
  /** the list pre-filtered by a shape (one encoded segment, slash included); parcels open the Parcels tab */
  shape: (shape: string, parcel = false) =>
    `/diamonds/all/${encodeURIComponent(shape.trim().toLowerCase())}${parcel ? '?tab=2' : ''}`,

  /** a post's page as the news list links it, and its stored address /news/{slug} */
  newsPost: (slug: string, id: number) => `${NEWS}/post/${slug}?id=${id}`,
  newsArticle: (slug: string) => `${NEWS}/${slug}`,

  /** the links in e-mails: a verification and a password reset carry a one-time token */
  verify: (token: string) => `/verify/${token}`,
  reset: (token: string) => `/reset/${token}`,
  /** a trader's page for a client: no sign-in, the token is the key */
  clientPage: (token: string) => `/client/${token}`,

  account: ACCOUNT,
  accountApi: `${ACCOUNT}/api`,
  accountHolds: `${ACCOUNT}/holds`,
  accountClientPages: `${ACCOUNT}/client-pages`,
  accountSavedSearches: `${ACCOUNT}/saved-searches`,
  accountApiAccess: `${ACCOUNT}#api-access`,
  accountRequests: `${ACCOUNT}#acc-requests`,
  /** one sent request in the account's list of requests */
  accountRequest: (id: number) => `${ACCOUNT}#request-${id}`,
  accountWebhooks: `${ACCOUNT}/api#webhooks`,

  admin: ADMIN,
  adminDashboard: `${ADMIN}/dashboard`,
  adminCustomers: `${ADMIN}/customers`,
  adminRequests: `${ADMIN}/requests`,
  adminRequest: (id: number) => `${ADMIN}/requests?id=${id}`,
  adminMessages: `${ADMIN}/messages`,
  adminHolds: `${ADMIN}/holds`,
  adminPosts: `${ADMIN}/posts`,
  adminNewPost: `${ADMIN}/posts/new`,
  adminPost: (id: number | string) => `${ADMIN}/posts/${id}`,
  adminStock: `${ADMIN}/stock`,
  adminStockHistory: `${ADMIN}/stock/history`,
  adminStockRun: (id: number) => `${ADMIN}/stock/history?id=${id}`,
  adminStockMedia: `${ADMIN}/stock/media`,
  adminStockKeys: `${ADMIN}/stock/keys`,
  adminStockSources: `${ADMIN}/stock/sources`,
  adminSettings: `${ADMIN}/settings`,
  adminSiteSettings: `${ADMIN}/site-settings`,
  adminRequestSettings: `${ADMIN}/request-settings`,
  adminAudit: `${ADMIN}/audit`,
} as const;
