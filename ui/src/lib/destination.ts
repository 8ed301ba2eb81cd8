// Where a model request goes, from the provider and base URL on screen:
// nowhere (offline), this computer (a loopback address), or another host;
// and example model names for the model field.

import type { Provider } from "../ipc/types";

/** The provider's own address when the base URL is left empty. */
export const DEFAULT_BASE_URLS: Record<Exclude<Provider, "offline">, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com",
};

export type Destination = { kind: "none" } | { kind: "local" } | { kind: "remote"; host: string } | { kind: "invalid" };

/** Whether a URL host is this computer: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  const parts = h.split(".");
  return parts.length === 4 && parts[0] === "127" && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** Where requests of `provider` at `baseUrl` (empty: its usual address) go. */
export function destination(provider: Provider, baseUrl: string): Destination {
  if (provider === "offline") return { kind: "none" };
  const raw = baseUrl.trim() || DEFAULT_BASE_URLS[provider];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: "invalid" };
  }
  if (!["http:", "https:"].includes(url.protocol) || url.hostname === "") return { kind: "invalid" };
  return isLoopbackHost(url.hostname) ? { kind: "local" } : { kind: "remote", host: url.host };
}

/** Example model names for the model field: a local server's for a loopback address. */
export function modelExamples(provider: Provider, baseUrl: string): string[] {
  if (provider === "anthropic") return ["claude-sonnet-4-5", "claude-haiku-4-5"];
  if (provider === "openai") {
    return destination(provider, baseUrl).kind === "local"
      ? ["qwen2.5-coder:7b", "llama3.1:8b"]
      : ["gpt-4o-mini", "gpt-4.1-mini"];
  }
  return [];
}
