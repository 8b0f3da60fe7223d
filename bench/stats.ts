/** Small statistics shared by the benchmarks. */

/** The median of the figures (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The figure at quantile `q` (0..1) by nearest rank, e.g. 0.9 for the 90th percentile. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
}

/**
 * A table with one column per stock size: each row a label, the figure of each result and its
 * aim (labels and aims left-aligned, figures right-aligned).
 */
export function printBySize<R extends { stones: number }>(
  results: readonly R[],
  rows: readonly (readonly [string, (r: R) => string, string])[],
): void {
  const head = ['', ...results.map((r) => `${r.stones.toLocaleString('en-GB')} stones`), 'aim'];
  const table = [head, ...rows.map(([label, f, aim]) => [label, ...results.map(f), aim])];
  const widths = head.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table)
    console.log(
      r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '),
    );
}
