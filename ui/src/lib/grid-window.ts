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
  // When the list is taller than the cap, scroll position maps proportionally.
  const scale = total * rowPx > MAX_SCROLL_PX ? (total * rowPx) / MAX_SCROLL_PX : 1;
  const top = Math.max(0, scrollTop) * scale;
  const visibleFirst = Math.min(total, Math.floor(top / rowPx));
  const visibleCount = Math.ceil(viewportPx / rowPx) + 1;
  const first = Math.max(0, visibleFirst - overscan);
  const last = Math.min(total, visibleFirst + visibleCount + overscan);
  return { first, last, offsetPx: (first * rowPx) / scale, totalPx };
}

/** Block starts (multiples of `blockSize`) covering rows [first, last). */
export function blocksFor(first: number, last: number, blockSize: number): number[] {
  if (last <= first) return [];
  const out: number[] = [];
  for (let start = Math.floor(first / blockSize) * blockSize; start < last; start += blockSize) out.push(start);
  return out;
}
