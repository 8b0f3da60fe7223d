/**
 * `client:idle={IDLE_HYDRATION}`: an island that hydrates when the browser next rests, and at
 * the latest after `timeout` ms. Without the bound, a main thread that never rests (a slow
 * phone playing the home film, a tab the browser has stopped drawing) would leave the island's
 * server markup dead: the login dialog, the bag drawer and the cookie notice would not answer.
 */
export const IDLE_HYDRATION = { timeout: 2000 } as const;
