// The CodeMirror 6 Python editor. Policy findings are shown as inline
// diagnostics (set from outside after each check); Tab is left to move focus
// (Escape then Tab leaves the editor, as CodeMirror documents).

import { python } from "@codemirror/lang-python";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
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

export function codeEditor(code: string, label: string, onChange: (code: string) => void): CodeEditor {
  const view = new EditorView({
    state: EditorState.create({
      doc: code,
      extensions: [
        basicSetup,
        python(),
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
