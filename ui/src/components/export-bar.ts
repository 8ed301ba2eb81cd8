// The report actions of a finished run: save it as a signed PDF or web
// page (the shell proposes a name made from the question, asks where,
// writes it and says which key signed it), then "Open" it with the
// system's app. Compact, so it sits with the answer's other actions at the top.

import { errorText, t } from "../i18n";
import { toIpcError } from "../ipc";
import { el } from "../lib/dom";
import { splitPath } from "../lib/path";
import type { Actions } from "../state/actions";

export function exportBar(runId: string, actions: Actions): HTMLElement {
  const text = el("span", { "data-testid": "export-result-text" });
  const open = el("button", { type: "button", class: "export-open", "data-testid": "export-open", title: t("export.openTitle"), hidden: true }, t("export.open")) as HTMLButtonElement;
  const message = el("p", { class: "export-message", "data-testid": "export-result", role: "status" }, text, open);
  const buttons: HTMLButtonElement[] = [];
  let saved: string | null = null;
  open.onclick = async () => {
    if (!saved) return;
    try {
      await actions.openReport(saved);
    } catch {
      // The shell's reason is in its log; the person needs the file's place.
      text.textContent = t("export.openFailed", splitPath(saved));
      open.hidden = true;
    }
  };
  async function save(format: "pdf" | "html"): Promise<void> {
    buttons.forEach((b) => (b.disabled = true));
    open.hidden = true;
    saved = null;
    text.textContent = t("export.working");
    try {
      const done = await actions.exportReport(runId, format);
      text.textContent = done ? done.text : "";
      saved = done ? done.path : null;
      open.hidden = saved === null;
    } catch (raw) {
      const e = toIpcError(raw);
      text.textContent = errorText(e.code, e.message);
    } finally {
      buttons.forEach((b) => (b.disabled = false));
    }
  }
  buttons.push(
    el("button", { type: "button", "data-testid": "export-pdf", title: t("export.title"), onclick: () => void save("pdf") }, t("export.pdf")) as HTMLButtonElement,
    el("button", { type: "button", "data-testid": "export-html", title: t("export.title"), onclick: () => void save("html") }, t("export.html")) as HTMLButtonElement,
  );
  return el("section", { class: "export", "aria-label": t("export.title") },
    el("div", { class: "export-buttons" }, ...buttons),
    message);
}
