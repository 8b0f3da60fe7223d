/** Where API Link lives (shared by its three parts). */
export const LINK_BASE = '/api/link/v1';
