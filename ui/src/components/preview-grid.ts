// Virtualised preview grid: draws only the rows in view (plus a few), fetching
// blocks of rows from the shell (`preview_rows`) as the person scrolls, so a
// file of a million rows scrolls smoothly. Cells are text nodes only.

import { t } from "../i18n";
import { call, type InputDescription } from "../ipc";
import { el, replace } from "../lib/dom";
import { blocksFor, rowWindow } from "../lib/grid-window";

export const ROW_PX = 28;
export const BLOCK_ROWS = 200;
const MAX_BLOCKS = 40;

/** The grid of `file`; its rows are read from `path` (the file's path, or
 * `book.xlsx#Sheet` for the sheet chosen). */
/** Rows the grid can show: every row of a CSV (read in pages), the
 * description's first rows of any other format (a workbook, JSON, a
 * compressed CSV; none of a Parquet file, read only in the sandbox). */
export function pagedRows(file: InputDescription): number {
  return (file.format ?? "csv") === "csv" ? file.row_count : Math.min(file.row_count, file.preview.length);
}

export function previewGrid(file: InputDescription, path: string = file.path): HTMLElement {
  const cache = new Map<number, string[][]>();
  const pending = new Set<number>();
  // A CSV is read page by page; other formats show the rows that came with
  // the description (the card says how many of how many).
  const rowCount = pagedRows(file);
  // The first rows come with the description: no round trip to show them.
  if (rowCount <= file.preview.length) cache.set(0, file.preview);

  const columns = file.columns.map((c) => c.name);
  const template = `4.5rem repeat(${columns.length}, 9rem)`;
  const header = el("div", { class: "grid-row grid-head", role: "row", style: `grid-template-columns:${template}` },
    el("span", { role: "columnheader", class: "grid-num" }, "#"),
    columns.map((name) => el("span", { role: "columnheader", title: name }, name)));
  const rows = el("div", { class: "grid-rows", role: "rowgroup" });
  const spacer = el("div", { class: "grid-spacer" }, rows);
  const viewport = el("div", {
    class: "grid-viewport", tabindex: 0, role: "grid",
    "aria-label": t("file.preview", { name: file.name }),
    "aria-rowcount": rowCount + 1, "aria-colcount": columns.length + 1,
  }, header, spacer);

  function rowAt(index: number): string[] | null {
    const start = Math.floor(index / BLOCK_ROWS) * BLOCK_ROWS;
    const block = cache.get(start);
    if (block) return block[index - start] ?? null;
    if (start === 0 && index < file.preview.length) return file.preview[index];
    return null;
  }

  async function fetchBlock(start: number): Promise<void> {
    if (cache.has(start) || pending.has(start)) return;
    pending.add(start);
    try {
      const block = await call("preview_rows", { path, start, count: BLOCK_ROWS });
      cache.set(start, block);
      while (cache.size > MAX_BLOCKS) cache.delete(cache.keys().next().value as number);
    } catch {
      cache.set(start, []);
    } finally {
      pending.delete(start);
    }
    draw();
  }

  let frame = 0;
  function draw(): void {
    frame = 0;
    const viewPx = viewport.clientHeight - header.offsetHeight || 240;
    const win = rowWindow(viewport.scrollTop, viewPx, ROW_PX, rowCount);
    spacer.style.height = `${win.totalPx}px`;
    rows.style.transform = `translateY(${win.offsetPx}px)`;
    const drawn: HTMLElement[] = [];
    for (let i = win.first; i < win.last; i++) {
      const cells = rowAt(i);
      drawn.push(el("div", { class: "grid-row", role: "row", "aria-rowindex": i + 2, style: `grid-template-columns:${template}` },
        el("span", { class: "grid-num", role: "rowheader" }, String(i + 1)),
        cells
          ? columns.map((_, c) => el("span", { role: "gridcell" }, cells[c] ?? ""))
          : el("span", { role: "gridcell", class: "grid-loading" }, t("file.loadingRows"))));
    }
    replace(rows, drawn);
    for (const start of blocksFor(win.first, win.last, BLOCK_ROWS)) {
      if (!cache.has(start)) void fetchBlock(start);
    }
  }
  viewport.addEventListener("scroll", () => {
    if (!frame) frame = requestAnimationFrame(draw);
  });
  // Draw once attached (sizes are known then).
  requestAnimationFrame(draw);
  return viewport;
}
