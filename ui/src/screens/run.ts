// "Running": the stages (plan, generate, check, run, validate, explain), time
// used against the time limit, the live tail of the code's output, and Cancel.

import { t } from "../i18n";
import { STAGES } from "../ipc";
import { el, replace } from "../lib/dom";
import { formatDuration } from "../lib/format";
import { isActive } from "../state/run-machine";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

export function runScreen({ store, actions }: ScreenContext): Screen {
  const stages = el("ol", { class: "stages", "aria-label": t("run.stages") });
  const meter = el("progress", { max: 1, value: 0, "aria-label": t("run.timeLabel") }) as HTMLProgressElement;
  const elapsed = el("p", { class: "elapsed", "data-testid": "elapsed" });
  const status = el("p", { role: "status", "aria-live": "polite", class: "run-status" });
  const output = el("pre", { class: "output", tabindex: 0, "aria-label": t("run.output"), "data-testid": "output" });
  const cancel = el("button", { type: "button", class: "danger", "data-testid": "cancel", onclick: () => void actions.cancelRun() }, t("run.cancel"));
  const fixDoctor = el("button", { type: "button", onclick: () => actions.navigate("doctor") }, t("nav.doctor"));
  const fixSettings = el("button", { type: "button", onclick: () => actions.navigate("settings") }, t("nav.settings"));
  const root = el("section", { class: "screen screen-run" },
    screenHeading(t("run.title")), stages,
    el("div", { class: "time" }, el("span", {}, t("run.timeLabel")), meter, elapsed),
    status, el("div", { class: "actions" }, fixDoctor, fixSettings), el("h3", {}, t("run.output")), output,
    el("div", { class: "actions" }, cancel));

  function draw(): void {
    const s = store.get();
    const r = s.run;
    replace(stages, STAGES.map((stage) => {
      const state = r.done.includes(stage) ? "done" : r.stage === stage ? "current" : "waiting";
      return el("li", { class: `stage stage-${state}`, "data-stage": stage, "aria-current": state === "current" ? "step" : null },
        el("span", { class: "stage-name" }, t(`stage.${stage}`)),
        el("span", { class: "stage-state" }, t(`stage.${state}`)));
    }));
    const limit = r.timeLimitMs || s.settings?.time_limit_ms || 60_000;
    meter.max = limit;
    meter.value = Math.min(r.elapsedMs, limit);
    elapsed.textContent = t("run.elapsed", { elapsed: formatDuration(r.elapsedMs, s.lang), limit: formatDuration(limit, s.lang) });
    status.textContent =
      r.phase === "starting" ? t("run.starting")
        : r.phase === "cancelling" ? t("run.cancelling")
          : r.phase === "failed" ? `${t("run.failed")} ${r.error ?? ""}` : "";
    output.textContent = r.output.length > 0 ? r.output.join("\n") : t("run.noOutput");
    output.scrollTop = output.scrollHeight;
    cancel.disabled = !isActive(r) || r.phase === "cancelling";
    // The UI branches on the error's code: a way to the fix when there is one.
    fixDoctor.hidden = !(r.phase === "failed" && r.errorCode === "no_sandbox");
    fixSettings.hidden = !(r.phase === "failed" && ["setup", "keyring", "model"].includes(r.errorCode ?? ""));
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.run !== prev.run) draw();
    },
  };
}
