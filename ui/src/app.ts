// The app shell: header, the banner when the machine cannot sandbox, the
// navigation (steps of one analysis, then history, settings, sandbox check),
// and the current screen. Screens are rebuilt when the UI language changes.

import { language, setLanguage, t, type MessageKey } from "./i18n";
import { el, replace } from "./lib/dom";
import { askScreen } from "./screens/ask";
import { dataScreen, highlightDrops } from "./screens/data";
import { doctorScreen } from "./screens/doctor";
import { historyScreen } from "./screens/history";
import { resultScreen } from "./screens/result";
import { reviewScreen } from "./screens/review";
import { runScreen } from "./screens/run";
import type { Screen, ScreenContext } from "./screens/screen";
import { settingsScreen } from "./screens/settings";
import { reachable, type AppState, type View } from "./state/app-state";

const STEPS: View[] = ["data", "ask", "review", "run", "result"];
const TOOLS: View[] = ["history", "settings", "doctor"];
const FACTORIES: Record<View, (ctx: ScreenContext) => Screen> = {
  data: dataScreen, ask: askScreen, review: reviewScreen, run: runScreen, result: resultScreen,
  history: historyScreen, settings: settingsScreen, doctor: doctorScreen,
};

export function mountApp(root: HTMLElement, ctx: ScreenContext): void {
  const { store, actions } = ctx;
  let screens: Partial<Record<View, Screen>> = {};
  const main = el("main", { id: "main", class: "main", tabindex: -1 });
  const banner = el("div", { class: "banner", role: "alert", hidden: true });
  const notice = el("div", { class: "notice", role: "alert", hidden: true });
  const nav = el("nav", { class: "nav" });
  const header = el("header", { class: "app-header" });

  function screen(view: View): Screen {
    let s = screens[view];
    if (!s) {
      s = FACTORIES[view](ctx);
      screens[view] = s;
    }
    return s;
  }

  function drawChrome(): void {
    const s = store.get();
    replace(header,
      el("a", { class: "skip", href: "#main", onclick: (e: Event) => { e.preventDefault(); main.focus(); } }, t("app.skip")),
      el("h1", {}, t("app.title")), el("p", { class: "tagline" }, t("app.tagline")));
    const item = (view: View, index?: number) => {
      const enabled = reachable(s, view);
      return el("li", {}, el("button", {
        type: "button", class: "nav-item", "data-view": view, disabled: !enabled,
        "aria-current": s.view === view ? "page" : null,
        onclick: () => actions.navigate(view),
      }, index !== undefined ? el("span", { class: "step-num", "aria-hidden": "true" }, String(index + 1)) : null,
      t(`nav.${view}` as MessageKey)));
    };
    replace(nav, el("ul", { class: "steps", "aria-label": t("nav.label") }, STEPS.map((v, i) => item(v, i))),
      el("ul", { class: "tools" }, TOOLS.map((v) => item(v))));
    nav.setAttribute("aria-label", t("nav.label"));
    banner.hidden = s.doctor?.ready !== false;
    replace(banner, t("doctor.banner"), " ",
      el("button", { type: "button", class: "link", onclick: () => actions.navigate("doctor") }, t("doctor.bannerLink")));
    notice.hidden = !s.notice;
    replace(notice, el("span", {}, s.notice ?? ""), " ",
      el("button", { type: "button", class: "link", onclick: () => store.set({ notice: null }) }, t("common.close")));
  }

  function show(view: View, focus: boolean): void {
    const sc = screen(view);
    if (main.firstChild !== sc.el) {
      replace(main, sc.el);
      main.scrollTop = 0;
    }
    if (focus) (sc.el.querySelector(".screen-title") as HTMLElement | null)?.focus({ preventScroll: true });
  }

  function rebuild(focus: boolean): void {
    for (const sc of Object.values(screens)) sc?.destroy?.();
    screens = {};
    drawChrome();
    show(store.get().view, focus);
  }

  function applyTheme(s: AppState): void {
    document.documentElement.dataset.theme = s.settings?.theme ?? "system";
  }

  replace(root, header, banner, notice, el("div", { class: "layout" }, nav, main));
  highlightDrops(root, (active) => root.classList.toggle("dragging", active));
  setLanguage(store.get().lang);
  rebuild(false);
  applyTheme(store.get());

  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && store.get().notice) store.set({ notice: null });
  });

  store.subscribe((s, prev) => {
    if (s.settings !== prev.settings) {
      applyTheme(s);
      if (s.settings?.language && s.settings.language !== s.lang) {
        store.set({ lang: s.settings.language });
        return;
      }
    }
    if (s.lang !== prev.lang || s.lang !== language()) {
      setLanguage(s.lang);
      rebuild(true);
      return;
    }
    if (s.view !== prev.view || s.doctor !== prev.doctor || s.notice !== prev.notice ||
      s.generated !== prev.generated || s.run.phase !== prev.run.phase || s.run.report !== prev.run.report) drawChrome();
    for (const sc of Object.values(screens)) sc?.update(s, prev);
    if (s.view !== prev.view) show(s.view, true);
  });
}
