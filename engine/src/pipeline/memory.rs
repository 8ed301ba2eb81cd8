//! The run's memory limit, chosen from its inputs: pandas' peak estimated
//! from what the inspection found (rows, columns and their kinds, and the
//! columns the code reads when it reads only some: `usecols=`), the
//! interpreter's base added, a margin, rounded up, then kept between
//! [`FLOOR_BYTES`] (the sandbox's default, the least a run ever gets) and
//! a cap of [`MACHINE_SHARE_PERCENT`] % of the machine's memory
//! (`/proc/meminfo`). A limit the person set (`--memory-limit`, the app's
//! Settings) always wins over the estimate; the run records which one
//! applied ([`MemoryFrom`]).
//!
//! The model: `pd.read_csv` holds each column as an array of 8-byte cells
//! (numbers, and pointers to text), text repeated across rows shared (the
//! C parser interns within a chunk), text that rarely repeats one string
//! object per cell ([`STR_OBJECT_BYTES`] + its length). The read joins its
//! chunks at the end, so the cells peak at twice their final size; the
//! more columns, the smaller each chunk's arrays and the more of the heap
//! stays fragmented: measured with pandas 2.2.3 on this machine, a cell
//! costs 2 × 8 bytes at the peak reading 2 columns, 2 × 8 reading the 6 of
//! the 1 GB bench file, 3.4 × 8 reading 12 and 3.7 × 8 reading 40 —
//! hence [`READ_FACTOR_TENTHS`] from 2 (two columns) up to 4 (twelve and
//! more), an upper bound. Estimates against real peaks are in
//! ARCHITECTURE.md.

use serde::{Deserialize, Serialize};

use crate::inputs::{Column, ColumnKind, InputDescription, InputFormat};

const MIB: u64 = 1024 * 1024;
const GIB: u64 = 1024 * MIB;

/// The least memory a run gets: the sandbox's default limit.
pub const FLOOR_BYTES: u64 = glovebox_sandbox::limits::DEFAULT_MEMORY_BYTES;
/// The most an estimate asks for: this share of the machine's memory.
pub const MACHINE_SHARE_PERCENT: u64 = 50;
/// Python, pandas, numpy and Glovebox's own support code, before any data
/// (the sandbox's peak for a few rows is about 60 MiB).
pub const BASE_BYTES: u64 = 128 * MIB;
/// Bytes of one cell in pandas' arrays (int64, float64, object pointer).
pub const CELL_BYTES: u64 = 8;
/// A Python `str` object without its characters (compact ASCII).
pub const STR_OBJECT_BYTES: u64 = 49;
/// The read's peak over its final arrays, in tenths, by the number of
/// columns read: `[narrow, wide]`; 2 columns or fewer read at the first,
/// each further column adds 0.2, up to the second.
pub const READ_FACTOR_TENTHS: [u64; 2] = [20, 40];
/// Transient Python objects per cell while a workbook is read (openpyxl's
/// cell objects before the columns are built). Measured through the
/// sandbox with the offline code's `read_excel`: 115 bytes a cell at the
/// peak in all (20 000 and 100 000 rows of six columns), of which the
/// cell's own 22 and its text are counted apart; 80 leaves room over that.
pub const WORKBOOK_READ_CELL_BYTES: u64 = 80;
/// The same for a JSON file (records or lines): the text, a dict per
/// record and its values, then the frame. Measured: 206–256 bytes a cell
/// at the peak (100 000 and 400 000 records of six keys; lines cost more
/// than one array), of which about 30 are the cell and its text: 224 over
/// them covers the worst one measured.
pub const JSON_READ_CELL_BYTES: u64 = 224;
/// The same for a compressed CSV (not measured; read by the C parser
/// through the decompressor, counted as the workbooks were before).
pub const COMPRESSED_READ_CELL_BYTES: u64 = 64;
/// The margin over the estimated peak, in percent of it.
pub const MARGIN_PERCENT: u64 = 25;
/// Limits are whole multiples of this.
pub const ROUND_BYTES: u64 = 256 * MIB;

/// Who chose the memory limit a run ran under.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MemoryFrom {
    /// Estimated from the inputs (at least the default, at most the cap).
    Input,
    /// Set by the person (`--memory-limit`, Settings → Memory), or the
    /// run repeated with the limit it was recorded with.
    You,
}

/// The memory limit chosen for a run, and by whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryChoice {
    /// The limit, in bytes.
    pub bytes: u64,
    /// Who chose it.
    pub from: MemoryFrom,
}

/// The limit for a run: `set` when the person set one, else the estimate
/// for `inputs` read by `code` (`None`: code not written yet, every column
/// counted), kept between the floor and the cap of `machine_bytes`.
pub fn choose(
    set: Option<u64>,
    inputs: &[InputDescription],
    code: Option<&str>,
    machine_bytes: Option<u64>,
) -> MemoryChoice {
    match set {
        Some(bytes) => MemoryChoice {
            bytes,
            from: MemoryFrom::You,
        },
        None => MemoryChoice {
            bytes: limit_for(estimate_peak(inputs, code), machine_bytes),
            from: MemoryFrom::Input,
        },
    }
}

/// The estimated peak memory of reading `inputs` (the columns `code` reads
/// of each, when it names them), the interpreter's base included.
pub fn estimate_peak(inputs: &[InputDescription], code: Option<&str>) -> u64 {
    inputs
        .iter()
        .map(|input| {
            let used = code.and_then(|c| columns_read(c, &input.name));
            input_peak(input, used.as_deref())
        })
        .fold(BASE_BYTES, u64::saturating_add)
}

/// The limit for an estimated `peak`: the margin added, rounded up to
/// [`ROUND_BYTES`], at most the cap, at least [`FLOOR_BYTES`].
pub fn limit_for(peak: u64, machine_bytes: Option<u64>) -> u64 {
    let wanted = peak.saturating_add(peak / 100 * MARGIN_PERCENT);
    let rounded = wanted.div_ceil(ROUND_BYTES).saturating_mul(ROUND_BYTES);
    rounded.min(cap(machine_bytes)).max(FLOOR_BYTES)
}

/// The next limit to try after a run stopped at `limit`: twice it, rounded
/// to [`ROUND_BYTES`], at most the cap; `None` when `limit` is at the cap
/// already (more would not help on this machine).
pub fn next_step(limit: u64, machine_bytes: Option<u64>) -> Option<u64> {
    let doubled = limit
        .saturating_mul(2)
        .div_ceil(ROUND_BYTES)
        .saturating_mul(ROUND_BYTES);
    let next = doubled.min(cap(machine_bytes));
    (next > limit).then_some(next)
}

/// The most an estimate asks for: [`MACHINE_SHARE_PERCENT`] of the
/// machine's memory, rounded down to [`ROUND_BYTES`]; the sandbox's own
/// maximum when it is unknown.
pub fn cap(machine_bytes: Option<u64>) -> u64 {
    machine_bytes.map_or(1024 * GIB, |m| {
        let share = u128::from(m) * u128::from(MACHINE_SHARE_PERCENT) / 100;
        u64::try_from(share).unwrap_or(u64::MAX) / ROUND_BYTES * ROUND_BYTES
    })
}

/// The machine's memory (`MemTotal` of `/proc/meminfo`), if it can be read.
pub fn machine_memory() -> Option<u64> {
    parse_mem_total(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// `MemTotal:  24683792 kB` → bytes.
fn parse_mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// One input's share of the peak: its columns (only `used` when given).
fn input_peak(input: &InputDescription, used: Option<&[String]>) -> u64 {
    let rows = input.row_count;
    let width = avg_field_bytes(input);
    let objects = object_cell_bytes(input.format);
    let read: Vec<&Column> = input
        .columns
        .iter()
        .filter(|c| used.is_none_or(|u| u.contains(&c.name)))
        .collect();
    let cell = CELL_BYTES * read_factor_tenths(read.len()) / 10;
    read.iter()
        .map(|c| {
            let per_row = cell + string_bytes(c, width) + objects;
            per_row.saturating_mul(rows)
        })
        .fold(0, u64::saturating_add)
}

/// Transient objects per cell while a file of `format` is read.
fn object_cell_bytes(format: InputFormat) -> u64 {
    match format {
        InputFormat::Csv | InputFormat::Parquet => 0,
        InputFormat::Xlsx | InputFormat::Xls | InputFormat::Ods => WORKBOOK_READ_CELL_BYTES,
        InputFormat::JsonRecords | InputFormat::JsonLines => JSON_READ_CELL_BYTES,
        InputFormat::CsvGzip | InputFormat::CsvZip => COMPRESSED_READ_CELL_BYTES,
    }
}

/// The read's peak over its final arrays, in tenths, reading `columns`.
fn read_factor_tenths(columns: usize) -> u64 {
    let [narrow, wide] = READ_FACTOR_TENTHS;
    (narrow + 2 * columns.saturating_sub(2) as u64).min(wide)
}

/// The string objects one row of a column keeps: none for numbers, dates
/// and text that repeats (shared), else one object of `width` characters,
/// rounded to 8 as the allocator does.
fn string_bytes(column: &Column, width: u64) -> u64 {
    match column.kind {
        ColumnKind::Text if column.values.is_empty() => (STR_OBJECT_BYTES + width).div_ceil(8) * 8,
        _ => 0,
    }
}

/// The average width of a field in the file: its size over its cells.
fn avg_field_bytes(input: &InputDescription) -> u64 {
    let cells = input
        .row_count
        .saturating_mul(input.columns.len() as u64)
        .max(1);
    input.size_bytes / cells
}

/// The columns the code reads of the input `name`, when every read of it
/// lists them (`pd.read_csv("/input/name", usecols=["a", "b"])`); `None`
/// when one read takes every column or the file is not read by name.
pub fn columns_read(code: &str, name: &str) -> Option<Vec<String>> {
    let needle = format!("/input/{name}\"");
    let mut columns: Vec<String> = Vec::new();
    let mut reads = 0;
    for (at, _) in code.match_indices(&needle) {
        reads += 1;
        let line = code[at..].lines().next().unwrap_or_default();
        let list = line.split_once("usecols=[")?.1.split_once(']')?.0;
        for name in quoted_strings(list)? {
            if !columns.contains(&name) {
                columns.push(name);
            }
        }
    }
    (reads > 0).then_some(columns)
}

/// The double-quoted Python strings of `list` (`"a", "b\"c"`), or `None`
/// when it holds anything else.
fn quoted_strings(list: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut chars = list.chars();
    loop {
        match chars.by_ref().find(|c| !c.is_whitespace() && *c != ',') {
            None => return Some(out),
            Some('"') => {}
            Some(_) => return None,
        }
        let mut s = String::new();
        loop {
            match chars.next()? {
                '"' => break,
                '\\' => s.push(chars.next()?),
                c => s.push(c),
            }
        }
        out.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A CSV of `rows` rows: `(name, kind, repeated)` columns, `size` bytes.
    fn csv(
        name: &str,
        rows: u64,
        size: u64,
        columns: &[(&str, ColumnKind, bool)],
    ) -> InputDescription {
        InputDescription {
            name: name.into(),
            path: format!("/d/{name}").into(),
            size_bytes: size,
            sha256: String::new(),
            encoding: "UTF-8".into(),
            bom: false,
            delimiter: ',',
            decimal_comma: false,
            has_header: true,
            columns: columns
                .iter()
                .map(|(n, kind, repeated)| Column {
                    name: (*n).into(),
                    kind: *kind,
                    empty_cells: 0,
                    values: if *repeated { vec!["x".into()] } else { vec![] },
                    currency: None,
                })
                .collect(),
            row_count: rows,
            preview: vec![],
            notes: vec![],
            format: InputFormat::Csv,
            sheet: None,
        }
    }

    /// The bench's 1 GB sales file: 24 M rows of six columns.
    fn sales() -> InputDescription {
        use ColumnKind::*;
        csv(
            "sales.csv",
            24_000_000,
            1_000_000_000,
            &[
                ("date", Date, false),
                ("region", Text, true),
                ("product", Text, true),
                ("units", Integer, false),
                ("unit_price", Decimal, false),
                ("revenue", Decimal, false),
            ],
        )
    }

    const MACHINE: Option<u64> = Some(24 * GIB);

    #[test]
    fn a_whole_read_counts_each_cell_at_its_read_factor_and_the_base() {
        // 6 columns read: factor 2 + 4 × 0.2 = 2.8, so 22.4 bytes a cell
        // (integer arithmetic: 8 × 28 / 10 = 22); 24 M rows; + 128 MiB.
        let expected = 6 * 24_000_000 * 22 + 128 * 1024 * 1024;
        assert_eq!(estimate_peak(&[sales()], None), expected);
        // 3.30e9 + 25 % = 4.13e9 bytes, rounded up to 256 MiB: 16 × 256 MiB.
        assert_eq!(limit_for(expected, MACHINE), 4 * GIB);
    }

    #[test]
    fn code_that_reads_two_columns_counts_two() {
        let code = "import pandas as pd\ndata = pd.read_csv(\"/input/sales.csv\", usecols=[\"region\", \"revenue\"])\n";
        let expected = 2 * 24_000_000 * 16 + 128 * 1024 * 1024;
        assert_eq!(estimate_peak(&[sales()], Some(code)), expected);
        // 0.90e9 + 25 % = 1.13e9 bytes → 5 × 256 MiB (1.25 GiB).
        assert_eq!(limit_for(expected, MACHINE), 5 * 256 * MIB);
        // A second read of the whole file counts every column again.
        let both = format!("{code}more = pd.read_csv(\"/input/sales.csv\")\n");
        assert_eq!(columns_read(&both, "sales.csv"), None);
        assert_eq!(
            columns_read(code, "sales.csv"),
            Some(vec!["region".to_owned(), "revenue".to_owned()])
        );
    }

    #[test]
    fn text_that_rarely_repeats_keeps_a_string_per_cell() {
        // 1 M rows, one text column of unique values, 40 MB: 40 bytes a
        // field; a string of 49 + 40 bytes takes 96 with the allocator.
        let ids = csv(
            "ids.csv",
            1_000_000,
            40_000_000,
            &[("id", ColumnKind::Text, false)],
        );
        assert_eq!(
            estimate_peak(&[ids], None),
            1_000_000 * (16 + 96) + 128 * MIB
        );
    }

    #[test]
    fn wide_reads_cost_up_to_four_times_a_cell() {
        // 40 number columns of 385 000 rows: 8 × 4 = 32 bytes a cell.
        let names: Vec<String> = (0..40).map(|i| format!("m{i}")).collect();
        let columns: Vec<(&str, ColumnKind, bool)> = names
            .iter()
            .map(|n| (n.as_str(), ColumnKind::Decimal, false))
            .collect();
        let wide = csv("wide.csv", 385_000, 100_000_000, &columns);
        assert_eq!(estimate_peak(&[wide], None), 40 * 385_000 * 32 + 128 * MIB);
        // 12 columns reach the wide factor; 3 columns read at 2.2.
        assert_eq!(read_factor_tenths(12), 40);
        assert_eq!(read_factor_tenths(3), 22);
        assert_eq!(read_factor_tenths(1), 20);
    }

    /// The files of the measurement (`glovebox bench --memory-estimates`,
    /// `make bench-memory`): the estimate is above each peak the sandbox
    /// measured, and not twice it.
    #[test]
    fn workbook_and_json_estimates_cover_their_measured_peaks() {
        use ColumnKind::*;
        let columns = [
            ("region", Text, true),
            ("date", Date, false),
            ("product", Text, true),
            ("units", Integer, false),
            ("amount", Decimal, false),
            ("note", Text, false),
        ];
        // (format, rows, size, measured peak), in MiB where it is one.
        let measured = [
            (InputFormat::JsonLines, 400_000, 45_612_000, 646),
            (InputFormat::JsonRecords, 400_000, 45_927_000, 533),
            (InputFormat::JsonLines, 100_000, 11_325_000, 201),
            (InputFormat::Xlsx, 100_000, 3_041_000, 126),
            (InputFormat::Xlsx, 20_000, 629_000, 74),
        ];
        for (format, rows, size, peak_mib) in measured {
            let input = InputDescription {
                format,
                ..csv("sales", rows, size, &columns)
            };
            let estimate = estimate_peak(&[input], None);
            let peak = peak_mib * MIB;
            assert!(estimate >= peak, "{format:?} {rows}: {estimate} < {peak}");
            assert!(
                estimate < 2 * peak,
                "{format:?} {rows}: {estimate} ≥ 2 × {peak}"
            );
        }
    }

    #[test]
    fn small_files_get_the_floor_and_big_ones_at_most_half_the_machine() {
        let small = csv("a.csv", 100, 4_000, &[("x", ColumnKind::Integer, false)]);
        assert_eq!(choose(None, &[small], None, MACHINE).bytes, GIB);
        // 20 GiB of estimate on a 24 GiB machine: 12 GiB.
        assert_eq!(limit_for(20 * GIB, MACHINE), 12 * GIB);
        // A machine under 2 GiB still gets the floor.
        assert_eq!(limit_for(20 * GIB, Some(GIB)), GIB);
    }

    #[test]
    fn a_limit_the_person_set_wins_over_the_estimate() {
        let chosen = choose(Some(512 * MIB), &[sales()], None, MACHINE);
        assert_eq!(
            chosen,
            MemoryChoice {
                bytes: 512 * MIB,
                from: MemoryFrom::You
            }
        );
        assert_eq!(
            choose(None, &[sales()], None, MACHINE).from,
            MemoryFrom::Input
        );
    }

    #[test]
    fn the_next_step_doubles_up_to_the_cap() {
        assert_eq!(next_step(GIB, MACHINE), Some(2 * GIB));
        assert_eq!(next_step(8 * GIB, MACHINE), Some(12 * GIB));
        assert_eq!(next_step(12 * GIB, MACHINE), None);
    }

    #[test]
    fn mem_total_is_read_in_kilobytes() {
        let meminfo = "MemTotal:       24683792 kB\nMemFree:         1000 kB\n";
        assert_eq!(parse_mem_total(meminfo), Some(24_683_792 * 1024));
        assert_eq!(parse_mem_total("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn quoted_names_with_escapes_are_read_and_anything_else_is_not() {
        assert_eq!(
            quoted_strings(r#""a", "b\"c""#),
            Some(vec!["a".to_owned(), "b\"c".to_owned()])
        );
        assert_eq!(quoted_strings("cols"), None);
    }
}
