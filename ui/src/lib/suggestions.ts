// Rephrasings the engine offers when it could not read a question: taken
// from the shell's payload, and cut from the end of its message (which lists
// them after "You could ask:") so that the app shows them once, as buttons.

/** The sentence that introduces the list, in each language the engine writes
 * (engine/src/generator/explain.rs); spaces may be non-breaking in French. */
const ASK_LIST = /(?:You could ask|Vous pourriez demander|Podría preguntar)\s*:/gu;

/** The suggestions a payload carries: strings, not blank, each once. */
export function cleanSuggestions(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const s of raw) {
    if (typeof s !== "string") continue;
    const text = s.trim();
    if (text !== "" && !out.includes(text)) out.push(text);
  }
  return out;
}

/** The message without its trailing "You could ask: …" sentence when the
 * suggestions are shown apart; the message as it is otherwise. The list is
 * the last such sentence that all the suggestions follow, so a column or a
 * suggestion that happens to contain the words cuts nothing it should not. */
export function withoutAskList(message: string, suggestions: readonly string[]): string {
  if (suggestions.length === 0) return message;
  let cut = -1;
  for (const m of message.matchAll(ASK_LIST)) {
    const tail = message.slice(m.index + m[0].length);
    if (suggestions.every((s) => tail.includes(s))) cut = m.index;
  }
  return cut < 0 ? message : message.slice(0, cut).trimEnd();
}
