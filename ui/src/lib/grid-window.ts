// Row window math of the virtualised preview grid: which rows to draw for a
// scroll position, and which blocks of rows to fetch from the shell.

export interface GridWindow {
  /** First row to draw (0-based, includes overscan). */
  first: number;
  /** One past the last row to draw. */
  last: number;
  /** Pixel offset of the first drawn row. */
  offsetPx: number;
  /** Total scroll height in pixels. */
  totalPx: number;
}

/** Browsers cap element heights (~33M px in Chromium); a million 28px rows fit. */
export const MAX_SCROLL_PX = 30_000_000;

export function rowWindow(
  scrollTop: number,
  viewportPx: number,
  rowPx: number,
  totalRows: number,
  overscan = 5,
): GridWindow {
  const total = Math.max(0, Math.floor(totalRows));
  const totalPx = Math.min(total * rowPx, MAX_SCROLL_PX);
  // The scroll fraction maps onto the rows; when the list is taller than the
  // cap, this stays exact at both ends (and equals scrollTop / rowPx otherwise).
  const scrollRange = Math.max(0, totalPx - viewportPx);
  const rowRange = Math.max(0, total - viewportPx / rowPx);
  const top = Math.min(Math.max(0, scrollTop), scrollRange);
  const exactFirst = scrollRange > 0 ? (top / scrollRange) * rowRange : 0;
  const visibleFirst = Math.min(total, Math.floor(exactFirst + 1e-6));
  const visibleCount = Math.ceil(viewportPx / rowPx) + 1;
  const first = Math.max(0, visibleFirst - overscan);
  const last = Math.min(total, visibleFirst + visibleCount + overscan);
  // Place the drawn rows so that row `exactFirst` sits at the top of the view.
  const offsetPx = total === 0 ? 0 : top - (exactFirst - first) * rowPx;
  return { first, last, offsetPx, totalPx };
}

/** Block starts (multiples of `blockSize`) covering rows [first, last). */
export function blocksFor(first: number, last: number, blockSize: number): number[] {
  if (last <= first) return [];
  const out: number[] = [];
  for (let start = Math.floor(first / blockSize) * blockSize; start < last; start += blockSize) out.push(start);
  return out;
}
