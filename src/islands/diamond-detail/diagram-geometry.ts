/**
 * The side profile of the diagram tab, from the stone's proportions (percent of the width):
 * table, crown height, girdle and pavilion depth; typical round-brilliant values stand in
 * where a figure is missing so the drawing keeps its shape (the legend says '-').
 */
export type Profile = { table: number; crown: number; girdle: number; pavilion: number };
export const TYPICAL: Profile = { table: 57, crown: 15, girdle: 3, pavilion: 43 };

export const VIEW = { width: 640, height: 380, left: 150, right: 490, top: 78 };

const ok = (n: number | null | undefined, lo: number, hi: number): n is number =>
  n != null && Number.isFinite(n) && n >= lo && n <= hi;

export function profileOf(p: {
  table?: number | null;
  crown?: number | null;
  girdle?: number | null;
  pavilion?: number | null;
}): Profile {
  return {
    table: ok(p.table, 20, 90) ? p.table : TYPICAL.table,
    crown: ok(p.crown, 2, 30) ? p.crown : TYPICAL.crown,
    girdle: ok(p.girdle, 0.5, 12) ? p.girdle : TYPICAL.girdle,
    pavilion: ok(p.pavilion, 20, 60) ? p.pavilion : TYPICAL.pavilion,
  };
}

/** Key points of the outline in view units. */
export function outline(p: Profile) {
  const w = VIEW.right - VIEW.left;
  const cx = (VIEW.left + VIEW.right) / 2;
  const s = w / 100;
  const tableHalf = (p.table * s) / 2;
  const yTable = VIEW.top;
  const yGirdleTop = yTable + p.crown * s;
  const yGirdleBottom = yGirdleTop + Math.max(2, p.girdle * s);
  const yCulet = yGirdleBottom + p.pavilion * s;
  return { cx, tableHalf, yTable, yGirdleTop, yGirdleBottom, yCulet, left: VIEW.left, right: VIEW.right };
}
