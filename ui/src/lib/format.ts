// Formatting of sizes, durations, numbers and dates for people, per UI language
// (Intl does the separators: 1,234.5 in English, 1 234,5 in French).

import type { UiLanguage } from "../ipc/types";

const LOCALES: Record<UiLanguage, string> = { en: "en-GB", fr: "fr-FR", es: "es-ES" };
const UNITS: Record<UiLanguage, string[]> = {
  en: ["bytes", "KB", "MB", "GB", "TB"],
  fr: ["octets", "Ko", "Mo", "Go", "To"],
  es: ["bytes", "KB", "MB", "GB", "TB"],
};

export function locale(lang: UiLanguage): string {
  return LOCALES[lang];
}

/** A number with the language's separators; at most `digits` decimals. */
export function formatNumber(value: number, lang: UiLanguage, digits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: digits }).format(value);
}

/** 6050 -> "5.9 KB" (1024-based, as file managers on Linux show). */
export function formatBytes(bytes: number, lang: UiLanguage): string {
  const units = UNITS[lang];
  if (bytes < 1024) return `${formatNumber(bytes, lang, 0)} ${units[0]}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, lang, value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 948 -> "0.9 s", 61000 -> "1 min 1 s", 45 -> "45 ms". */
export function formatDuration(ms: number, lang: UiLanguage): string {
  if (ms < 1000) return `${formatNumber(Math.round(ms), lang, 0)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${formatNumber(seconds, lang, seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** An RFC 3339 time as a short local date and time. */
export function formatDateTime(iso: string, lang: UiLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** An RFC 3339 time as the local time of day ("16:45"). */
export function formatTime(iso: string, lang: UiLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { timeStyle: "short" }).format(date);
}

/** A cell of a result table: numbers with separators, null as empty. */
export function formatCell(value: number | string | boolean | null, lang: UiLanguage): string {
  if (value === null) return "";
  if (typeof value === "boolean") return String(value);
  return typeof value === "number" ? formatNumber(value, lang) : value;
}
