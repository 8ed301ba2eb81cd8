// Where a model request goes, as the Settings badge says it, and the example
// model names offered per provider.
import { describe, expect, it } from "vitest";
import { destination, isLoopbackHost, modelExamples } from "../../src/lib/destination";

describe("destination", () => {
  it("says nothing leaves for offline", () => {
    expect(destination("offline", "https://api.openai.com/v1")).toEqual({ kind: "none" });
  });

  it.each([
    "http://127.0.0.1:11434/v1", "http://localhost:1234/v1", "http://[::1]:8080/v1", "http://127.1.2.3:8000/v1", "HTTP://LOCALHOST:8080/v1",
  ])("keeps %s on this computer", (url) => {
    expect(destination("openai", url)).toEqual({ kind: "local" });
  });

  it("names the host a request is sent to, the provider's own when empty", () => {
    expect(destination("openai", "")).toEqual({ kind: "remote", host: "api.openai.com" });
    expect(destination("anthropic", "  ")).toEqual({ kind: "remote", host: "api.anthropic.com" });
    expect(destination("openai", "https://llm.example.org:8443/v1")).toEqual({ kind: "remote", host: "llm.example.org:8443" });
    // Look-alikes of loopback are other machines.
    expect(destination("openai", "https://127.0.0.1.example.com/v1")).toEqual({ kind: "remote", host: "127.0.0.1.example.com" });
    expect(destination("openai", "https://localhost.evil.net/v1")).toEqual({ kind: "remote", host: "localhost.evil.net" });
    expect(destination("openai", "http://10.0.0.5:11434/v1")).toEqual({ kind: "remote", host: "10.0.0.5:11434" });
  });

  it("says when the address is not one", () => {
    expect(destination("openai", "127.0.0.1:11434")).toEqual({ kind: "invalid" });
    expect(destination("openai", "ftp://127.0.0.1/v1")).toEqual({ kind: "invalid" });
    expect(destination("openai", "not a url")).toEqual({ kind: "invalid" });
  });
});

describe("isLoopbackHost", () => {
  it("accepts 127.0.0.0/8, ::1 and localhost only", () => {
    expect(["127.0.0.1", "127.255.255.254", "[::1]", "localhost"].every(isLoopbackHost)).toBe(true);
    expect(["128.0.0.1", "127.0.0.256", "127.0.0", "::2", "0.0.0.0", "localhost.localdomain"].some(isLoopbackHost)).toBe(false);
  });
});

describe("modelExamples", () => {
  it("offers names the chosen service knows", () => {
    expect(modelExamples("openai", "")).toEqual(["gpt-4o-mini", "gpt-4.1-mini"]);
    expect(modelExamples("openai", "http://127.0.0.1:11434/v1")).toEqual(["qwen2.5-coder:7b", "llama3.1:8b"]);
    expect(modelExamples("anthropic", "")[0]).toBe("claude-sonnet-4-5");
    expect(modelExamples("offline", "")).toEqual([]);
  });
});
