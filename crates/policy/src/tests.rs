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
        "import PIL.Image\n",
        expect![[r#"
            review
            import_unknown@1: the code imports PIL.Image, which is not one of the usual analysis libraries
        "#]],
    );
}

#[test]
fn a_module_the_image_lacks_is_a_stop_naming_what_is_there() {
    check(
        "import plotly.express as px\nimport tkinter\nimport requests\nimport sklearn\n",
        expect![[r#"
            deny
            module_missing@1: the sandbox has no module plotly, so the code cannot run; these analysis packages are available: pandas, numpy, scipy, matplotlib, seaborn, statsmodels, sklearn, openpyxl, pyarrow, tabulate, odf, xlrd, dateutil, pytz
            module_missing@2: the sandbox has no module tkinter, so the code cannot run; these analysis packages are available: pandas, numpy, scipy, matplotlib, seaborn, statsmodels, sklearn, openpyxl, pyarrow, tabulate, odf, xlrd, dateutil, pytz
            import_denied@3: the code imports requests, which can reach the system, the network or other programs
        "#]],
    );
    check_lang(
        "from polars import col\n",
        Lang::Fr,
        expect![[r#"
        deny
        module_missing@1: le bac à sable n'a pas de module polars, le code ne peut donc pas s'exécuter ; ces bibliothèques d'analyse sont disponibles : pandas, numpy, scipy, matplotlib, seaborn, statsmodels, sklearn, openpyxl, pyarrow, tabulate, odf, xlrd, dateutil, pytz
    "#]],
    );
    check_lang(
        "import xgboost\n",
        Lang::Es,
        expect![[r#"
        deny
        module_missing@1: el entorno aislado no tiene el módulo xgboost, así que el código no puede ejecutarse; estas bibliotecas de análisis están disponibles: pandas, numpy, scipy, matplotlib, seaborn, statsmodels, sklearn, openpyxl, pyarrow, tabulate, odf, xlrd, dateutil, pytz
    "#]],
    );
}

#[test]
fn every_allowed_module_is_in_the_image_and_none_is_denied() {
    let p = Profile::builtin();
    for module in &p.allowed_modules {
        assert!(
            p.in_image(module),
            "{module} is allowed but not in the image"
        );
        assert!(!p.denied_modules.contains(module), "{module}");
    }
    assert_eq!(
        p.analysis_packages(),
        [
            "pandas",
            "numpy",
            "scipy",
            "matplotlib",
            "seaborn",
            "statsmodels",
            "sklearn",
            "openpyxl",
            "pyarrow",
            "tabulate",
            "odf",
            "xlrd",
            "dateutil",
            "pytz"
        ]
    );
    let standard = p.allowed_standard_modules();
    assert!(standard.contains(&"math") && !standard.contains(&"glovebox"));
    assert_eq!(
        standard.len() + p.analysis_packages().len() + 1,
        p.allowed_modules.len(),
        "every allowed module is the runner's, standard or an installed package"
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
            pickle@5: the code uses pd.read_pickle, which can run hidden code when loading data
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
            private_name@1: the code uses the hidden name __class__
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
            import_denied@4: the code imports pandas.read_pickle, which can reach the system, the network or other programs
            pickle@4: the code uses pandas.read_pickle, which can run hidden code when loading data
            pickle@5: the code uses allow_pickle, which can run hidden code when loading data
            pickle@5: the code uses np.load, which can run hidden code when loading data
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

/// The verdict alone, for the many one-line cases below.
fn verdict(source: &str) -> Verdict {
    super::check(source, Lang::En, &Profile::builtin()).verdict
}

fn assert_all(verdict_wanted: Verdict, sources: &[&str]) {
    for source in sources {
        let report = super::check(source, Lang::En, &Profile::builtin());
        assert_eq!(
            report.verdict, verdict_wanted,
            "{source:?}: {:#?}",
            report.findings
        );
    }
}

#[test]
fn attribute_walkers_in_text_are_denied_whatever_the_import_form() {
    check(
        "import operator\nimport glovebox\nf = operator.attrgetter('__class__.__mro__')\nfrom operator import attrgetter as ag\nag('lib.format.read_array')(np)\nop = operator\nop.attrgetter(name + 'b')(x)\n",
        expect![[r#"
            deny
            private_attribute@3: the code reaches the hidden attribute __class__
            private_name@3: the code uses the hidden name __class__
            denied_attribute@5: the code reaches .format, which leads outside data analysis
            dynamic_attribute@7: the code uses operator.attrgetter with a name that is computed or hidden, so what it touches cannot be checked
        "#]],
    );
    assert_all(
        Verdict::Deny,
        &[
            // Dotted text reaching a module or a denied name.
            "import operator\noperator.attrgetter('io.common.os')(pd)\n",
            "import operator\noperator.attrgetter('ctypeslib')(np)\n",
            "import operator as o\nw = o.attrgetter\nw(name)\n",
            "from operator import methodcaller\nmethodcaller('query', 'units.values')(df)\n",
            "from operator import methodcaller as mc\nmc('load', p, None, True)(np)\n",
            "import operator\nf = operator.methodcaller\nlist(map(f, names))\n",
            "import operator\nwalkers = [operator.attrgetter]\n",
            "import operator\noperator.attrgetter(*names)(x)\n",
            "import operator\nclass K:\n    g = operator.attrgetter\n",
            "import operator\ng = getattr(operator, 'attrgetter')\nh = g\nmap(h, [x])\n",
            "from functools import reduce\nreduce(getattr, ['lib', 'format'], np)\n",
            "import functools, operator\nfunctools.reduce(operator.attrgetter, names, np)\n",
            "import functools\nfunctools.partial(getattr, np)\n",
        ],
    );
}

#[test]
fn plain_attribute_walks_and_reductions_are_allowed() {
    assert_all(
        Verdict::Allow,
        &[
            "import operator\nrows = sorted(items, key=operator.itemgetter(1))\n",
            "import operator\nnames = list(map(operator.attrgetter('name'), people))\n",
            "from operator import attrgetter\nby = sorted(rows, key=attrgetter('region', 'units'))\n",
            "import operator\ntotals = list(map(operator.methodcaller('strip'), words))\n",
            "import functools, operator\ntotal = functools.reduce(operator.add, values, 0)\n",
            "from functools import reduce\nproduct = reduce(lambda a, b: a * b, [1, 2, 3])\n",
        ],
    );
}

#[test]
fn expression_texts_must_be_plain_column_expressions() {
    check(
        "import pandas as pd\nimport numpy as np\nx = pd.eval('np.ctypeslib')\ndf.query('units.values.ctypes')\ndf.eval('total = units * np')\nq = df.query\nq(expr)\n",
        expect![[r#"
            deny
            query_eval@3: the code evaluates a text expression (np.ctypeslib) that can reach variables or run Python
            query_eval@4: the code evaluates a text expression (units.values.ctypes) that can reach variables or run Python
            query_eval@5: the code evaluates a text expression (total = units * np) that can reach variables or run Python
            query_eval@7: the code evaluates a text expression (df.query with a text computed at run time) that can reach variables or run Python
        "#]],
    );
    assert_all(
        Verdict::Deny,
        &[
            "import pandas as pd\npd.eval('pd')\n",
            "import pandas\npandas.eval('os')\n",
            "from pandas import eval as pe\npe('a.b')\n",
            "import pandas as pd\ng = getattr(pd, 'eval')\ng('x')\ng(s)\n",
            "import pandas as pd\ng = getattr(pd, 'ev' + 'al')\ng('units.values.ctypes')\n",
            "import pandas as pd\nname = 'eval'\ng = getattr(pd, name)\n",
            "import pandas as pd\npd.DataFrame.query(df, 'units.to_csv(\"/tmp/x\")')\n",
            "df.query('units > 1', local_dict={'x': 1})\n",
            "df.query('units > 1', resolvers=[{'units': np}])\n",
            "df.eval('lambda: 1')\n",
            "df.query('units > 1 or print(1)')\n",
            "df.query(f'units > {limit} or units.__class__')\n",
            "df.query('units > 1'.replace('1', '0'))\n",
            "df.query(q)\n",
            "import pandas as pd\nm = pd\ndf.query('units > m')\n",
            "df.query('ｅｖａｌ > 1')\n",
            "ev = df.eval\nlist(map(ev, exprs))\n",
        ],
    );
    check(
        "df.query(f'units > {limit}')\n",
        expect![[r#"
            review
            query_eval@1: the code evaluates a text expression (units > 0) that can reach variables or run Python
        "#]],
    );
}

#[test]
fn ordinary_query_and_eval_are_allowed() {
    assert_all(
        Verdict::Allow,
        &[
            "df.query('amount > 10')\n",
            "df.eval('a + b')\n",
            "df.query(\"units > 10 and region == 'North'\")\n",
            "df.query('region in [\"North\", \"South\"] and not (units < 2)')\n",
            "df.query('`unit price` >= 1.5e2')\n",
            "df.eval('revenue = units * unit_price\\nshare = revenue / units')\n",
            "df.query('region.str.startswith(\"N\")', engine='numexpr')\n",
            "df.query('units.between(1, 5) & amount.notna()')\n",
            "df.eval('log_units = log(units)')\n",
            "cond = 'amount > 10'\nbig = df.query(cond)\n",
            "import pandas as pd\ntotal = pd.eval('a + b')\n",
        ],
    );
}

#[test]
fn evaluators_hidden_in_libraries_are_denied() {
    check(
        "import typing\nh = typing.get_type_hints(f)\nimport string\nstring.Formatter().get_field('0.__class__', [x], {})\nfrom string import Formatter as F\n",
        expect![[r#"
            deny
            text_evaluator@2: the code uses typing.get_type_hints, which turns text into Python that cannot be checked in advance
            format_attribute@4: a text template reaches a hidden attribute (0.__class__)
            private_name@4: the code uses the hidden name __class__
            text_evaluator@4: the code uses string.Formatter, which turns text into Python that cannot be checked in advance
            text_evaluator@5: the code uses string.Formatter, which turns text into Python that cannot be checked in advance
        "#]],
    );
    assert_all(
        Verdict::Deny,
        &[
            "from typing import get_type_hints as hints\n",
            "import typing as t\nr = t.ForwardRef('x')\n",
            "fmt = formatter_instance\nfmt.get_field(name, [], {})\n",
            "fmt = formatter_instance\nfmt.get_field('0.f_globals', [], {})\n",
            "from functools import singledispatch\n@singledispatch\ndef f(x):\n    pass\n@f.register\ndef g(x: \"print(1) or int\"):\n    pass\n",
            "def f(x) -> 'print(1)':\n    pass\n",
            "import numexpr\nnumexpr.evaluate('a + b')\n",
            "import sympy\nsympy.sympify('x')\n",
            "import statsmodels.formula.api as smf\nsmf.ols('units ~ np.ctypeslib', data=df)\n",
            "import statsmodels.formula.api as smf\nsmf.ols(formula, data=df)\n",
            "import patsy\npatsy.dmatrix(f'units ~ {x} + a.b', df)\n",
            "import pandas as pd\npd.set_option('plotting.backend', 'evil')\n",
            "import pandas as pd\npd.set_option('plot.*back', 'evil')\n",
            "import pandas as pd\npd.options.plotting.backend = 'evil'\n",
            "df.plot(backend='evil')\n",
        ],
    );
}

#[test]
fn ordinary_typing_formatting_formulas_and_options_are_allowed() {
    assert_all(
        Verdict::Allow,
        &[
            "from typing import Optional\ndef f(x: 'Optional[int]', y: \"pd.DataFrame\") -> 'list[str]':\n    return []\n",
            "import string\nletters = string.ascii_lowercase\n",
            "text = '{:,.2f} EUR'.format(total)\n",
            "import pandas as pd\npd.set_option('display.max_columns', 50)\npd.options.display.float_format = '{:.2f}'.format\n",
            "import pandas as pd\nwith pd.option_context('display.max_rows', 10):\n    pass\n",
            "df.plot(backend='matplotlib')\n",
        ],
    );
    // A plain formula is no gadget (whether statsmodels is one of the usual
    // libraries is the profile's choice: no finding but that one).
    let report = super::check(
        "import statsmodels.formula.api as smf\nmodel = smf.ols('units ~ C(region) + amount', data=df)\n",
        Lang::En,
        &Profile::builtin(),
    );
    assert!(
        report.findings.iter().all(|f| f.rule == "import_unknown"),
        "{:#?}",
        report.findings
    );
}

#[test]
fn pickle_loaders_are_denied_by_position_and_alias() {
    check(
        "import numpy as np\nnp.load(p, None, True)\nfrom numpy import load as ld\nld(p, None, 1)\nnp.lib.format.read_array(f)\nimport joblib\nm = joblib.load('/input/m.bin')\n",
        expect![[r#"
            deny
            pickle@2: the code uses numpy.load with allow_pickle given by position, which can run hidden code when loading data
            pickle@4: the code uses numpy.load with allow_pickle given by position, which can run hidden code when loading data
            pickle@5: the code uses numpy.lib.format.read_array, which can run hidden code when loading data
            import_unknown@6: the code imports joblib, which is not one of the usual analysis libraries
            pickle@6: the code uses joblib, which can run hidden code when loading data
            pickle@7: the code uses joblib.load, which can run hidden code when loading data
        "#]],
    );
    assert_all(
        Verdict::Deny,
        &[
            "from pickle import loads as l\n",
            "import pandas as pd\nrp = pd.read_pickle\n",
            "import pandas as pd\npd.compat.pickle_compat.loads(b)\n",
            "import numpy as np\nf = np.lib.format\nf.read_array(fp, True)\n",
            "from numpy.lib.format import read_array\n",
            "from numpy.lib import format as fm\nfm.read_array(fp)\n",
            "import numpy as np\nnp.load(*args)\n",
            "import numpy as np\nlist(map(np.load, files, nones, trues))\n",
            "import numpy as np\nloader = np.load\nloader(p, None, True)\n",
            "import numpy\nnumpy.load(p, mmap_mode=None, allow_pickle=1)\n",
            "from joblib import load\n",
            "import torch\ntorch.load(p)\n",
        ],
    );
    assert_all(
        Verdict::Allow,
        &[
            "import numpy as np\na = np.load('/input/a.npy')\nb = np.load('/input/b.npy', None, False)\n",
            "import json\nwith open('/input/a.json') as f:\n    data = json.load(f)\n",
        ],
    );
}

#[test]
fn denied_modules_reached_through_allowed_ones_are_denied() {
    check(
        "import numpy.ctypeslib\nimport numpy as np\nc = np.ctypeslib\nfrom scipy import stats\nstats.inspect.getsource(f)\nimport pandas.io.common as common_io\n",
        expect![[r#"
            deny
            import_denied@1: the code imports numpy.ctypeslib, which can reach the system, the network or other programs
            denied_attribute@3: the code reaches .ctypeslib, which leads outside data analysis
            denied_attribute@5: the code reaches .inspect, which leads outside data analysis
            import_denied@6: the code imports pandas.io.common, which can reach the system, the network or other programs
        "#]],
    );
    assert_all(
        Verdict::Deny,
        &[
            "import scipy\nscipy.linalg.shutil\n",
            "import pandas as pd\nio = pd.io\nio.common.os\n",
            "from pandas.io import common\n",
            "import numpy as np\nx = getattr(np, 'ctypeslib')\n",
            "import numpy as np\nf = np.f2py\n",
            "import numpy as np\nnp.testing.extbuild.build_and_import_extension('m', [])\n",
            "import pandas as pd\npd.read_clipboard()\n",
            "df.to_clipboard()\n",
            "import scipy.stats as st\nst.glob.glob('/input/*')\n",
            "from scipy.stats import importlib\n",
            "import pandas as pd\nm = pd.core.frame.inspect\n",
            // A library passed as a parameter: its gadgets are still named.
            "def walk(m, p):\n    return m.load(p, None, True)\n",
            "def walk(m):\n    return m.core.computation.expr.Expr('x')\n",
            "def walk(m):\n    return m.lib.format.read_array\n",
            "import operator\ndef run(p):\n    return operator.methodcaller('to_csv', p)\n",
        ],
    );
    assert_all(
        Verdict::Allow,
        &[
            "from scipy import signal\nb = signal.medfilt([1, 2, 3])\n",
            "import scipy.signal\n",
            "import numpy as np\ny = np.select([x > 1], [1], 0)\n",
            "import pandas as pd\nok = pd.api.types.is_numeric_dtype(df['a'])\n",
            "import numpy as np\nnp.testing.assert_allclose(a, b)\n",
        ],
    );
}

#[test]
fn replacing_a_library_attribute_is_denied() {
    check(
        "import json\njson.dumps = lambda *a, **k: '{}'\nimport glovebox as g\nsetattr(g, 'answer', print)\nimport pandas as pd\npd.options.display.max_rows = 20\n",
        expect![[r#"
            deny
            replaces_library@2: the code replaces json.dumps inside a library, which can change what other code does
            replaces_library@4: the code replaces glovebox.answer inside a library, which can change what other code does
        "#]],
    );
    assert_all(
        Verdict::Allow,
        &[
            "class Acc:\n    def __init__(self):\n        self.total = 0\n",
            "row = Row()\nrow.total = 3\n",
        ],
    );
}

#[test]
fn hidden_names_spelled_inside_text_are_denied() {
    check(
        "path = '0.__class__.__mro__'\nok = 'revenue__by__region'\n",
        expect![[r#"
            deny
            private_name@1: the code uses the hidden name __class__
        "#]],
    );
    assert_eq!(
        verdict("if __name__ == '__main__':\n    pass\n"),
        Verdict::Allow
    );
}

#[test]
fn resolution_is_bounded_and_survives_cycles() {
    // Aliases that refer to each other, and a chain longer than the bound.
    let cycle = "a = b\nb = a\na.attrgetter\n";
    assert_eq!(verdict(cycle), Verdict::Deny);
    let long = format!(
        "import numpy as np\nx = np{}.ctypeslib\n",
        ".lib".repeat(100)
    );
    assert_eq!(verdict(&long), Verdict::Deny);
    let many: String = (0..2000)
        .map(|i| format!("v{} = v{}\n", i + 1, i))
        .collect();
    assert_eq!(
        verdict(&format!(
            "import operator\nv0 = operator.attrgetter\n{many}v2000('x')\nv2000(y)\n"
        )),
        Verdict::Deny
    );
}

#[test]
fn methods_called_by_name_and_templates_built_at_run_time_are_denied() {
    check(
        "df.apply('to_clipboard')\ns.agg('_private')\nt = '{0.' + name + '}'\nt.format(x)\n('{0.' + name + '}').format(x)\n",
        expect![[r#"
            deny
            denied_attribute@1: the code reaches .to_clipboard, which leads outside data analysis
            private_attribute@2: the code reaches the hidden attribute _private
            dynamic_attribute@4: the code uses str.format with a name that is computed or hidden, so what it touches cannot be checked
            dynamic_attribute@5: the code uses str.format with a name that is computed or hidden, so what it touches cannot be checked
        "#]],
    );
    assert_eq!(
        verdict("def show(fmt, x):\n    return fmt.format(x)\n"),
        Verdict::Review
    );
    assert_all(
        Verdict::Allow,
        &[
            "df.agg('mean')\ndf.groupby('region').agg('sum')\ndf.transform('cumsum')\n",
            "label = '{:.2f} EUR'\ntext = label.format(total)\ns = str.format('{}', 1)\n",
            "import pandas as pd\ndf = pd.read_csv('/input/a.csv', sep=';', engine='python')\n",
        ],
    );
}

#[test]
fn gadgets_are_found_anywhere_in_their_library() {
    assert_all(
        Verdict::Deny,
        &[
            "from numpy import lib\nlib.npyio.load(p, None, True)\n",
            "import numpy.lib.npyio as io_\nio_.NpzFile(f, False, True)\n",
            "import pandas as pd\npd.core.frame.DataFrame.query(df, 'units.values')\n",
            "import pandas as pd\npd.read_xml('/input/a.xml', stylesheet='/input/s.xsl')\n",
            "import pandas as pd\ndf = pd.read_hdf('/input/a.h5')\n",
            "import threading\n",
            "import pandas as pd\npd.io.pytables.atexit.register(f)\n",
        ],
    );
}

#[test]
fn names_from_star_imports_and_builtins_are_resolved_too() {
    check(
        "from operator import *\nf = attrgetter('_' * 2 + 'class' + '_' * 2)\n",
        expect![[r#"
            deny
            import_star@1: the code imports everything from operator, so the names it uses cannot be checked
            dynamic_attribute@2: the code uses attrgetter with a name that is computed or hidden, so what it touches cannot be checked
            dynamic_attribute@2: the code uses operator.attrgetter with a name that is computed or hidden, so what it touches cannot be checked
        "#]],
    );
    assert_eq!(
        verdict("from typing import *\nh = get_type_hints(C)\n"),
        Verdict::Deny
    );
    // A function of the code named like a gadget is the code's own.
    assert_eq!(
        verdict("def load(a, b, c):\n    return a\nx = load(1, 2, 3)\n"),
        Verdict::Allow
    );
}

#[test]
fn look_alike_names_in_other_libraries_and_columns_are_not_gadgets() {
    assert_all(
        Verdict::Allow,
        &[
            "print(df.formula.mean())\n",
            "def f(x: \"Literal['a', 'b']\") -> None:\n    pass\n",
            "import json\ntext = json.dumps({'a': 1})\ndata = json.loads(text)\n",
        ],
    );
    assert_eq!(
        verdict("from logging import Formatter\n"),
        Verdict::Review,
        "logging is not an analysis library, but its Formatter is not string.Formatter"
    );
}

#[test]
fn texts_held_by_names_are_checked_like_literals() {
    assert_all(
        Verdict::Allow,
        &["for cond in ['units > 1', 'units < 5']:\n    print(len(df.query(cond)))\n"],
    );
    assert_all(
        Verdict::Deny,
        &[
            "for cond in ['units > 1', 'units.values.ctypes']:\n    df.query(cond)\n",
            "for cond in ['units > 1']:\n    cond = cond + '.values'\n    df.query(cond)\n",
            "fmt = '{0.%s}' % name\nprint(fmt.format(1))\n",
        ],
    );
}

#[test]
fn f_strings_of_known_values_are_checked_as_their_text() {
    assert_all(
        Verdict::Allow,
        &[
            "region = 'North'\nlimit = 10\nrows = df.query(f\"region == '{region}' and units > {limit}\")\n",
            "rows = df.query(f'units > {10}')\n",
        ],
    );
    assert_all(
        Verdict::Deny,
        &["extra = 'units.values.ctypes'\nrows = df.query(f'units > 1 or {extra}')\n"],
    );
    // A value only known when the code runs: a person decides.
    assert_eq!(
        verdict("limit = df['units'].median()\nrows = df.query(f'units > {limit}')\n"),
        Verdict::Review
    );
}

#[test]
fn libraries_of_the_image_that_import_or_run_by_name_are_denied() {
    assert_all(
        Verdict::Deny,
        &[
            "import matplotlib\nmatplotlib.use('module://evil_backend')\n",
            "import matplotlib\nmatplotlib.use(name)\n",
            "import matplotlib.pyplot as plt\nplt.switch_backend(b)\n",
            "import matplotlib.pyplot as plt\nplt.rcParams['backend'] = name\n",
            "import matplotlib.pyplot as plt\nplt.rcParams['text.usetex'] = True\n",
            "import matplotlib.pyplot as plt\nplt.rc('text', usetex=True)\n",
            "import matplotlib as mpl\nmpl.rcParams.update({'animation.ffmpeg_path': '/bin/sh'})\n",
            "from matplotlib import animation\n",
            "import statsmodels.api as sm\nres = sm.load('/tmp/model.bin')\n",
            "from statsmodels.regression.linear_model import RegressionResults\nr = RegressionResults.load('/tmp/m')\n",
            "from sklearn.externals import joblib\n",
        ],
    );
    // Ordinary settings are no gadget (matplotlib may or may not be one of
    // the usual libraries: only the absence of a refusal is asserted).
    let ordinary = "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nplt.rcParams['figure.figsize'] = (8, 4)\n";
    assert_ne!(verdict(ordinary), Verdict::Deny);
}

#[test]
fn the_analysis_packages_are_allowed_as_analyses_use_them() {
    assert_all(
        Verdict::Allow,
        &[
            "import seaborn as sns\nimport pandas as pd\ndf = pd.read_csv('/input/s.csv')\nax = sns.barplot(data=df, x='region', y='sales')\n",
            "import matplotlib.pyplot as plt\nplt.plot([1, 2], [3, 4])\nplt.savefig('/output/chart.png', dpi=100)\n",
            "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nfig.savefig('/output/a.svg')\n",
            "df.to_excel('/output/t.xlsx', index=False)\n",
            "import statsmodels.api as sm\nres = sm.OLS(y, sm.add_constant(X)).fit()\nprint(res.summary())\n",
            "import statsmodels.formula.api as smf\nfit = smf.ols('units ~ C(region) + amount', data=df).fit()\n",
            "from sklearn.linear_model import LinearRegression\nfrom sklearn.model_selection import train_test_split\nm = LinearRegression().fit(X, y)\n",
            "from sklearn.datasets import make_regression\nX, y = make_regression(n_samples=10)\n",
            "import pandas as pd\na = pd.read_excel('/input/a.xlsx', sheet_name=0)\nb = pd.read_parquet('/input/x.parquet')\n",
            "print(df.to_markdown(index=False))\ntext = df.to_string()\n",
            "import pyarrow as pa\nimport pyarrow.parquet as pq\npq.write_table(pa.Table.from_pandas(df), '/output/x.parquet')\n",
            "from tabulate import tabulate\nprint(tabulate([[1, 2]], headers=['a', 'b']))\n",
            "import openpyxl\nwb = openpyxl.load_workbook('/input/a.xlsx')\nwb.save('/output/b.xlsx')\n",
            "import xlrd\nimport odf.opendocument\nfrom dateutil import parser\nimport pytz\n",
            "import warnings\nwarnings.filterwarnings('ignore')\n",
            "import numpy as np\nnp.savetxt('/output/a.txt', [1, 2])\n",
            "import matplotlib.pyplot as plt\nplt.style.use('ggplot')\nplt.style.use(['seaborn-v0_8', 'dark_background'])\nwith plt.rc_context({'figure.figsize': (8, 4)}):\n    pass\n",
            "import matplotlib.pyplot as plt\nfor name in ['a', 'b']:\n    plt.savefig(f'/output/{name}.png')\n",
            "import pandas as pd\nwriter = pd.ExcelWriter('/output/r.xlsx')\n",
        ],
    );
}

#[test]
fn the_dangerous_corners_of_the_analysis_packages_are_refused() {
    check(
        "from sklearn.datasets import fetch_openml\nX = fetch_openml('mnist_784')\nimport seaborn as sns\ntips = sns.load_dataset('tips')\nimport matplotlib as mpl\nmpl.rc_file('/input/matplotlibrc')\nimport matplotlib.pyplot as plt\nplt.style.use('/input/x.mplstyle')\nplt.savefig('/home/x.png')\ndf.to_excel('/tmp/../x.xlsx')\nfig.savefig('/output/c.pgf')\n",
        expect![[r#"
            deny
            network@1: the code uses sklearn.datasets.fetch_openml, which downloads data from the internet; analyses run without network
            network@2: the code uses sklearn.datasets.fetch_openml, which downloads data from the internet; analyses run without network
            network@4: the code uses seaborn.load_dataset, which downloads data from the internet; analyses run without network
            settings_file@6: the code uses matplotlib.rc_file, which reads plotting settings from a file or a module named by text; such settings can import modules or start programs
            settings_file@8: the code uses /input/x.mplstyle, which reads plotting settings from a file or a module named by text; such settings can import modules or start programs
            path_outside_inputs@9: the code names the path /home/x.png, which is not one of your inputs or the output folder
            write_outside_output@9: the code writes to /home/x.png, outside the output folder
            path_outside_inputs@10: the code names the path /tmp/../x.xlsx, which is not one of your inputs or the output folder
            write_outside_output@10: the code writes to /tmp/../x.xlsx, outside the output folder
            runs_programs@11: the code uses savefig (PGF, LaTeX), which starts other programs
        "#]],
    );
    check_lang(
        "import seaborn as sns\nsns.load_dataset('tips')\nimport matplotlib\nmatplotlib.rc_file('/input/rc')\n",
        Lang::Fr,
        expect![[r#"
            deny
            network@2: le code utilise seaborn.load_dataset, qui télécharge des données depuis internet ; les analyses tournent sans réseau
            settings_file@4: le code utilise matplotlib.rc_file, qui lit des réglages de graphique depuis un fichier ou un module nommé par du texte ; ces réglages peuvent importer des modules ou lancer des programmes
        "#]],
    );
    check_lang(
        "import seaborn as sns\nsns.load_dataset('tips')\nimport matplotlib\nmatplotlib.rc_file('/input/rc')\n",
        Lang::Es,
        expect![[r#"
            deny
            network@2: el código usa seaborn.load_dataset, que descarga datos de internet; los análisis se ejecutan sin red
            settings_file@4: el código usa matplotlib.rc_file, que lee ajustes de gráficos de un archivo o de un módulo nombrado por texto; esos ajustes pueden importar módulos o iniciar programas
        "#]],
    );
    assert_all(
        Verdict::Deny,
        &[
            "import sklearn.datasets\nd = sklearn.datasets.fetch_california_housing()\n",
            "from sklearn import datasets\nf = datasets.fetch_20newsgroups\n",
            "import statsmodels.api as sm\nd = sm.datasets.get_rdataset('mtcars')\n",
            "import statsmodels.api as sm\nd = sm.datasets.webuse('auto')\n",
            "import statsmodels.api as sm\nsm.webdoc()\n",
            "import joblib\nm = joblib.load('/input/m.pkl')\n",
            "from joblib import load\n",
            "import pandas as pd\nx = pd.read_pickle('/input/x.pkl')\n",
            "import numpy as np\na = np.load('/input/a.npy', allow_pickle=True)\n",
            "import matplotlib as mpl\nr = mpl.rc_params_from_file('/input/rc')\n",
            "import matplotlib.pyplot as plt\nplt.style.use('evilpkg.style')\n",
            "import matplotlib.pyplot as plt\nplt.style.use(['ggplot', '/input/x.mplstyle'])\n",
            "from matplotlib import style\nwith style.context('https://example.com/s.mplstyle'):\n    pass\n",
            "import matplotlib.pyplot as plt\nwith plt.rc_context(fname='/input/rc'):\n    pass\n",
            "import matplotlib as mpl\nmpl.rcParams['backend'] = 'module://evil'\n",
            "import matplotlib as mpl\nmpl.rcParams.update({'backend': 'qtagg'})\n",
            "import matplotlib.pyplot as plt\nplt.rcParams.update({'text.usetex': True})\n",
            "import matplotlib.pyplot as plt\nplt.savefig('/input/x.png')\n",
            "import matplotlib.pyplot as plt\nplt.savefig(fname='/home/x.png')\n",
            "import matplotlib.pyplot as plt\nplt.savefig('/output/c.pdf', format='pgf')\n",
            "df.to_csv('/output/../etc/x.csv')\n",
            "df.to_csv('/outputs/x.csv')\n",
            "df.to_markdown('/home/t.md')\n",
            "open('//etc/passwd')\n",
            "import pyarrow.parquet as pq\npq.write_table(t, '/input/x.parquet')\n",
            "import pyarrow as pa\nb = pa.foreign_buffer(0, 10)\n",
            "import statsmodels.api as sm\nm = sm.OLS.from_formula('y ~ x.values.ctypes', df)\n",
            "from statsmodels.regression.linear_model import OLS\nm = OLS.from_formula(formula, data=df)\n",
            "import statsmodels.api as sm\nm = sm.Logit.from_formula('y ~ __import__(\"os\")', df)\n",
            "import numpy as np\nnp.testing.rundocs('/input/x.py')\n",
            "from matplotlib.testing.compare import compare_images\n",
            "from matplotlib.backends import backend_pgf\n",
        ],
    );
    // A style or a file computed at run time: a person decides.
    assert_all(
        Verdict::Review,
        &[
            "import matplotlib.pyplot as plt\nplt.style.use(chosen)\n",
            "import matplotlib.pyplot as plt\nplt.savefig(target)\n",
            "import matplotlib.pyplot as plt\nplt.savefig(f'/output{suffix}')\n",
        ],
    );
}

#[test]
fn the_output_folder_named_plainly_is_a_base_folder() {
    check(
        "import pandas as pd\nimport matplotlib.pyplot as plt\nOUTPUT_DIR = \"/output\"\nINPUT_DIR = '/input'\nTMP = '/tmp'\ndf = pd.read_csv(f'{INPUT_DIR}/sales.csv')\ndf.to_csv(f\"{OUTPUT_DIR}/x.csv\")\nplt.savefig(OUTPUT_DIR + '/x.png')\nchart = OUTPUT_DIR + '/' + 'by_region.png'\nplt.savefig(chart)\ndf.to_parquet(f'{TMP}/scratch.parquet')\n",
        expect![[r#"
            allow
        "#]],
    );
    // Still refused: a folder only named like one, a way out of it, a base
    // folder whose value is not known in advance.
    check(
        "OUT = '/outputs'\ndf.to_csv(f'{OUT}/x.csv')\nBASE = '/output'\ndf.to_csv(BASE + '/../etc/x.csv')\ndf.to_csv(f'{BASE}x.csv')\nopen(f'{BASE}/../../etc/passwd')\n",
        expect![[r#"
            deny
            path_outside_inputs@1: the code names the path /outputs, which is not one of your inputs or the output folder
            path_outside_inputs@2: the code names the path /outputs/x.csv, which is not one of your inputs or the output folder
            write_outside_output@2: the code writes to /outputs/x.csv, outside the output folder
            path_outside_inputs@4: the code names the path /output/../etc/x.csv, which is not one of your inputs or the output folder
            write_outside_output@4: the code writes to /output/../etc/x.csv, outside the output folder
            path_outside_inputs@5: the code names the path /outputx.csv, which is not one of your inputs or the output folder
            write_outside_output@5: the code writes to /outputx.csv, outside the output folder
            path_outside_inputs@6: the code names the path /output/../../etc/passwd, which is not one of your inputs or the output folder
        "#]],
    );
    check(
        "base = '/output'\nbase = '/etc'\ndf.to_csv(f'{base}/x.csv')\n",
        expect![[r#"
            deny
            path_outside_inputs@2: the code names the path /etc, which is not one of your inputs or the output folder
            path_outside_inputs@3: the code names the path /x.csv, which is not one of your inputs or the output folder
            unresolved_path@3: the code opens a file whose name is computed (to_csv), so it cannot be checked in advance
        "#]],
    );
    // `os` stays refused; the folder's name is no longer a finding of its own.
    check(
        "import os\nOUTPUT_DIR = '/output'\np = os.path.join(OUTPUT_DIR, 'x.png')\n",
        expect![[r#"
            deny
            import_denied@1: the code imports os, which can reach the system, the network or other programs
        "#]],
    );
}
