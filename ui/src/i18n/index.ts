// Translation: the current UI language, `t(key, values)`, the language picked
// from the system locale, and plain-language text for IPC errors by `code`.

import type { UiLanguage } from "../ipc/types";
import { en, type Dictionary, type MessageKey } from "./en";
import { es } from "./es";
import { fr } from "./fr";

export type { MessageKey } from "./en";
export const DICTIONARIES: Record<UiLanguage, Dictionary> = { en, fr, es };
export const LANGUAGES: UiLanguage[] = ["en", "fr", "es"];

let current: UiLanguage = "en";

/** `fr-CA` -> fr, `es-419` -> es, anything else -> en. */
export function languageFromLocale(locale: string | undefined | null): UiLanguage {
  const base = (locale ?? "").toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as string[]).includes(base) ? (base as UiLanguage) : "en";
}

export function setLanguage(lang: UiLanguage): void {
  current = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

export function language(): UiLanguage {
  return current;
}

/** Fills `{name}` slots; unknown slots stay as they are. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return fill(DICTIONARIES[current][key] ?? en[key], values);
}

const ERROR_KEYS: Record<string, MessageKey> = {
  input: "error.input",
  no_sandbox: "error.no_sandbox",
  keyring: "error.keyring",
  setup: "error.setup",
  model: "error.model",
  goal: "error.goal",
  not_found: "error.not_found",
  busy: "error.busy",
  stale_code: "error.stale_code",
  no_key: "error.no_key",
};

/** A sentence for an IPC error, chosen by its code. */
export function errorText(code: string, message: string): string {
  return t(ERROR_KEYS[code] ?? "error.internal", { message });
}
