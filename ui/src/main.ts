// Entry point: picks the UI language (settings, else the system locale),
// mounts the app, listens to the shell's events, then asks the shell for the
// settings and the sandbox check.

import "./styles.css";
import { mountApp } from "./app";
import { call } from "./ipc";
import { languageFromLocale } from "./i18n";
import { createActions } from "./state/actions";
import { createAppStore } from "./state/app-state";

async function start(): Promise<void> {
  const store = createAppStore(languageFromLocale(navigator.language));
  const actions = createActions(store);
  const root = document.getElementById("app");
  if (!root) return;
  mountApp(root, { store, actions });
  await actions.listenToShell();
  await Promise.all([actions.loadSettings(), actions.runDoctor()]);
  root.dataset.ready = "true";
  // Files the app was opened with (desktop entry, command line).
  const opened = await call("initial_files", {}).catch(() => [] as string[]);
  if (opened.length > 0) await actions.addFiles(opened);
  void call("app_ready", {}).catch(() => 0);
}

void start();
