/** Where API Link lives. */
export const LINK_BASE = '/api/link/v1';
