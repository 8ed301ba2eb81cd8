// The model service part of Settings that is about where requests go: the
// "Stays on this computer" / "Sends to <host>" badge, and the model servers
// found on this computer with their models as choices.

import { t } from "../i18n";
import type { LocalServer, ServerKind } from "../ipc/types";
import { el } from "../lib/dom";
import type { Destination } from "../lib/destination";

const KIND_LABELS: Record<Exclude<ServerKind, "openai_compatible">, string> = {
  ollama: "Ollama", llama_cpp: "llama.cpp", lm_studio: "LM Studio", vllm: "vLLM",
};

/** A server's name for people. */
export function serverLabel(kind: ServerKind): string {
  return kind === "openai_compatible" ? t("settings.localOther") : KIND_LABELS[kind];
}

/** The badge for where requests go; null when nowhere (offline). */
export function destinationBadge(d: Destination): HTMLElement | null {
  switch (d.kind) {
    case "none": return null;
    case "local": return el("span", { class: "badge dest-local", "data-testid": "destination" }, t("settings.staysLocal"));
    case "remote": return el("span", { class: "badge dest-remote", "data-testid": "destination" }, t("settings.sendsTo", { host: d.host }));
    case "invalid": return el("span", { class: "badge dest-invalid", "data-testid": "destination" }, t("settings.badUrl"));
  }
}

/** Each server found with its models as buttons; `chosen` marks the model in use. */
export function localServersList(
  servers: LocalServer[],
  chosen: { baseUrl: string; model: string },
  onPick: (server: LocalServer, model: string) => void,
): HTMLElement {
  return el("ul", { class: "local-servers" }, servers.map((server) => {
    const name = serverLabel(server.kind);
    return el("li", { class: "local-server", "data-kind": server.kind },
      el("p", {}, el("strong", {}, t("settings.localServer", { server: name, url: server.base_url })), " ",
        el("span", { class: "badge dest-local" }, t("settings.staysLocal"))),
      el("div", { class: "model-choices" },
        server.models.map((model) => el("button", {
          type: "button", class: "model-choice", "data-model": model,
          "aria-label": t("settings.localPick", { model, server: name }),
          "aria-pressed": chosen.baseUrl === server.base_url && chosen.model === model ? "true" : "false",
          onclick: () => onPick(server, model),
        }, model)),
        server.more_models > 0 ? el("span", { class: "muted small" }, t("settings.localMore", { count: server.more_models })) : null));
  }));
}
