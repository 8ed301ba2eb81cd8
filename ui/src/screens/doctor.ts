// "Sandbox check": whether this computer can run code in the sandbox, in which
// mode; when it cannot, why and how to fix it (running stays turned off).

import { t } from "../i18n";
import { el, replace } from "../lib/dom";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

export function doctorScreen({ store, actions }: ScreenContext): Screen {
  const body = el("div", { class: "doctor-body", role: "status", "aria-live": "polite" });
  const recheck = el("button", { type: "button", onclick: async () => {
    recheck.disabled = true;
    await actions.runDoctor();
    recheck.disabled = false;
  } }, t("doctor.recheck"));
  const root = el("section", { class: "screen screen-doctor" }, screenHeading(t("doctor.title")), body, el("div", { class: "actions" }, recheck));
  function draw(): void {
    const d = store.get().doctor;
    if (!d) return replace(body, el("p", { class: "muted" }, t("doctor.checking")));
    if (d.ready) {
      return replace(body, el("div", { class: "card doctor-ok", "data-testid": "doctor-ready" },
        el("p", { class: "big ok-text" }, "✓ ", t("doctor.ready")),
        d.mode ? el("p", {}, t("doctor.mode", { mode: d.mode })) : null));
    }
    replace(body, el("div", { class: "card doctor-bad", "data-testid": "doctor-not-ready" },
      el("p", { class: "big error-text" }, t("doctor.notReady")),
      d.reason ? el("div", {}, el("h3", {}, t("doctor.why")), el("p", {}, d.reason)) : null,
      d.fix ? el("div", {}, el("h3", {}, t("doctor.fix")), el("pre", { class: "fix", tabindex: 0 }, d.fix)) : null));
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.doctor !== prev.doctor) draw();
    },
  };
}
