// "Add your data": a drop zone (files dropped on the window arrive as Tauri
// drag-drop events with their paths), a file picker button, and a card per
// file. Once a file is usable, "Next: ask a question" is the primary button,
// right under the drop zone (above the cards, so it is never below the fold).
// While no file has been added, "Try with an example" adds the example file
// the app carries (the Ask screen then offers questions about it).

import { fileCard } from "../components/file-card";
import { t } from "../i18n";
import { pickFiles } from "../ipc";
import { el, reconcile } from "../lib/dom";
import type { FileEntry } from "../state/app-state";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

export function dataScreen({ store, actions }: ScreenContext): Screen {
  const choose = el("button", { type: "button", class: "primary", onclick: async () => {
    const paths = await pickFiles(t("data.filter")).catch(() => []);
    if (paths.length > 0) await actions.addFiles(paths);
  } }, t("data.choose"));
  const zone = el("div", { class: "drop-zone", "data-testid": "drop-zone" },
    el("p", { class: "drop-title" }, t("data.drop")),
    el("p", { class: "muted" }, t("data.or")),
    choose);
  const status = el("p", { class: "muted", role: "status", "aria-live": "polite" });
  const cards = el("div", { class: "file-cards" });
  const trySample = el("button", { type: "button", "data-testid": "try-sample", onclick: () => void actions.trySample() }, t("data.sampleTry"));
  const sampleOffer = el("div", { class: "sample-offer", "data-testid": "sample-offer" },
    el("p", { class: "muted" }, t("data.sampleHint")), trySample);
  const nextButton = el("button", { type: "button", class: "primary", onclick: () => actions.navigate("ask") }, t("data.next"));
  const root = el("section", { class: "screen screen-data", "aria-labelledby": "data-title" },
    Object.assign(screenHeading(t("data.title")), { id: "data-title" }),
    el("p", { class: "muted" }, t("data.intro")),
    zone, status, sampleOffer, el("div", { class: "actions" }, nextButton), cards);

  // A card is made again only when its file's entry changed (a file being
  // read tells its progress: the other cards, and their scroll, stay).
  let built = new Map<FileEntry, HTMLElement>();
  function draw(): void {
    const s = store.get();
    status.textContent = s.reading ? t("data.reading") : s.files.length === 0 ? t("data.none") : "";
    const next = new Map<FileEntry, HTMLElement>();
    for (const f of s.files) {
      next.set(f, built.get(f) ?? fileCard(f, s.lang, () => actions.removeFile(f.path),
        (sheet) => void actions.chooseSheet(f.path, sheet)));
    }
    built = next;
    reconcile(cards, [...next.values()]);
    const ready = s.files.some((f) => f.description);
    sampleOffer.hidden = s.files.length > 0;
    trySample.disabled = s.reading;
    nextButton.disabled = !ready;
    // One primary button: adding files until one is usable, then the next step.
    choose.classList.toggle("primary", !ready);
    nextButton.classList.toggle("primary", ready);
    nextButton.hidden = !ready;
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.files !== prev.files || s.reading !== prev.reading) draw();
    },
  };
}

/** Marks the window as a drop target while files are dragged over it. */
export function highlightDrops(target: HTMLElement, on: (active: boolean) => void): void {
  target.addEventListener("dragover", (e) => { e.preventDefault(); on(true); });
  target.addEventListener("dragleave", () => on(false));
  target.addEventListener("drop", (e) => { e.preventDefault(); on(false); });
}
