// The CodeMirror 6 Python editor. Policy findings are shown as inline
// diagnostics (set from outside after each check); Tab is left to move focus
// (Escape then Tab leaves the editor, as CodeMirror documents). Its colours
// are the app's CSS variables (styles.css), so the editor follows the light
// or dark theme without being rebuilt.

import { python } from "@codemirror/lang-python";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { basicSetup } from "codemirror";
import type { Finding } from "../ipc";

export interface CodeEditor {
  dom: HTMLElement;
  setCode(code: string): void;
  setFindings(findings: Finding[]): void;
  destroy(): void;
}

/** Findings (1-based lines) to CodeMirror diagnostics over whole lines. */
export function toDiagnostics(state: EditorState, findings: Finding[]): Diagnostic[] {
  return findings.map((f) => {
    const line = state.doc.line(Math.min(Math.max(1, f.line), state.doc.lines));
    return {
      from: line.from,
      to: Math.max(line.from, line.to),
      severity: f.severity === "deny" ? "error" : f.severity === "review" ? "warning" : "info",
      message: f.message,
      source: f.rule,
    };
  });
}

/** Syntax colours from the theme's variables (light and dark values in styles.css). */
export const THEMED_HIGHLIGHT = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.definitionKeyword, tags.moduleKeyword], color: "var(--cm-keyword)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--cm-string)" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "var(--cm-number)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--cm-comment)", fontStyle: "italic" },
  { tag: [tags.function(tags.definition(tags.variableName)), tags.definition(tags.className)], color: "var(--cm-def)" },
  { tag: [tags.standard(tags.variableName), tags.self], color: "var(--cm-builtin)" },
  { tag: tags.invalid, color: "var(--bad)" },
]);

/** The editor's surfaces (text, gutter, cursor, selection, active line) from the theme's variables. */
export const THEMED_EDITOR = EditorView.theme({
  "&": { color: "var(--text)", backgroundColor: "var(--panel)" },
  ".cm-content": { caretColor: "var(--text)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": { backgroundColor: "var(--cm-selection)" },
  ".cm-gutters": { backgroundColor: "var(--code-bg)", color: "var(--muted)", borderRight: "1px solid var(--line)" },
  ".cm-activeLine": { backgroundColor: "var(--cm-active)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--cm-active)", color: "var(--text)" },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": { backgroundColor: "var(--cm-selection)", outline: "none" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--line)" },
});

export function codeEditor(code: string, label: string, onChange: (code: string) => void): CodeEditor {
  const view = new EditorView({
    state: EditorState.create({
      doc: code,
      extensions: [
        basicSetup,
        python(),
        // basicSetup's default colours are only a fallback: these replace them.
        syntaxHighlighting(THEMED_HIGHLIGHT),
        THEMED_EDITOR,
        lintGutter(),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    dom: view.dom,
    setCode(next) {
      if (next === view.state.doc.toString()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
    },
    setFindings(findings) {
      view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state, findings)));
    },
    destroy() {
      view.destroy();
    },
  };
}
