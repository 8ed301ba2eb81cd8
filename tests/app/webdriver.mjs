// A small W3C WebDriver client over fetch (Node 20): just what the real-window
// tests need, so no browser-automation package is installed for them.

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
export const KEY = { enter: "\uE007", control: "\uE009", home: "\uE011", end: "\uE010", release: "\uE000" };

export class WebDriverError extends Error {}

/** Longest wait for one WebDriver command: a command that hangs (WebKit's
 * screenshot has been seen to) fails the test in a minute, not in ten. */
export const COMMAND_TIMEOUT_MS = 120_000;

export async function wd(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebDriverError(`${method} ${path}: HTTP ${res.status}: ${text.slice(0, 300)}`);
  }
  if (!res.ok || (json.value && json.value.error)) {
    throw new WebDriverError(`${method} ${path}: ${json.value?.error ?? res.status}: ${json.value?.message ?? text.slice(0, 300)}`);
  }
  return json.value;
}

export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  static async start(base, capabilities) {
    const value = await wd(base, "POST", "/session", { capabilities: { alwaysMatch: capabilities } });
    return new Session(base, value.sessionId);
  }

  cmd(method, path, body) {
    return wd(this.base, method, `/session/${this.id}${path}`, body);
  }

  async end() {
    await this.cmd("DELETE", "").catch(() => {});
  }

  async find(css) {
    const v = await this.cmd("POST", "/element", { using: "css selector", value: css });
    return new Element(this, v[ELEMENT]);
  }

  async findAll(css) {
    const v = await this.cmd("POST", "/elements", { using: "css selector", value: css });
    return v.map((e) => new Element(this, e[ELEMENT]));
  }

  async xpath(expr) {
    const v = await this.cmd("POST", "/element", { using: "xpath", value: expr });
    return new Element(this, v[ELEMENT]);
  }

  exec(script, ...args) {
    return this.cmd("POST", "/execute/sync", { script, args });
  }

  /**
   * Presses keys on whatever has the focus, through the Actions API (as a
   * person would): each string is typed character by character; an array
   * like [KEY.control, KEY.end] is a chord.
   */
  async keys(...parts) {
    const actions = [];
    for (const part of parts) {
      if (Array.isArray(part)) {
        for (const k of part) actions.push({ type: "keyDown", value: k });
        for (const k of [...part].reverse()) actions.push({ type: "keyUp", value: k });
      } else {
        for (const ch of part) {
          const k = ch === "\n" ? KEY.enter : ch;
          actions.push({ type: "keyDown", value: k }, { type: "keyUp", value: k });
        }
      }
    }
    await this.cmd("POST", "/actions", { actions: [{ type: "key", id: "keyboard", actions }] });
    await this.cmd("DELETE", "/actions");
  }

  async screenshot() {
    return Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
  }

  /** Polls `probe` until it returns a truthy value; throws `what` after `ms`. */
  async until(what, probe, ms = 30000) {
    const end = Date.now() + ms;
    let last;
    for (;;) {
      try {
        const v = await probe();
        if (v) return v;
      } catch (e) {
        last = e;
      }
      if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (${last.message})` : ""}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits for `css` to exist and its text to contain `needle`; returns the text. */
  async waitText(css, needle, ms) {
    return this.until(`${css} to contain ${JSON.stringify(needle)}`, async () => {
      const text = await this.exec(
        "const e = document.querySelector(arguments[0]); return e ? e.innerText : null;",
        css,
      );
      return text !== null && text.includes(needle) ? text : null;
    }, ms);
  }

  async count(css) {
    return this.exec("return document.querySelectorAll(arguments[0]).length;", css);
  }
}

export class Element {
  constructor(session, id) {
    this.s = session;
    this.id = id;
  }
  click() {
    return this.s.cmd("POST", `/element/${this.id}/click`, {});
  }
  type(text) {
    return this.s.cmd("POST", `/element/${this.id}/value`, { text });
  }
  clear() {
    return this.s.cmd("POST", `/element/${this.id}/clear`, {});
  }
  text() {
    return this.s.cmd("GET", `/element/${this.id}/text`);
  }
  enabled() {
    return this.s.cmd("GET", `/element/${this.id}/enabled`);
  }
}
