//! Data-driven policy tests: `check(source, expect)` renders the verdict and
//! each finding (`rule@line: message`) and compares with a snapshot.

use expect_test::{expect, Expect};

use super::*;

fn render(report: &PolicyReport) -> String {
    let mut out = format!("{:?}\n", report.verdict).to_lowercase();
    for f in &report.findings {
        out.push_str(&format!("{}@{}: {}\n", f.rule, f.line, f.message));
    }
    out
}

fn check(source: &str, expect: Expect) {
    expect.assert_eq(&render(&super::check(
        source,
        Lang::En,
        &Profile::builtin(),
    )));
}

fn check_lang(source: &str, lang: Lang, expect: Expect) {
    expect.assert_eq(&render(&super::check(source, lang, &Profile::builtin())));
}

#[test]
fn shipped_profile_is_complete() {
    Profile::parse(DEFAULT_PROFILE).unwrap();
}

#[test]
fn plain_pandas_is_allowed() {
    check(
        "import pandas as pd\nimport glovebox\ndf = pd.read_csv('/input/sales.csv')\nglovebox.answer('total', df['amount'].sum())\n",
        expect![[r#"
            allow
        "#]],
    );
}

#[test]
fn dangerous_imports_are_denied() {
    check(
        "import os\nfrom subprocess import run\nimport importlib.util\nfrom . import x\n",
        expect![[r#"
            deny
            import_denied@1: the code imports os, which can reach the system, the network or other programs
            import_denied@2: the code imports subprocess, which can reach the system, the network or other programs
            import_denied@3: the code imports importlib.util, which can reach the system, the network or other programs
            import_denied@4: the code imports ., which can reach the system, the network or other programs
        "#]],
    );
}

#[test]
fn unknown_module_needs_review() {
    check(
        "import sklearn\n",
        expect![[r#"
            review
            import_unknown@1: the code imports sklearn, which is not one of the usual analysis libraries
        "#]],
    );
}

#[test]
fn dunder_chains_are_denied() {
    check(
        "x = ().__class__.__bases__[0].__subclasses__()\n",
        expect![[r#"
            deny
            private_attribute@1: the code reaches the hidden attribute __bases__
            private_attribute@1: the code reaches the hidden attribute __class__
            private_attribute@1: the code reaches the hidden attribute __subclasses__
        "#]],
    );
}

#[test]
fn getattr_with_computed_or_private_name_is_denied() {
    check(
        "a = getattr(df, 'sum')\nb = getattr(df, '__class__')\nc = getattr(__builtins__, 'ev' + 'al')\n",
        expect![[r#"
            deny
            dynamic_attribute@2: the code uses getattr with a name that is computed or hidden, so what it touches cannot be checked
            private_name@2: the code uses the hidden name __class__
            denied_name@3: the code uses __builtins__, which can run code that was not checked
            dynamic_attribute@3: the code uses getattr with a name that is computed or hidden, so what it touches cannot be checked
        "#]],
    );
}

#[test]
fn eval_exec_and_import_builtin_are_denied() {
    check(
        "eval('1+1')\nexec('x=1')\n__import__('os')\nf = compile\n",
        expect![[r#"
            deny
            denied_name@1: the code uses eval, which can run code that was not checked
            denied_name@2: the code uses exec, which can run code that was not checked
            denied_name@3: the code uses __import__, which can run code that was not checked
            denied_name@4: the code uses compile, which can run code that was not checked
        "#]],
    );
}

#[test]
fn paths_outside_the_mounts_are_denied() {
    check(
        "open('/etc/passwd')\npd.read_csv('/home/ana/x.csv')\nopen('/input/a.csv', 'w')\nopen('/output/r.csv', 'w')\nopen(name)\n",
        expect![[r#"
            deny
            path_outside_inputs@1: the code names the path /etc/passwd, which is not one of your inputs or the output folder
            path_outside_inputs@2: the code names the path /home/ana/x.csv, which is not one of your inputs or the output folder
            write_outside_output@3: the code writes to /input/a.csv, outside the output folder
            unresolved_path@5: the code opens a file whose name is computed (open), so it cannot be checked in advance
        "#]],
    );
}

#[test]
fn urls_pickle_and_query_tricks_are_denied() {
    check(
        "pd.read_csv('https://example.com/x.csv')\nnp.load('/input/a.npy', allow_pickle=True)\ndf.query('a > @secret')\ndf.eval('a+b', engine='python')\npd.read_pickle('/input/x')\n",
        expect![[r#"
            deny
            url@1: the code contains the web address https://example.com/x.csv; analyses run without network
            pickle@2: the code uses allow_pickle=True, which can run hidden code when loading data
            query_eval@3: the code evaluates a text expression (a > @secret) that can reach variables or run Python
            query_eval@4: the code evaluates a text expression (engine="python") that can reach variables or run Python
            denied_attribute@5: the code reaches .read_pickle, which leads outside data analysis
        "#]],
    );
}

#[test]
fn format_strings_reaching_hidden_attributes_are_denied() {
    check(
        "'{0.__class__.__init__.__globals__}'.format(x)\nf'{x.__class__}'\n'{0[_secret]}'.format(d)\n'{:.2f}'.format(1.5)\n",
        expect![[r#"
            deny
            format_attribute@1: a text template reaches a hidden attribute ({0.__class__.__init__.__globals__})
            private_attribute@2: the code reaches the hidden attribute __class__
            format_attribute@3: a text template reaches a hidden attribute ({0[_secret]})
        "#]],
    );
}

#[test]
fn decorators_are_checked_too() {
    check(
        "@__import__('os').system\ndef f():\n    pass\n",
        expect![[r#"
            deny
            denied_attribute@1: the code reaches .system, which leads outside data analysis
            denied_name@1: the code uses __import__, which can run code that was not checked
        "#]],
    );
}

#[test]
fn pandas_internals_and_numpy_ctypes_are_denied() {
    check(
        "pd.io.common.os.system('id')\nnp.ctypeslib.load_library('x', '.')\n",
        expect![[r#"
            deny
            denied_attribute@1: the code reaches .common, which leads outside data analysis
            denied_attribute@1: the code reaches .os, which leads outside data analysis
            denied_attribute@1: the code reaches .system, which leads outside data analysis
            denied_attribute@2: the code reaches .ctypeslib, which leads outside data analysis
            denied_attribute@2: the code reaches .load_library, which leads outside data analysis
        "#]],
    );
}

#[test]
fn full_width_and_non_ascii_identifiers_are_denied() {
    check(
        "ｅｖａｌ('1')\nprénom = 1\n",
        expect![[r#"
            deny
            denied_name@1: the code uses eval, which can run code that was not checked
            non_ascii_identifier@1: the name ｅｖａｌ uses non-ASCII letters, which can disguise another name
            non_ascii_identifier@2: the name prénom uses non-ASCII letters, which can disguise another name
        "#]],
    );
}

#[test]
fn bidi_and_control_characters_are_denied() {
    check(
        "x = 1 # \u{202E}comment\ny = '\u{200B}'\n",
        expect![[r#"
            deny
            hidden_character@1: the code contains an invisible or direction-changing character (U+202E) that can hide what it does
            hidden_character@2: the code contains an invisible or direction-changing character (U+200B) that can hide what it does
        "#]],
    );
}

#[test]
fn non_utf8_coding_header_is_denied() {
    check(
        "# -*- coding: utf-7 -*-\nx = 1\n",
        expect![[r#"
            deny
            coding_header@1: the code declares a text encoding other than UTF-8 (utf-7)
        "#]],
    );
    check(
        "# -*- coding: utf-8 -*-\nx = 1\n",
        expect![[r#"
        allow
    "#]],
    );
}

#[test]
fn deep_nesting_is_denied_before_parsing() {
    let source = format!("x = {}1{}\n", "(".repeat(5000), ")".repeat(5000));
    check(
        &source,
        expect![[r#"
        deny
        nesting_too_deep@1: the code is nested too deeply (5000 levels)
    "#]],
    );
}

#[test]
fn syntax_errors_name_their_line() {
    check(
        "x = 1\ndef broken(:\n",
        expect![[r#"
        deny
        syntax_error@2: the code is not valid Python: Expected a parameter or the end of the parameter list
    "#]],
    );
}

#[test]
fn writes_must_go_to_the_output_folder() {
    check(
        "df.to_csv('/output/r.csv')\ndf.to_csv('/input/sales.csv')\ndf.to_csv(name)\nrecords = df.to_dict('records')\n",
        expect![[r#"
            deny
            write_outside_output@2: the code writes to /input/sales.csv, outside the output folder
            unresolved_path@3: the code opens a file whose name is computed (to_csv), so it cannot be checked in advance
        "#]],
    );
}

#[test]
fn classes_may_use_self_private_and_super_init() {
    check(
        "class Acc:\n    def __init__(self):\n        super().__init__()\n        self._total = 0\n    def add(self, v):\n        self._total += v\n",
        expect![[r#"
            allow
        "#]],
    );
}

#[test]
fn messages_follow_the_goal_language() {
    check_lang(
        "import os\n",
        Lang::Fr,
        expect![[r#"
        deny
        import_denied@1: le code importe os, qui peut atteindre le système, le réseau ou d'autres programmes
    "#]],
    );
    check_lang(
        "import os\n",
        Lang::Es,
        expect![[r#"
        deny
        import_denied@1: el código importa os, que puede llegar al sistema, a la red o a otros programas
    "#]],
    );
}

#[test]
fn reviewer_found_bypasses_are_closed() {
    check(
        "g = getattr\nimp = g(g(print, '__self__'), '__import__')\nfrom random import _os\nfrom pandas import read_pickle\nnp.load(p, **{'allow_pickle': True})\npd.read_csv(b'http://evil/x.csv'.decode())\n",
        expect![[r#"
            deny
            dynamic_attribute@1: the code uses getattr with a name that is computed or hidden, so what it touches cannot be checked
            private_name@2: the code uses the hidden name __import__
            private_name@2: the code uses the hidden name __self__
            private_name@3: the code uses the hidden name _os
            denied_attribute@4: the code reaches .read_pickle, which leads outside data analysis
            pickle@5: the code uses allow_pickle, which can run hidden code when loading data
            unpacked_keywords@5: the code passes keywords with **, so which options it sets cannot be checked
            url@6: the code contains the web address http://evil/x.csv; analyses run without network
        "#]],
    );
}

#[test]
fn deep_expression_chains_do_not_crash_the_check() {
    let attributes = format!("x = a{}\n", ".b".repeat(60_000));
    let additions = format!("x = 1{}\n", "+1".repeat(60_000));
    for source in [attributes, additions] {
        // Harmless but 60 000 levels deep: the whole check must run to a verdict.
        let report = super::check(&source, Lang::En, &Profile::builtin());
        assert_eq!(report.verdict, Verdict::Allow, "{:?}", report.findings);
    }
}
