/**
 * A drop on the compare board as a new order of the whole compare list: the dragged id
 * takes the place of the one it was dropped on. No destination, or itself: the same list.
 */
export function applyMove(ids: number[], activeId: number, overId: number | null): number[] {
  if (overId == null || overId === activeId) return ids;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return ids;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}
