// "What would be sent" to a model service, in readable sections: where it
// goes and which model, the question (and the questions a follow-up builds
// on), what the model sees of each file, whether rows of data go, then the
// instructions Glovebox gives and the exact request behind toggles. A body
// that does not read as a chat request is shown as it is. All text.

import { t } from "../i18n";
import type { Provider } from "../ipc/types";
import { destination } from "../lib/destination";
import { el } from "../lib/dom";
import { sentParts } from "../lib/sent";
import { destinationBadge } from "./local-models";

export function sentView(body: string, provider: Provider, baseUrl: string): HTMLElement {
  const parts = sentParts(body);
  const raw = (open: boolean) => el("details", { class: "sent-raw", "data-testid": "sent-raw", open },
    el("summary", {}, t("sent.raw")), el("pre", { class: "sent", tabindex: 0 }, body));
  if (!parts) return el("section", { class: "sent-view", "data-testid": "sent", "aria-label": t("ask.sentTitle") }, raw(true));
  const section = (title: string, ...content: (Node | null)[]) =>
    el("div", { class: "sent-section" }, el("h4", {}, title), ...content);
  return el("section", { class: "sent-view card", "data-testid": "sent", "aria-label": t("ask.sentTitle") },
    el("p", { class: "sent-where" }, destinationBadge(destination(provider, baseUrl)), " ",
      el("span", { "data-testid": "sent-model" }, parts.model ? t("sent.model", { model: parts.model }) : t("sent.modelDefault"))),
    parts.earlier.length > 0
      ? section(t("sent.earlier"), el("ul", { "data-testid": "sent-earlier" }, parts.earlier.map((q) => el("li", {}, q))))
      : null,
    parts.question !== null ? section(t("sent.question"), el("p", { class: "sent-question", "data-testid": "sent-question" }, parts.question)) : null,
    parts.files.map((f) => section(t("sent.file", { name: f.name }),
      el("pre", { class: "sent-file", "data-testid": "sent-file", tabindex: 0 }, f.description))),
    el("p", { class: parts.rowsPrivate ? "ok-text" : "muted", "data-testid": "sent-rows" },
      parts.rowsPrivate ? t("sent.rowsPrivate") : t("sent.rowsShared")),
    el("details", { class: "sent-instructions" },
      el("summary", {}, t("sent.instructions")), el("pre", { class: "sent", tabindex: 0 }, parts.instructions)),
    raw(false));
}
