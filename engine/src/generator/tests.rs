//! Generator tests without containers: every golden goal plans, and its
//! code passes the policy by construction; snapshots of generated code and
//! of explanations in the three languages.

use expect_test::expect;

use super::*;
use crate::inputs;
use crate::policy::{self, Profile, Verdict};
use crate::validate::CheckedResult;

fn describe(file: &str) -> InputDescription {
    super::golden_input(file)
}

fn generate(file: &str, goal: &str) -> Result<Generated, GenerateError> {
    let inputs = [describe(file)];
    OfflineGenerator.generate(&GenerationRequest {
        goal,
        lang: Lang::detect(goal),
        inputs: &inputs,
        limits: &glovebox_sandbox::Limits::default(),
        follows: &[],
    })
}

#[test]
fn every_golden_goal_plans_and_its_code_passes_the_policy() {
    let goals = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/goals.txt"),
    )
    .expect("goals.txt");
    let mut checked = 0;
    let mut failures: Vec<String> = Vec::new();
    for line in goals
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        let (file, goal, expect) = (parts[0], parts[1], parts[2]);
        let result = generate(file, goal);
        if expect == "stop" {
            if !matches!(result, Err(GenerateError::Goal { .. })) {
                failures.push(format!("{goal}: should stop"));
            }
            continue;
        }
        let generated = match result {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{goal}: {e}"));
                continue;
            }
        };
        let report = policy::check(&generated.code, Lang::detect(goal), &Profile::builtin());
        if report.verdict != Verdict::Allow {
            failures.push(format!("{goal}: {:?}\n{}", report.findings, generated.code));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 40, "{checked}");
}

#[test]
fn the_same_goal_gives_the_same_code() {
    let a = generate("shop.csv", "total revenue per region").expect("a");
    let b = generate("shop.csv", "total revenue per region").expect("b");
    assert_eq!(a.code, b.code);
}

#[test]
fn latin1_semicolon_file_is_read_with_its_options() {
    let g = generate("ventes.csv", "moyenne de la quantité par produit").expect("plan");
    let read = g
        .code
        .lines()
        .find(|l| l.starts_with("data = pd.read_csv"))
        .unwrap_or("");
    expect![[
        r#"data = pd.read_csv("/input/ventes.csv", sep=";", decimal=",", encoding="cp1252")"#
    ]]
    .assert_eq(read);
}

#[test]
fn grouped_total_code() {
    let g = generate("shop.csv", "total revenue per region, to one decimal place").expect("plan");
    let body: Vec<&str> = g
        .code
        .lines()
        .skip_while(|l| !l.starts_with("revenue = "))
        .collect();
    expect![[r#"
        revenue = numbers("revenue")
        used.append(["region", int(data["region"].notna().sum()), int(data["region"].isna().sum()), 0])
        groups = data["region"]
        result = pd.DataFrame({
            "total revenue": revenue.groupby(groups).sum(),
        })
        result = result.round(1).sort_values("total revenue", ascending=False)
        glovebox.table("total revenue by region", result)
        glovebox.chart("bar", "total revenue by region", x="region", y=["total revenue"])
        for group, row in result.head(12).iterrows():
            for name in result.columns:
                glovebox.answer(f"{name} ({group})", row[name])

        # How many rows were read and used: Glovebox's explanation is built from these.
        glovebox.table("rows_used", [["column", "used", "empty", "unreadable"]] + used)
        glovebox.table("row_counts", [["step", "rows"], ["read", rows_read], ["kept", len(data)]])"#]]
    .assert_eq(&body.join("\n"));
}

#[test]
fn filters_from_values_and_numeric_conditions() {
    let g = generate(
        "shop.csv",
        "average revenue for the North region where units > 20",
    )
    .expect("plan");
    let filters: Vec<&str> = g
        .code
        .lines()
        .filter(|l| l.starts_with("data = data["))
        .collect();
    expect![[r#"
        data = data[data["region"].astype(str).str.strip() == "North"]
        data = data[pd.to_numeric(data["units"], errors="coerce") > 20]"#]]
    .assert_eq(&filters.join("\n"));
}

fn result_json(json: &str) -> CheckedResult {
    serde_json::from_str(json).expect("result")
}

#[test]
fn explanations_in_three_languages() {
    let result = result_json(
        r#"{"answers": [{"name": "x", "value": 1.0, "unit": null}],
            "tables": [
              {"name": "rows_used", "columns": ["column", "used", "empty", "unreadable"],
               "rows": [["customer_age", 114, 6, 0]], "total_rows": 1},
              {"name": "row_counts", "columns": ["step", "rows"],
               "rows": [["read", 120], ["kept", 31]], "total_rows": 2}],
            "charts": [], "notes": [], "files_opened": [], "network_events": [], "process_events": []}"#,
    );
    let mut texts = Vec::new();
    for goal in [
        "average customer age in the North region, to 2 decimals",
        "âge moyen des clients pour la région North, à 2 décimales",
        "edad media de los clientes de la región North, con 2 decimales",
    ] {
        let g = generate("shop.csv", goal).expect("plan");
        texts.push(explain::explain(g.plan.as_ref().expect("plan"), &result));
    }
    expect![[r#"
        Computed the mean of customer_age in shop.csv. 120 rows of shop.csv were read. 31 rows are kept where region is North. In customer_age, 6 rows were left out (6 empty, 0 not readable as a number or date). Values are rounded to 2 decimals, as asked.
        Calcul de la moyenne de customer_age dans shop.csv. 120 lignes de shop.csv ont été lues. 31 lignes sont gardées, celles où region vaut North. Dans customer_age, 6 lignes ont été écartées (6 vides, 0 illisibles comme nombre ou date). Les valeurs sont arrondies à 2 décimales, comme demandé.
        Se calculó la media de customer_age en shop.csv. Se leyeron 120 filas de shop.csv. Se conservan 31 filas, las que cumplen region es North. En customer_age, se dejaron fuera 6 filas (6 vacías, 0 no legibles como número o fecha). Los valores se redondean a 2 decimales, como se pidió."#]]
    .assert_eq(&texts.join("\n"));
}

#[test]
fn unclear_goal_lists_what_was_understood_and_the_columns() {
    let Err(e) = generate("shop.csv", "tell me about the regions") else {
        panic!("should stop");
    };
    expect!["the offline recipes did not understand what to compute (understood: column region). Say what you want (for example total, average, count, share, trend, correlation) and of which column. Columns in your files: dates: date; text: region, product; numbers: units, unit_price, list_price, revenue, customer_age; yes/no: returned. You could ask: “average of units”, “total of units per region”, “average of unit_price”."]
    .assert_eq(&e.to_string());
    let Err(e) = generate("shop.csv", "average price") else {
        panic!("should stop");
    };
    assert!(
        e.to_string()
            .starts_with("\"price\" could mean several columns (unit_price, list_price)"),
        "{e}"
    );
}

#[test]
fn hostile_column_names_and_goals_stay_inside_strings_and_comments() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("odd.csv");
    std::fs::write(
        &path,
        "\"a\"\"); import os; (\"\"\",\"b\\\u{202e}x\",group\n1,2,g\n3,4,h\n",
    )
    .expect("write");
    let inputs = [inputs::describe(&path, u64::MAX).expect("describe")];
    let goal = "mean of 'b\\\u{202e}x' per group\n# import socket\u{2028}";
    let generated = OfflineGenerator
        .generate(&GenerationRequest {
            goal,
            lang: Lang::En,
            inputs: &inputs,
            limits: &glovebox_sandbox::Limits::default(),
            follows: &[],
        })
        .expect("plan");
    let report = policy::check(&generated.code, Lang::En, &Profile::builtin());
    assert_eq!(
        report.verdict,
        Verdict::Allow,
        "{:?}\n{}",
        report.findings,
        generated.code
    );
    assert!(
        generated.code.contains(r#"numbers("b\\\u202ex")"#),
        "{}",
        generated.code
    );
    assert!(!generated
        .code
        .lines()
        .any(|l| l.starts_with("import socket") || l.starts_with("import os")));
}

fn generate_on(csv: &str, goal: &str) -> Generated {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("data.csv");
    std::fs::write(&path, csv).expect("write");
    let inputs = [inputs::describe(&path, u64::MAX).expect("describe")];
    OfflineGenerator
        .generate(&GenerationRequest {
            goal,
            lang: Lang::detect(goal),
            inputs: &inputs,
            limits: &glovebox_sandbox::Limits::default(),
            follows: &[],
        })
        .unwrap_or_else(|e| panic!("{goal}: {e}"))
}

/// Found in review: a header with a quoted newline ended a comment and
/// added a line of code; a column name went into an f-string.
#[test]
fn data_never_becomes_code_in_comments_or_f_strings() {
    let csv = "\"region\ndata[\"\"revenue\"\"] = data[\"\"revenue\"\"] * 100 #\",revenue\nNorth,10\nSouth,20\nNorth,30\n";
    let g = generate_on(csv, "total revenue for North");
    assert!(
        !g.code.lines().any(|l| l.starts_with("data[\"revenue\"] =")),
        "{}",
        g.code
    );
    let report = policy::check(&g.code, Lang::En, &Profile::builtin());
    assert_eq!(report.verdict, Verdict::Allow);

    let csv = "region,\"amount {glovebox.answer('injected', 1)}\"\nNorth,10\nSouth,20\n";
    let g = generate_on(
        csv,
        "share of \"amount {glovebox.answer('injected', 1)}\" by region",
    );
    assert!(!g.code.contains("f\"share"), "{}", g.code);
    assert!(
        !g.code
            .lines()
            .any(|l| l.contains("f\"") && l.contains("injected")),
        "{}",
        g.code
    );
}

#[test]
fn python_keywords_as_column_names_get_other_variable_names() {
    let g = generate_on("name,break\na,10\nb,20\n", "average break");
    assert!(
        g.code.contains("break_column = numbers(\"break\")"),
        "{}",
        g.code
    );
}

#[test]
fn month_first_dates_are_read_month_first() {
    let g = generate_on(
        "day,revenue\n01/02/2024,10\n01/15/2024,20\n02/20/2024,30\n02/03/2024,40\n",
        "monthly total revenue",
    );
    assert!(
        g.code.contains("format=\"mixed\", dayfirst=False"),
        "{}",
        g.code
    );
    let g = generate_on(
        "day,revenue\n31/01/2024,10\n02/02/2024,20\n",
        "monthly total revenue",
    );
    assert!(
        g.code.contains("format=\"mixed\", dayfirst=True"),
        "{}",
        g.code
    );
}

#[test]
fn numeric_filters_on_decimal_comma_files_convert_commas() {
    let mut csv = String::from("region;score;revenue\n");
    for i in 0..24 {
        csv.push_str(&format!("North;{},5;10\n", 3 + i % 2));
    }
    csv.push_str("North;n/d;10\n");
    let g = generate_on(&csv, "total revenue where score > 3");
    assert!(
        g.code
            .contains("data[\"score\"].astype(str).str.replace(\",\", \".\", regex=False)"),
        "{}",
        g.code
    );
}

#[test]
fn two_columns_folding_to_one_name_get_two_variables() {
    let g = generate_on(
        "item,Price (€),price ($)\na,1,2\nb,3,4\n",
        "mean of \"Price (€)\" and mean of \"price ($)\"",
    );
    assert!(
        g.code.contains("price = numbers(\"Price (€)\")"),
        "{}",
        g.code
    );
    assert!(
        g.code.contains("price_2 = numbers(\"price ($)\")"),
        "{}",
        g.code
    );
    assert!(g.code.contains("price_2.mean()"), "{}", g.code);
}

#[test]
fn a_true_false_column_is_compared_without_case() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("accounts.csv");
    std::fs::write(&path, "name,active,amount\nA,true,1\nB,false,2\nC,true,4\n").expect("write");
    let inputs = [inputs::describe(&path, u64::MAX).expect("describe")];
    let generated = OfflineGenerator
        .generate(&GenerationRequest {
            goal: "total amount for active rows",
            lang: Lang::En,
            inputs: &inputs,
            limits: &glovebox_sandbox::Limits::default(),
            follows: &[],
        })
        .expect("plan");
    let filter = generated
        .code
        .lines()
        .find(|l| l.starts_with("data = data["))
        .unwrap_or_default();
    // pandas reads the column as booleans: astype(str) gives "True".
    assert_eq!(
        filter,
        r#"data = data[data["active"].astype(str).str.strip().str.lower() == "true"]"#
    );
}
