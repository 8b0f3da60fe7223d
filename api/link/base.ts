/** Where the API Link lives: every API Link route is under this path. */
export const LINK_BASE = '/api/link/v1';
