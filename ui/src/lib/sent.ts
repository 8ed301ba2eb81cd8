// What a model request holds, read back from the exact body the engine would
// send (`preview_prompt`), so that it can be shown as readable sections: the
// question, what the model sees of each file, whether rows of data go, the
// instructions Glovebox gives, and the raw body behind them. The engine puts
// everything that comes from the person or their files between BEGIN/END
// marker lines (engine/src/generator/prompt.rs `data_block`); those blocks
// are found here. Reading only: nothing here changes what is sent.

/** A request's parts, as shown. */
export interface SentParts {
  /** The model named in the body ("" when the service's usual one). */
  model: string;
  /** The system prompt: the instructions Glovebox gives the model. */
  instructions: string;
  /** The question, as sent. */
  question: string | null;
  /** The questions a follow-up builds on, oldest first. */
  earlier: string[];
  /** What the model sees of each file, by file name. */
  files: Array<{ name: string; description: string }>;
  /** No row of data is in the request (only names, types, counts, a few values). */
  rowsPrivate: boolean;
}

/** One marked block: `<what>, between the lines BEGIN DATA-x and END DATA-x. …` then its lines. */
const BLOCK = /^(.*), between the lines BEGIN (DATA-[0-9a-f]+) and END \2\.[^\n]*\nBEGIN \2\n([\s\S]*?)\nEND \2$/gm;
const FILE_WHAT = /^The description of the input file (".*")$/;

type Message = { role?: unknown; content?: unknown };

/** The text of a message's content (a string, or an array of text parts). */
function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : "")).join("");
  return "";
}

/** A quoted file name as the engine writes it (Rust's `{:?}`, JSON-like). */
function unquote(quoted: string): string {
  try {
    const v: unknown = JSON.parse(quoted);
    return typeof v === "string" ? v : quoted;
  } catch {
    return quoted.slice(1, -1);
  }
}

/** The parts of an OpenAI-compatible or Anthropic request body; null when
 * the body is not such a request (then it is shown as it is). */
export function sentParts(body: string): SentParts | null {
  let json: { model?: unknown; system?: unknown; messages?: unknown };
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  if (!json || typeof json !== "object" || !Array.isArray(json.messages)) return null;
  const messages = json.messages as Message[];
  const instructions = json.system !== undefined ? text(json.system) : text(messages.find((m) => m.role === "system")?.content);
  const task = text(messages.find((m) => m.role === "user")?.content);
  const parts: SentParts = {
    model: typeof json.model === "string" ? json.model : "",
    instructions, question: null, earlier: [], files: [],
    rowsPrivate: task.includes("No data rows are shown"),
  };
  for (const m of task.matchAll(BLOCK)) {
    const [, what, , content] = m;
    const file = FILE_WHAT.exec(what);
    if (what === "The question") parts.question = content;
    else if (what.startsWith("The earlier questions")) parts.earlier = content.split("\n").filter((l) => l.trim() !== "");
    else if (file) parts.files.push({ name: unquote(file[1]), description: content });
  }
  return parts;
}
