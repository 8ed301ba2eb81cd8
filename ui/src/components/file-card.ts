// One added file: name, size, separator, encoding, rows, columns with their
// types, and the virtualised preview; or the engine's plain-language error.
// A workbook of several sheets has a sheet picker: the sheet chosen is read
// by the preview, the code and the run (its path becomes `book.xlsx#Sheet`).

import { t, type MessageKey } from "../i18n";
import { formatBytes, formatNumber } from "../lib/format";
import { el } from "../lib/dom";
import type { InputDescription, UiLanguage } from "../ipc";
import type { FileEntry } from "../state/app-state";
import { pagedRows, previewGrid } from "./preview-grid";

export function delimiterName(d: string): string {
  switch (d) {
    case ",": return t("delim.comma");
    case ";": return t("delim.semicolon");
    case "\t": return t("delim.tab");
    case "|": return t("delim.pipe");
    default: return t("delim.other", { c: d });
  }
}

/** Encodings by the names people know ("Windows (Western European)"); the
 * engine's name (encoding_rs's) for the others. */
const ENCODINGS: Record<string, MessageKey> = {
  "windows-1252": "enc.windows1252",
  "windows-1250": "enc.windows1250",
  "windows-1251": "enc.windows1251",
  "UTF-16LE": "enc.utf16",
  "UTF-16BE": "enc.utf16",
};

export function encodingName(encoding: string): string {
  const key = ENCODINGS[encoding];
  return key ? t(key) : encoding;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** The sheet picker of a workbook of several sheets; null for any other file. */
export function sheetPicker(d: InputDescription, onSheet: (sheet: string) => void): HTMLElement | null {
  const sheet = d.sheet;
  if (!sheet || sheet.sheets.length < 2) return null;
  const select = el("select", {
    "data-testid": "sheet-picker",
    onchange: (e: Event) => onSheet((e.target as HTMLSelectElement).value),
  }, sheet.sheets.map((name) => el("option", { value: name, selected: name === sheet.name }, name)));
  return el("label", { class: "sheet-picker" }, `${t("file.sheet")} `, select);
}

/** What the grid does not show: the rows past the first ones of a file
 * that is not a CSV, or that a Parquet file has no preview. */
function previewNote(d: InputDescription, lang: UiLanguage): HTMLElement | null {
  const shown = pagedRows(d);
  if (shown >= d.row_count) return null;
  const text = shown === 0
    ? t("file.noPreview")
    : t("file.previewPart", { n: formatNumber(shown, lang, 0), total: formatNumber(d.row_count, lang, 0) });
  return el("p", { class: "muted", "data-testid": "preview-note" }, text);
}

/** A file being read: its name, and how far once the shell tells it. */
function readingCard(entry: FileEntry, name: string, lang: UiLanguage, remove: HTMLElement): HTMLElement {
  const p = entry.progress;
  const pct = p && p.total > 0 ? Math.min(100, Math.floor((p.read * 100) / p.total)) : null;
  const text = p && pct !== null
    ? t("file.readingPart", { pct: String(pct), size: formatBytes(p.total, lang) })
    : t("file.reading");
  return el("article", { class: "card file-card file-reading", "data-file": name, "aria-busy": "true" },
    el("header", { class: "card-head" }, el("h3", {}, name), remove),
    el("p", { class: "muted", role: "status", "data-testid": "reading" }, text),
    el("progress", { max: 100, ...(pct !== null ? { value: pct } : {}), "aria-label": text }));
}

export function fileCard(
  entry: FileEntry, lang: UiLanguage, onRemove: () => void, onSheet: (sheet: string) => void = () => {},
): HTMLElement {
  const name = entry.description?.name ?? baseName(entry.path);
  const remove = el("button", { class: "icon-button", type: "button", "aria-label": t("data.remove", { name }), title: t("data.remove", { name }), onclick: onRemove }, "✕");
  const d = entry.description;
  if (!d && !entry.error) return readingCard(entry, name, lang, remove);
  if (!d) {
    return el("article", { class: "card file-card file-error", "data-file": name },
      el("header", { class: "card-head" }, el("h3", {}, name), remove),
      el("p", { class: "error-text", role: "alert" },
        el("strong", {}, `${t("data.cannotUse")}: `), entry.error?.message ?? ""));
  }
  const facts = el("dl", { class: "facts" },
    el("div", {}, el("dt", {}, t("file.size")), el("dd", {}, formatBytes(d.size_bytes, lang))),
    el("div", {}, el("dt", {}, t("file.rows")), el("dd", { "data-testid": "row-count" }, formatNumber(d.row_count, lang, 0))),
    el("div", {}, el("dt", {}, t("file.delimiter")), el("dd", {}, delimiterName(d.delimiter))),
    el("div", {}, el("dt", {}, t("file.encoding")), el("dd", { title: d.encoding }, encodingName(d.encoding) + (d.bom ? " (BOM)" : "") + (d.decimal_comma ? `, ${t("file.decimalComma")}` : ""))),
  );
  const columns = el("ul", { class: "columns", "aria-label": t("file.columns") },
    d.columns.map((c) => el("li", { class: `column kind-${c.kind}` },
      el("span", { class: "column-name" }, c.name),
      el("span", { class: "column-kind" }, t(`kind.${c.kind}` as MessageKey)),
      c.empty_cells > 0 ? el("span", { class: "column-empty" }, t("file.emptyCells", { n: formatNumber(c.empty_cells, lang, 0) })) : null)));
  return el("article", { class: "card file-card", "data-file": name },
    el("header", { class: "card-head" }, el("h3", {}, name), remove),
    sheetPicker(d, onSheet),
    facts,
    el("p", { class: "muted" }, d.has_header ? t("file.header") : t("file.noHeader")),
    el("h4", {}, t("file.columns")), columns,
    previewNote(d, lang),
    previewGrid(d, entry.path));
}
