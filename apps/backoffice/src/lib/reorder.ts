/**
 * Moving one row up or down a list ordered by sortOrder: the list is renumbered 10, 20, 30… in its
 * new order (so ties left by earlier edits disappear) and only the rows whose number changed are
 * returned, each one PATCH away.
 */
export function reorder<T extends { sortOrder: number }>(
  list: readonly T[],
  index: number,
  delta: -1 | 1,
): { item: T; sortOrder: number }[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  const base = Math.min(...list.map((i) => i.sortOrder), 10);
  return next.flatMap((item, i) => {
    const sortOrder = base + i * 10;
    return item.sortOrder === sortOrder ? [] : [{ item, sortOrder }];
  });
}
