//! Tests of chart drawing and choice: SVG structure snapshots (not pixels),
//! the choice rules, escaping, number and date formats, PNG output,
//! determinism and errors.

use expect_test::{expect, Expect};

use super::format::{self, parse_date, short_date, DatePrecision};
use super::*;

fn t(s: &str) -> RawValue {
    RawValue::Text(s.to_string())
}

fn n(v: f64) -> RawValue {
    RawValue::Number(v)
}

fn table(name: &str, columns: &[&str], rows: Vec<Vec<RawValue>>) -> RawTable {
    RawTable {
        name: name.to_string(),
        columns: columns.iter().map(|c| c.to_string()).collect(),
        total_rows: rows.len() as u64,
        rows,
    }
}

fn spec(kind: &str, table: &str, x: &str, y: &[&str], title: Option<&str>) -> RawChart {
    RawChart {
        kind: kind.to_string(),
        table: table.to_string(),
        x: x.to_string(),
        y: y.iter().map(|c| c.to_string()).collect(),
        title: title.map(str::to_string),
    }
}

/// The SVG reduced to what matters: element counts by tag and the texts in
/// order (so a snapshot shows the structure, not coordinates).
fn summary(svg: &str) -> String {
    let mut out = String::new();
    for tag in ["rect", "line", "polyline", "polygon", "circle", "text"] {
        let count = svg.matches(&format!("<{tag} ")).count();
        out.push_str(&format!("{tag}: {count}\n"));
    }
    let mut rest = svg;
    while let Some(start) = rest.find("<text ") {
        let after = &rest[start..];
        let Some(open_end) = after.find('>') else {
            break;
        };
        let Some(close) = after.find("</text>") else {
            break;
        };
        let text = after[open_end + 1..close].trim();
        let rotated = after[..open_end].contains("rotate(");
        out.push_str(&format!("  {}{}\n", if rotated { "↻ " } else { "" }, text));
        rest = &after[close..];
    }
    out
}

fn check(spec: &RawChart, table: &RawTable, lang: Lang, expect: Expect) {
    let chart = render(spec, table, lang).expect("chart draws");
    let mut s = format!(
        "kind: {}\ntitle: {}\nskipped: {}\nnotes: {:?}\n",
        chart.kind, chart.title, chart.skipped_points, chart.notes
    );
    s.push_str(&summary(&chart.svg));
    expect.assert_eq(&s);
}

fn sales() -> RawTable {
    table(
        "sales_by_region",
        &["region", "sales"],
        vec![
            vec![t("North"), n(1234.5)],
            vec![t("South"), n(980.0)],
            vec![t("East"), RawValue::Null],
            vec![t("West"), n(2045.25)],
        ],
    )
}

#[test]
fn bar_chart_structure() {
    check(
        &spec("bar", "sales_by_region", "region", &["sales"], None),
        &sales(),
        Lang::En,
        expect![[r#"
            kind: bar
            title: sales by region
            skipped: 1
            notes: ["1 empty or non-numeric value was left out"]
            rect: 4
            line: 48
            polyline: 7
            polygon: 0
            circle: 0
            text: 16
              sales by region
              ↻ sales
              region
              0
              500
              1,000
              1,500
              2,000
              1,234.5
              980
              2,045.25
              North
              South
              East
              West
              1 empty or non-numeric value was left out
        "#]],
    );
}

#[test]
fn grouped_bars_have_a_legend() {
    let table = table(
        "q",
        &["quarter", "2023", "2024"],
        vec![
            vec![t("Q1"), n(10.0), n(12.0)],
            vec![t("Q2"), n(11.0), n(9.5)],
            vec![t("Q3"), n(-3.0), n(4.0)],
        ],
    );
    check(
        &spec("bar", "q", "quarter", &["2023", "2024"], Some("Revenue")),
        &table,
        Lang::En,
        expect![[r#"
            kind: bar
            title: Revenue
            skipped: 0
            notes: []
            rect: 11
            line: 90
            polyline: 11
            polygon: 0
            circle: 0
            text: 15
              Revenue
              quarter
              -2
              0
              2
              4
              6
              8
              10
              12
              2023
              2024
              Q1
              Q2
              Q3
        "#]],
    );
}

#[test]
fn many_categories_are_cut_and_turned() {
    let rows = (0..60)
        .map(|i| {
            vec![
                t(&format!("a rather long category name number {i}")),
                n(f64::from(i)),
            ]
        })
        .collect();
    let table = table("many", &["name", "value"], rows);
    let chart = render(
        &spec("bar", "many", "name", &["value"], None),
        &table,
        Lang::En,
    )
    .expect("draws");
    assert_eq!(
        chart.notes,
        vec!["only the first 50 of 60 categories are shown".to_string()]
    );
    assert!(
        chart.svg.contains(">\na rather long category…\n</text>"),
        "labels are shortened"
    );
    assert!(chart.svg.contains("rotate(270"), "labels are turned");
    assert!(
        !chart.svg.contains("number 50"),
        "categories past the limit are left out"
    );
}

#[test]
fn line_chart_of_months_is_sorted_by_date() {
    let table = table(
        "monthly",
        &["month", "orders"],
        vec![
            vec![t("2024-03"), n(30.0)],
            vec![t("2024-01"), n(10.0)],
            vec![t("2024-02"), n(25.0)],
            vec![
                t("2024-04"),
                RawValue::NonFinite {
                    non_finite: "nan".into(),
                },
            ],
            vec![t("2024-05"), n(50.0)],
        ],
    );
    check(
        &spec("line", "monthly", "month", &["orders"], None),
        &table,
        Lang::Fr,
        expect![[r#"
        kind: line
        title: orders par month
        skipped: 1
        notes: ["1 valeur vide ou non numérique a été écartée"]
        rect: 1
        line: 108
        polyline: 17
        polygon: 0
        circle: 4
        text: 18
          orders par month
          ↻ orders
          month
          10
          15
          20
          25
          30
          35
          40
          45
          50
          janv. 2024
          févr. 2024
          mars 2024
          avr. 2024
          mai 2024
          1 valeur vide ou non numérique a été écartée
    "#]],
    );
    let plan = plan(
        &spec("line", "monthly", "month", &["orders"], None),
        &table,
        Lang::Fr,
    )
    .expect("plan");
    let Body::Lines(series) = &plan.body else {
        panic!("line body")
    };
    let ys: Vec<f64> = series[0].points.iter().map(|p| p.1).collect();
    assert_eq!(ys, vec![10.0, 25.0, 30.0, 50.0]);
}

#[test]
fn line_chart_of_days_with_two_series() {
    let rows = (1..=20)
        .map(|d| {
            vec![
                t(&format!("2024-02-{d:02}")),
                n(f64::from(d * 100)),
                n(f64::from(d * 70)),
            ]
        })
        .collect();
    let table = table("daily", &["day", "visits", "buyers"], rows);
    check(
        &spec("line", "daily", "day", &["visits", "buyers"], None),
        &table,
        Lang::En,
        expect![[r#"
            kind: line
            title: visits, buyers by day
            skipped: 0
            notes: []
            rect: 5
            line: 77
            polyline: 20
            polygon: 0
            circle: 40
            text: 19
              visits, buyers by day
              day
              0
              500
              1,000
              1,500
              2,000
              Feb 1, 2024
              Feb 3, 2024
              Feb 5, 2024
              Feb 7, 2024
              Feb 9, 2024
              Feb 11, 2024
              Feb 13, 2024
              Feb 15, 2024
              Feb 17, 2024
              Feb 19, 2024
              visits
              buyers
        "#]],
    );
}

#[test]
fn line_chart_over_text_keeps_the_table_order() {
    let weekdays = table(
        "weekdays",
        &["day", "visits"],
        vec![
            vec![t("Mon"), n(5.0)],
            vec![t("Tue"), n(7.0)],
            vec![t("Wed"), n(3.0)],
        ],
    );
    check(
        &spec("line", "weekdays", "day", &["visits"], None),
        &weekdays,
        Lang::En,
        expect![[r#"
            kind: line
            title: visits by day
            skipped: 0
            notes: []
            rect: 1
            line: 98
            polyline: 12
            polygon: 0
            circle: 3
            text: 15
              visits by day
              ↻ visits
              day
              3
              3.5
              4
              4.5
              5
              5.5
              6
              6.5
              7
              Mon
              Tue
              Wed
        "#]],
    );
    let years = table(
        "years",
        &["year", "total"],
        vec![
            vec![n(2023.0), n(2.0)],
            vec![n(2021.0), n(1.0)],
            vec![n(2022.0), n(4.0)],
        ],
    );
    let plan = plan(
        &spec("line", "years", "year", &["total"], None),
        &years,
        Lang::En,
    )
    .expect("plan");
    let Body::Lines(series) = &plan.body else {
        panic!("line body")
    };
    assert_eq!(
        series[0].points,
        vec![(2021.0, 1.0), (2022.0, 4.0), (2023.0, 2.0)]
    );
    assert_eq!(plan.x_scale, XScale::Linear);
}

#[test]
fn scatter_chart_structure() {
    let rows = (0..12)
        .map(|i| vec![n(f64::from(i)), n(f64::from(i * i) / 3.0)])
        .chain([vec![RawValue::Null, n(1.0)]])
        .collect();
    let table = table("pairs", &["age", "income"], rows);
    check(
        &spec("scatter", "pairs", "age", &["income"], None),
        &table,
        Lang::Es,
        expect![[r#"
        kind: scatter
        title: income por age
        skipped: 1
        notes: ["se omitió 1 valor vacío o no numérico"]
        rect: 1
        line: 164
        polyline: 18
        polygon: 0
        circle: 12
        text: 19
          income por age
          ↻ income
          age
          0
          5
          10
          15
          20
          25
          30
          35
          40
          0
          2
          4
          6
          8
          10
          se omitió 1 valor vacío o no numérico
    "#]],
    );
}

#[test]
fn histogram_structure_and_bins() {
    let rows = (0..100)
        .map(|i| vec![n(f64::from((i * 37) % 100) / 4.0)])
        .collect();
    let table = table("values", &["price"], rows);
    check(
        &spec("histogram", "values", "price", &[], None),
        &table,
        Lang::En,
        expect![[r#"
        kind: histogram
        title: Distribution of price
        skipped: 0
        notes: []
        rect: 6
        line: 103
        polyline: 12
        polygon: 0
        circle: 0
        text: 13
          Distribution of price
          ↻ count
          price
          0
          5
          10
          15
          20
          0
          5
          10
          15
          20
    "#]],
    );
    let mut same = vec![3.0; 20];
    assert_eq!(bins(&mut same), vec![(2.5, 3.5, 20)]);
    let mut few: Vec<f64> = (0..10).map(f64::from).collect();
    let b = bins(&mut few);
    assert_eq!(b.len(), MIN_BINS);
    assert_eq!(b.iter().map(|b| b.2).sum::<u64>(), 10);
    let mut many: Vec<f64> = (0..10_000).map(|i| f64::from(i).sqrt()).collect();
    assert!(bins(&mut many).len() <= MAX_BINS);
}

#[test]
fn pie_chart_structure() {
    let table = table(
        "share",
        &["channel", "orders"],
        vec![
            vec![t("web"), n(620.0)],
            vec![t("shop"), n(250.0)],
            vec![t("phone"), n(100.0)],
            vec![t("mail"), n(30.0)],
        ],
    );
    check(
        &spec("pie", "share", "channel", &["orders"], None),
        &table,
        Lang::Fr,
        expect![[r#"
        kind: pie
        title: orders par channel
        skipped: 0
        notes: []
        rect: 5
        line: 0
        polyline: 4
        polygon: 4
        circle: 0
        text: 8
          orders par channel
          62,0 %
          25,0 %
          10,0 %
          web: 62,0 % (620)
          shop: 25,0 % (250)
          phone: 10,0 % (100)
          mail: 3,0 % (30)
    "#]],
    );
}

#[test]
fn pie_merges_small_slices_into_others() {
    let rows = (1..=12)
        .map(|i| vec![t(&format!("c{i}")), n(f64::from(i))])
        .collect();
    let table = table("p", &["c", "v"], rows);
    let plan = plan(&spec("pie", "p", "c", &["v"], None), &table, Lang::En).expect("plan");
    let Body::Pie(slices) = &plan.body else {
        panic!("pie body")
    };
    assert_eq!(slices.len(), MAX_SLICES);
    assert_eq!(slices[0].label, "c12");
    assert_eq!(slices[MAX_SLICES - 1].label, "others");
    assert!(slices[MAX_SLICES - 1].rest && !slices[0].rest);
    assert_eq!(slices[MAX_SLICES - 1].value, (1..=5).sum::<i32>() as f64);
}

#[test]
fn labels_from_data_are_escaped() {
    let table = table(
        "t<&>",
        &["<b>name</b>", "value & more"],
        vec![
            vec![t("<script>x()</script>"), n(1.0)],
            vec![t("Tom & \"J\" 'x'"), n(2.0)],
            vec![t("line\nbreak\u{202E}evil\u{0}"), n(3.0)],
        ],
    );
    for kind in ["bar", "pie"] {
        let chart = render(
            &spec(
                kind,
                "t<&>",
                "<b>name</b>",
                &["value & more"],
                Some("</svg><script>x</script>"),
            ),
            &table,
            Lang::En,
        )
        .expect("draws");
        let svg = &chart.svg;
        assert!(!svg.contains("<script"), "{kind}: raw tag in {svg}");
        assert!(!svg.contains("<b>"), "{kind}: raw tag");
        assert!(!svg.contains("</svg><"), "{kind}: title broke out");
        assert!(
            svg.contains("&lt;script&gt;x()&lt;/script&gt;"),
            "{kind}: label kept as text"
        );
        assert!(
            svg.contains("Tom &amp; &quot;J&quot; &apos;x&apos;"),
            "{kind}"
        );
        assert!(
            svg.contains("line break evil"),
            "{kind}: control characters replaced"
        );
        assert!(
            !svg.contains('\u{202E}') && !svg.contains('\u{0}'),
            "{kind}"
        );
        assert_eq!(svg.matches("<svg ").count(), 1);
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}

#[test]
fn numbers_are_written_the_language_s_way() {
    let cases = [
        (1234.5, "1,234.5", "1\u{202F}234,5", "1.234,5"),
        (
            -1234567.0,
            "-1,234,567",
            "-1\u{202F}234\u{202F}567",
            "-1.234.567",
        ),
        (999.0, "999", "999", "999"),
        (0.012345, "0.0123", "0,0123", "0,0123"),
        (12.3456, "12.35", "12,35", "12,35"),
        (-0.0001, "-0.0001", "-0,0001", "-0,0001"),
        (0.0, "0", "0", "0"),
        (2.5e18, "2.50e18", "2,50e18", "2,50e18"),
    ];
    for (v, en, fr, es) in cases {
        assert_eq!(format::number(v, Lang::En), en, "{v}");
        assert_eq!(format::number(v, Lang::Fr), fr, "{v}");
        assert_eq!(format::number(v, Lang::Es), es, "{v}");
    }
    assert_eq!(format::tick(2000.0, 0, Lang::Fr), "2\u{202F}000");
    assert_eq!(format::tick(0.5, 1, Lang::Es), "0,5");
    assert_eq!(format::percent(0.125, Lang::En), "12.5%");
    assert_eq!(format::percent(0.125, Lang::Fr), "12,5\u{202F}%");
    assert_eq!(format::percent(0.125, Lang::Es), "12,5 %");
    // On a chart, too.
    let chart = render(
        &spec("bar", "sales_by_region", "region", &["sales"], None),
        &sales(),
        Lang::Fr,
    )
    .expect("draws");
    assert!(chart.svg.contains("1\u{202F}234,5"), "French value label");
    let chart = render(
        &spec("bar", "sales_by_region", "region", &["sales"], None),
        &sales(),
        Lang::Es,
    )
    .expect("draws");
    assert!(chart.svg.contains("1.234,5"), "Spanish value label");
}

#[test]
fn dates_are_parsed_and_shown_short() {
    let d = parse_date("2024-03-05").expect("day");
    assert_eq!((d.days, d.precision), (19_787, DatePrecision::Day));
    assert_eq!(
        parse_date("2024-03-05T10:00:00").map(|d| d.days),
        Some(19_787)
    );
    assert_eq!(
        parse_date("2024-03-05 10:00:00").map(|d| d.days),
        Some(19_787)
    );
    assert_eq!(
        parse_date("2024-03").map(|d| d.precision),
        Some(DatePrecision::Month)
    );
    let w = parse_date("2024-W10").expect("week");
    assert_eq!((w.days, w.precision), (19_787 - 1, DatePrecision::Week));
    for bad in [
        "2024-02-30",
        "2023-02-29",
        "2024-13",
        "2024-W54",
        "2024-3-5",
        "20240305",
        "North",
        "2024-03-05x",
    ] {
        assert_eq!(parse_date(bad), None, "{bad}");
    }
    assert_eq!(
        short_date(19_787, DatePrecision::Day, Lang::En),
        "Mar 5, 2024"
    );
    assert_eq!(
        short_date(19_787, DatePrecision::Day, Lang::Fr),
        "5 mars 2024"
    );
    assert_eq!(
        short_date(19_787, DatePrecision::Day, Lang::Es),
        "5 mar 2024"
    );
    assert_eq!(
        short_date(19_787, DatePrecision::Month, Lang::Fr),
        "mars 2024"
    );
    assert_eq!(
        short_date(19_786, DatePrecision::Week, Lang::En),
        "W10 2024"
    );
    assert_eq!(
        short_date(19_786, DatePrecision::Week, Lang::Es),
        "S10 2024"
    );
    assert_eq!(
        short_date(
            format::days_from_civil(2021, 1, 3),
            DatePrecision::Week,
            Lang::En
        ),
        "W53 2020"
    );
}

#[test]
fn long_labels_end_with_an_ellipsis() {
    assert_eq!(format::clean_label("short", 24), "short");
    assert_eq!(format::clean_label("  spaced\t out \n", 24), "spaced out");
    assert_eq!(format::clean_label("abcdefghij", 5), "abcd…");
    assert_eq!(format::clean_label("ééééééé", 4), "ééé…");
}

#[test]
fn png_decodes_with_the_right_size_and_is_not_blank() {
    for (s, table) in [
        (
            spec("bar", "sales_by_region", "region", &["sales"], None),
            sales(),
        ),
        (
            spec("pie", "sales_by_region", "region", &["sales"], Some("Pie")),
            sales(),
        ),
    ] {
        let chart = render(&s, &table, Lang::En).expect("draws");
        let decoder = png::Decoder::new(chart.png.as_slice());
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("png frame");
        assert_eq!((info.width, info.height), (WIDTH, HEIGHT));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        let pixels = &buf[..info.buffer_size()];
        let ink = pixels.chunks(3).filter(|p| p != &[255, 255, 255]).count();
        assert!(ink > 5_000, "{} has only {ink} coloured pixels", s.kind);
        // The first series' blue is there.
        assert!(
            pixels.chunks(3).any(|p| p == [0x00, 0x72, 0xB2]),
            "{}",
            s.kind
        );
    }
}

#[test]
fn same_input_gives_the_same_bytes() {
    let s = spec("bar", "sales_by_region", "region", &["sales"], None);
    let a = render(&s, &sales(), Lang::En).expect("draws");
    let b = render(&s, &sales(), Lang::En).expect("draws");
    assert_eq!(a.svg, b.svg);
    assert_eq!(a.png, b.png);
    let rows = (0..50).map(|i| vec![n(f64::from(i) * 1.5)]).collect();
    let table = table("h", &["v"], rows);
    let s = spec("histogram", "h", "v", &[], None);
    assert_eq!(
        render(&s, &table, Lang::Fr).expect("draws").svg,
        render(&s, &table, Lang::Fr).expect("draws").svg
    );
}

#[test]
fn errors_are_in_plain_words() {
    let table = sales();
    let err =
        |s: RawChart, t: &RawTable| render(&s, t, Lang::En).map(|_| ()).unwrap_err().to_string();
    expect![[r#"
        the column "regoin" is not in the table "sales_by_region"
        the column "region" holds no number that can be drawn
        a bar chart needs at least one column of values
        "donut" is not a chart kind Glovebox can draw (bar, line, scatter, pie or histogram)
        the chart is for the table "other" but the table "sales_by_region" was given
        the column "region" holds no number that can be drawn
        the column "region" holds no number that can be drawn
        the table "e" is empty, so there is nothing to draw
        a pie chart cannot show the negative value in "b"; use a bar chart
        the values of "b" add up to zero, so they cannot be shown as shares of a pie"#]]
    .assert_eq(
        &[
            err(
                spec("bar", "sales_by_region", "regoin", &["sales"], None),
                &table,
            ),
            err(
                spec("bar", "sales_by_region", "region", &["region"], None),
                &table,
            ),
            err(spec("bar", "sales_by_region", "region", &[], None), &table),
            err(
                spec("donut", "sales_by_region", "region", &["sales"], None),
                &table,
            ),
            err(spec("bar", "other", "region", &["sales"], None), &table),
            err(
                spec("scatter", "sales_by_region", "region", &["sales"], None),
                &table,
            ),
            err(
                spec("histogram", "sales_by_region", "region", &[], None),
                &table,
            ),
            err(
                spec("bar", "e", "a", &["b"], None),
                &RawTable {
                    name: "e".into(),
                    columns: vec!["a".into(), "b".into()],
                    rows: vec![],
                    total_rows: 0,
                },
            ),
            err(
                spec("pie", "p", "a", &["b"], None),
                &super::tests::table(
                    "p",
                    &["a", "b"],
                    vec![vec![t("x"), n(-1.0)], vec![t("y"), n(2.0)]],
                ),
            ),
            err(
                spec("pie", "p", "a", &["b"], None),
                &super::tests::table(
                    "p",
                    &["a", "b"],
                    vec![vec![t("x"), n(0.0)], vec![t("y"), n(0.0)]],
                ),
            ),
        ]
        .join("\n"),
    );
}

fn chosen(table: &RawTable) -> String {
    match choose(table) {
        None => "none".to_string(),
        Some(c) => format!("{} x={} y={:?}", c.kind, c.x, c.y),
    }
}

#[test]
fn choose_follows_the_documented_rules() {
    let cat = sales();
    let months = table(
        "m",
        &["month", "total", "mean"],
        vec![
            vec![t("2024-01"), n(1.0), n(2.0)],
            vec![t("2024-02"), n(3.0), n(1.0)],
        ],
    );
    let years = table(
        "y",
        &["year", "total"],
        vec![
            vec![n(2021.0), n(5.0)],
            vec![n(2022.0), n(7.0)],
            vec![n(2023.0), n(6.0)],
        ],
    );
    let pairs = table(
        "p",
        &["height", "weight"],
        (0..20)
            .map(|i| vec![n(f64::from((i * 7) % 20)), n(f64::from(i))])
            .collect(),
    );
    let few_pairs = table(
        "fp",
        &["a", "b"],
        vec![vec![n(3.0), n(1.0)], vec![n(1.0), n(2.0)]],
    );
    let single = table(
        "s",
        &["age"],
        (0..30).map(|i| vec![n(f64::from(i % 9))]).collect(),
    );
    let few_values = table(
        "f",
        &["age"],
        (0..5).map(|i| vec![n(f64::from(i))]).collect(),
    );
    let one_row = table("o", &["region", "sales"], vec![vec![t("North"), n(1.0)]]);
    let texts = table(
        "x",
        &["a", "b"],
        vec![vec![t("x"), t("y")], vec![t("z"), t("w")]],
    );
    let many_names = table(
        "n",
        &["name", "age"],
        (0..200)
            .map(|i| vec![t(&format!("p{i}")), n(f64::from(i % 70))])
            .collect(),
    );
    let got: Vec<String> = [
        &cat,
        &months,
        &years,
        &pairs,
        &few_pairs,
        &single,
        &few_values,
        &one_row,
        &texts,
        &many_names,
    ]
    .into_iter()
    .map(|t| format!("{}: {}", t.name, chosen(t)))
    .collect();
    expect![[r#"
        sales_by_region: bar x=region y=["sales"]
        m: line x=month y=["total"]
        y: line x=year y=["total"]
        p: scatter x=height y=["weight"]
        fp: none
        s: histogram x=age y=[]
        f: none
        o: none
        x: none
        n: histogram x=age y=[]"#]]
    .assert_eq(&got.join("\n"));
    // The chosen chart draws.
    for t in [&cat, &months, &years, &pairs, &single, &many_names] {
        let c = choose(t).expect("a chart");
        assert_eq!(c.table, t.name);
        render(&c, t, Lang::En).expect("draws");
    }
}

/// The key points `plotters` computes for a range: the loop that never
/// ended on an infinite or sub-ulp range. Bounded by construction here.
fn ticks(range: (f64, f64)) -> usize {
    use plotters::coord::ranged1d::Ranged;
    use plotters::coord::types::RangedCoordf64;
    RangedCoordf64::from(range.0..range.1).key_points(12).len()
}

#[test]
fn extreme_values_give_finite_drawable_ranges() {
    for kind in ["bar", "line", "scatter", "histogram"] {
        for values in [
            [1.7e308, -1.7e308, 1.0],
            [f64::MAX, f64::MIN, 2.5],
            [1e100, -1e100, 0.0],
            [1e16, 1e16 + 2.0, 1e16],
            [5e-324, 1e-323, 5e-324],
            [0.0, 0.0, 0.0],
        ] {
            let rows = values
                .iter()
                .enumerate()
                .map(|(i, v)| vec![n(i as f64), n(*v)])
                .collect();
            let tbl = table("t", &["x", "y"], rows);
            let y: &[&str] = if kind == "histogram" { &[] } else { &["y"] };
            let x = if kind == "histogram" { "y" } else { "x" };
            let plan = plan(&spec(kind, "t", x, y, None), &tbl, Lang::En).expect(kind);
            for (lo, hi) in [plan.x_range, plan.y_range] {
                assert!(
                    lo.is_finite() && hi.is_finite() && lo < hi,
                    "{kind} {values:?}"
                );
                let magnitude = lo.abs().max(hi.abs());
                assert!(
                    hi - lo >= magnitude * MIN_RELATIVE_SPAN,
                    "{kind} {values:?}"
                );
                assert!(ticks((lo, hi)) <= 13, "{kind} {values:?}");
            }
            // Cells beyond MAX_MAGNITUDE are skipped, not drawn.
            let beyond = values.iter().filter(|v| v.abs() > MAX_MAGNITUDE).count() as u64;
            assert_eq!(plan.skipped, beyond, "{kind} {values:?}");
        }
    }
}

#[test]
fn a_chart_of_extreme_values_is_drawn() {
    let tbl = table(
        "t",
        &["x", "y"],
        vec![
            vec![t("a"), n(1.7e308)],
            vec![t("b"), n(1e16)],
            vec![t("c"), n(1e16 + 2.0)],
        ],
    );
    let chart = render(&spec("bar", "t", "x", &["y"], None), &tbl, Lang::En).expect("drawn");
    assert_eq!(chart.skipped_points, 1);
    assert!(chart
        .svg
        .contains("1 empty or non-numeric value was left out"));
}

#[test]
fn axis_ranges_are_checked_and_widened() {
    assert_eq!(axis_range((0.0, 10.0)), Ok((0.0, 10.0)));
    assert_eq!(axis_range((0.0, 0.0)), Ok((-1.0, 1.0)));
    assert_eq!(axis_range((f64::NEG_INFINITY, 1.0)), Err(ChartError::Range));
    assert_eq!(axis_range((f64::NAN, 1.0)), Err(ChartError::Range));
    assert_eq!(axis_range((2.0, 1.0)), Err(ChartError::Range));
    // Both ends finite, but not the width: plotters' ticks would not end.
    assert_eq!(axis_range((-f64::MAX, f64::MAX)), Err(ChartError::Range));
    assert_eq!(axis_range((-1e100, 1e100)), Ok((-1e100, 1e100)));
    assert!(ticks((-1e100, 1e100)) <= 13);
    let (lo, hi) = axis_range((1e16, 1e16 + 2.0)).expect("widened");
    assert_eq!((lo, hi), (1e16 - 1e7, 1e16 + 1e7));
}

#[test]
fn points_share_one_budget_across_series() {
    let rows: Vec<Vec<RawValue>> = (0..MAX_POINTS + 5)
        .map(|i| {
            let mut row = vec![n(i as f64)];
            row.extend((0..MAX_SERIES).map(|s| n((i * s) as f64)));
            row
        })
        .collect();
    let names: Vec<String> = (0..MAX_SERIES).map(|s| format!("y{s}")).collect();
    let mut columns = vec!["x"];
    columns.extend(names.iter().map(String::as_str));
    let tbl = table("t", &columns, rows);
    let ys: Vec<&str> = names.iter().map(String::as_str).collect();
    let plan = plan(&spec("scatter", "t", "x", &ys, None), &tbl, Lang::En).expect("plan");
    let Body::Points(series) = &plan.body else {
        panic!("points")
    };
    let total: usize = series.iter().map(|s| s.points.len()).sum();
    assert_eq!(total, MAX_TOTAL_POINTS);
    let share = MAX_TOTAL_POINTS / MAX_SERIES;
    assert!(series.iter().all(|s| s.points.len() == share));
    assert!(plan.notes.contains(&format!(
        "only the first {share} of 10,005 points are shown"
    )));
}

#[test]
fn drawing_has_a_time_budget() {
    // Work that never ends on its own: the wait ends at the budget.
    let (hold, never) = std::sync::mpsc::channel::<()>();
    let slow = within_budget(std::time::Duration::from_millis(10), move || {
        let _ = never.recv();
        Ok(())
    });
    assert_eq!(slow, Err(ChartError::TooSlow(0)));
    drop(hold);
    // A panic while drawing is an error, not a crash of the host.
    let panicked: Result<(), _> = within_budget(std::time::Duration::from_secs(60), || {
        panic!("plotters failed")
    });
    assert!(matches!(panicked, Err(ChartError::Draw(_))));
    assert_eq!(
        within_budget(std::time::Duration::from_secs(60), || Ok(7)),
        Ok(7)
    );
}

#[test]
fn labels_lose_terminal_controls_and_invisible_characters() {
    assert_eq!(
        format::clean_label("a\u{1b}[2Jb\u{200B}c\u{202E}d", 24),
        "a [2Jb c d"
    );
}
