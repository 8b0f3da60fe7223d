/**
 * How the list draws a page's rows without one long frame: the first screen at once, the rest a
 * few a frame, each batch once the frame before has painted. The server's later rows are drawn
 * in this way while its table stands (`drawRestLater`, drawn-table.ts), and so does the island's
 * table draw each new page of results (rows-in-batches.ts).
 */

/** Runs `then` once the next frame has painted; answers a function that cancels it. */
export function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** where the rows are cards (table-phone.css): each one costs a table row's layout several times over */
const CARDS = '(max-width: 899px)';

/** Rows drawn a frame after the first screen: three cards (a phone's screen of them), or ten table rows. */
export const rowsPerFrame = (): number => (window.matchMedia(CARDS).matches ? 3 : 10);
