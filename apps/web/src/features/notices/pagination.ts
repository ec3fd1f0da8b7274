export type PageItem = number | 'break';

/**
 * Page buttons to show: the first and last `marginPages`, a window of `pageRange` pages around the
 * current one, and 'break' where pages are skipped (spec §9: pageRange 3, marginPages 1). A gap of
 * exactly one page shows that page instead of a break.
 */
export function pageItems(current: number, total: number, pageRange = 3, marginPages = 1): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  if (total <= pageRange + marginPages * 2) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (let i = 1; i <= marginPages; i += 1) pages.add(i);
  for (let i = total - marginPages + 1; i <= total; i += 1) pages.add(i);
  let start = Math.max(1, page - Math.floor((pageRange - 1) / 2));
  let end = start + pageRange - 1;
  if (end > total) {
    end = total;
    start = Math.max(1, end - pageRange + 1);
  }
  for (let i = start; i <= end; i += 1) pages.add(i);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('break');
    items.push(n);
    previous = n;
  }
  return items;
}
