//! Generator tests without containers: every golden goal plans, and its
//! code passes the policy by construction; snapshots of generated code and
//! of explanations in the three languages.

use expect_test::expect;

use super::*;
use crate::inputs;
use crate::policy::{self, Profile, Verdict};
use crate::validate::CheckedResult;

fn describe(file: &str) -> InputDescription {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/golden/data")
        .join(file);
    inputs::describe(&path, u64::MAX).expect("describe")
}

fn generate(file: &str, goal: &str) -> Result<Generated, GenerateError> {
    let inputs = [describe(file)];
    OfflineGenerator.generate(&GenerationRequest {
        goal,
        lang: Lang::detect(goal),
        inputs: &inputs,
        limits: &glovebox_sandbox::Limits::default(),
    })
}

#[test]
fn every_golden_goal_plans_and_its_code_passes_the_policy() {
    let goals = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/goals.txt"),
    )
    .expect("goals.txt");
    let mut checked = 0;
    for line in goals
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        let (file, goal, expect) = (parts[0], parts[1], parts[2]);
        let result = generate(file, goal);
        if expect == "stop" {
            assert!(
                matches!(result, Err(GenerateError::Goal { .. })),
                "{goal}: should stop"
            );
            continue;
        }
        let generated = result.unwrap_or_else(|e| panic!("{goal}: {e}"));
        let report = policy::check(&generated.code, Lang::detect(goal), &Profile::builtin());
        assert_eq!(
            report.verdict,
            Verdict::Allow,
            "{goal}: {:?}\n{}",
            report.findings,
            generated.code
        );
        checked += 1;
    }
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
    let Err(e) = generate("shop.csv", "revenue per region") else {
        panic!("should stop");
    };
    expect![[r#"the offline recipes did not understand what to compute (understood: grouped by region, column revenue). Say what you want (for example total, average, count, share, trend, correlation) and of which column. Columns in your files: date (dates), region (text), product (text), units (numbers), unit_price (numbers), list_price (numbers), revenue (numbers), customer_age (numbers), returned (yes/no)"#]]
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
