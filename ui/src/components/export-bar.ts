// The report actions of a finished run: save it as a signed PDF or web
// page (the shell asks where, writes it and says which key signed it).
// Compact, so it sits with the answer's other actions at the top.

import { errorText, t } from "../i18n";
import { toIpcError } from "../ipc";
import { el } from "../lib/dom";
import type { Actions } from "../state/actions";

export function exportBar(runId: string, actions: Actions): HTMLElement {
  const message = el("p", { class: "muted small export-message", "data-testid": "export-result", role: "status" });
  const buttons: HTMLButtonElement[] = [];
  async function save(format: "pdf" | "html"): Promise<void> {
    buttons.forEach((b) => (b.disabled = true));
    message.textContent = t("export.working");
    try {
      message.textContent = await actions.exportReport(runId, format);
    } catch (raw) {
      const e = toIpcError(raw);
      message.textContent = errorText(e.code, e.message);
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
