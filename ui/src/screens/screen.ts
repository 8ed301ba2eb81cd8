// What every screen provides to the app shell.

import type { Actions } from "../state/actions";
import type { AppState, AppStore } from "../state/app-state";

export interface Screen {
  /** The screen's root, kept while the language does not change. */
  el: HTMLElement;
  /** Called on every state change; redraws only what changed. */
  update(state: AppState, previous: AppState): void;
  destroy?(): void;
}

export interface ScreenContext {
  store: AppStore;
  actions: Actions;
}

/** The heading every screen starts with; focused when the screen opens. */
export function screenHeading(text: string): HTMLHeadingElement {
  const h = document.createElement("h2");
  h.className = "screen-title";
  h.tabIndex = -1;
  h.textContent = text;
  return h;
}
