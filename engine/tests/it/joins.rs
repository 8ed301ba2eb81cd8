//! Two files joined on their shared column, through the real sandbox: the
//! explanation says how many rows found their match on each side, and a key
//! repeated in the looked-up file stops the run with a sentence that names
//! it (a row would otherwise count twice).

use crate::common::{repo, Scratch};

fn golden(file: &str) -> String {
    repo()
        .join("tests/golden/data")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_join_states_its_matches_and_a_repeated_key_stops_the_run() {
    let s = Scratch::new();
    let (orders, clients) = (golden("orders.csv"), golden("clients.csv"));
    let out = s.glovebox(&[
        "run",
        &orders,
        &clients,
        "--goal",
        "average order amount for retail clients",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["status"], "answered", "{report}");
    let explanation = report["explanation"].as_str().expect("explanation");
    // orders.csv has 220 rows; Wayne Retail's 14 orders have no client row.
    assert!(
        explanation.contains(
            "206 of the 220 rows of orders.csv found their client in clients.csv; 14 did not"
        ),
        "{explanation}"
    );
    assert!(
        explanation.contains("rows of clients.csv that match no row of orders.csv: 1 of 8"),
        "{explanation}"
    );

    // The client list with Globex twice: refused, in words.
    let text = std::fs::read_to_string(&clients).expect("clients");
    let doubled = format!("{text}Globex,Retail,Dana Kim,2018,20000\n");
    let doubled = s.file("clients.csv", &doubled);
    let out = s.glovebox(&[
        "run",
        &orders,
        doubled.to_str().expect("path"),
        "--goal",
        "average order amount for retail clients",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_ne!(report["status"], "answered", "{report}");
    let said = report.to_string();
    assert!(
        said.contains("clients.csv has several rows for the same client")
            && said.contains("Globex"),
        "{said}"
    );
}
