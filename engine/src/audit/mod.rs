//! The audit log: one SQLite file, append-only and hash-chained.
//!
//! Every step of a run is an entry whose hash covers the previous entry's
//! hash and its own canonical content, so changing, removing or reordering
//! any entry breaks the chain at that entry. Triggers refuse UPDATE and
//! DELETE; `verify` names the first broken entry if someone bypassed them.
//! Each entry is written in its own transaction before its effect is shown:
//! a crash never loses a recorded step nor leaves a half-written one.
//!
//! What a run records is typed ([`event::Event`]): the run loop writes with
//! [`AuditStore::record`] and readers fold [`AuditStore::events`]. The raw
//! [`Entry`] layer stays for the chain itself (`verify`, `audit show`).

pub mod event;

use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use event::{Event, Recorded, RunInterrupted, RunStarted};

/// Hash of the (absent) entry before the first one.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Errors of the audit store.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// SQLite failed.
    #[error("audit database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The folder of the database cannot be created.
    #[error("cannot create the folder of the audit database {path}: {source}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A body could not be serialized.
    #[error("cannot encode an audit entry: {0}")]
    Encode(#[from] serde_json::Error),
    /// An entry does not read back as the event its kind names.
    #[error("audit entry {seq} ({kind}) cannot be read: {source}")]
    Decode {
        /// The entry.
        seq: i64,
        /// Its kind.
        kind: String,
        /// What does not fit.
        source: serde_json::Error,
    },
    /// The database was written by a newer Glovebox.
    #[error("the audit database has schema version {0}, newer than this Glovebox understands")]
    TooNew(i64),
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Position in the log, from 1.
    pub seq: i64,
    /// The run it belongs to.
    pub run_id: String,
    /// What it records (`run_started`, `input`, `code`, `policy`, ...).
    pub kind: String,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// Canonical JSON content.
    pub body: Value,
    /// Hash of the previous entry.
    pub prev_hash: String,
    /// This entry's hash.
    pub hash: String,
}

/// Where the chain breaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChainBreak {
    /// The first entry whose hash or link does not hold.
    pub seq: i64,
    /// What is wrong, in words.
    pub reason: String,
}

/// The result of `audit verify`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChainReport {
    /// Entries checked.
    pub entries: i64,
    /// The first break, if any.
    pub first_break: Option<ChainBreak>,
}

const MIGRATIONS: &[&str] = &[
    // 1: the chained log.
    "CREATE TABLE entries (
        seq INTEGER PRIMARY KEY,
        run_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        at TEXT NOT NULL,
        body TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE
    );
    CREATE INDEX entries_run ON entries(run_id, seq);
    CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;",
];

/// How long a connection waits for another one's write lock before it
/// gives up (many processes may open the log at once).
pub const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// How long opening the log may keep retrying its setup while other
/// processes hold locks the busy handler does not wait for.
pub const OPEN_RETRY_BUDGET: std::time::Duration = std::time::Duration::from_secs(30);
/// The pause between two tries of the setup.
const OPEN_RETRY_PAUSE: std::time::Duration = std::time::Duration::from_millis(25);

/// The current schema version.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The hash of an entry: sha256 over the previous hash and the entry's fields.
pub fn entry_hash(
    prev_hash: &str,
    seq: i64,
    run_id: &str,
    kind: &str,
    at: &str,
    body: &str,
) -> String {
    let mut h = Sha256::new();
    for part in [prev_hash, &seq.to_string(), run_id, kind, at, body] {
        h.update(part.as_bytes());
        h.update([0u8]);
    }
    hex::encode(h.finalize())
}

/// Canonical JSON: keys sorted (serde_json's map is ordered), no spaces.
pub fn canonical(value: &Value) -> Result<String, AuditError> {
    Ok(serde_json::to_string(value)?)
}

/// Now, as RFC 3339 UTC with milliseconds.
pub fn now_rfc3339() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = now.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        now.subsec_millis()
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Start time of process `pid` in clock ticks since boot, if it exists.
pub fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    after.split_whitespace().nth(19)?.parse().ok()
}

/// The audit store.
pub struct AuditStore {
    conn: Connection,
    path: PathBuf,
}

impl std::fmt::Debug for AuditStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuditStore")
            .field("path", &self.path)
            .finish()
    }
}

/// Default database: `$XDG_DATA_HOME/glovebox/audit.sqlite3`, else `~/.local/share/glovebox/audit.sqlite3`.
pub fn default_db_path() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("glovebox/audit.sqlite3")
}

impl AuditStore {
    /// Opens (creating and migrating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Self, AuditError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| AuditError::Folder {
                path: dir.to_owned(),
                source,
            })?;
        }
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let started = std::time::Instant::now();
        // Switching a new file to WAL takes a lock SQLite does not wait for
        // with the busy handler: when many processes open a new log at once,
        // the setup is tried again until it passes or the budget is spent.
        loop {
            match set_up(&mut conn) {
                Err(AuditError::Sqlite(e))
                    if is_busy(&e) && started.elapsed() < OPEN_RETRY_BUDGET =>
                {
                    tracing::debug!(error = %e, "the audit log is busy; its setup is tried again");
                    std::thread::sleep(OPEN_RETRY_PAUSE);
                }
                other => break other?,
            }
        }
        Ok(Self {
            conn,
            path: path.to_owned(),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one entry, in its own immediate transaction; returns it.
    pub fn append(&mut self, run_id: &str, kind: &str, body: &Value) -> Result<Entry, AuditError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let entry = append_in(&tx, run_id, kind, body)?;
        tx.commit()?;
        tracing::debug!(seq = entry.seq, run_id, kind, "audit entry");
        Ok(entry)
    }

    /// Records one step of a run, in its own immediate transaction.
    pub fn record(&mut self, run_id: &str, event: &Event) -> Result<Entry, AuditError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let entry = record_in(&tx, run_id, event)?;
        tx.commit()?;
        tracing::debug!(seq = entry.seq, run_id, kind = %entry.kind, "audit entry");
        Ok(entry)
    }

    /// The typed steps of one run, in order.
    pub fn events(&self, run_id: &str) -> Result<Vec<Recorded>, AuditError> {
        self.run_entries(run_id)?.iter().map(decode).collect()
    }

    /// `run_started` of the newest runs first, at most `limit`. A start
    /// that does not read back (written by a newer Glovebox, or damaged) is
    /// left out of the list with a warning rather than hiding every other
    /// run; `verify` and opening that run say what is wrong with it.
    pub fn recent_starts(&self, limit: i64) -> Result<Vec<(Recorded, RunStarted)>, AuditError> {
        Ok(self
            .recent_runs(limit)?
            .iter()
            .filter_map(|entry| match started(entry) {
                Ok(start) => Some(start),
                Err(e) => {
                    tracing::warn!(run_id = %entry.run_id, error = %e, "a run's start cannot be read");
                    None
                }
            })
            .collect())
    }

    /// The step that ended a run (`run_finished` or `run_interrupted`), if any.
    pub fn end_of(&self, run_id: &str) -> Result<Option<Recorded>, AuditError> {
        self.run_end(run_id)?.as_ref().map(decode).transpose()
    }

    fn entries_where(
        &self,
        sql_tail: &str,
        arg: &dyn rusqlite::ToSql,
    ) -> Result<Vec<Entry>, AuditError> {
        entries_where_in(&self.conn, sql_tail, arg)
    }

    /// Entries of one run, in order.
    pub fn run_entries(&self, run_id: &str) -> Result<Vec<Entry>, AuditError> {
        self.entries_where("WHERE run_id = ?1 ORDER BY seq", &run_id)
    }

    /// The entry that ended a run (`run_finished` or `run_interrupted`), if any.
    pub fn run_end(&self, run_id: &str) -> Result<Option<Entry>, AuditError> {
        Ok(self
            .entries_where(
                "WHERE run_id = ?1 AND kind IN ('run_finished', 'run_interrupted') ORDER BY seq DESC LIMIT 1",
                &run_id,
            )?
            .pop())
    }

    /// `run_started` entries, newest first, at most `limit`.
    pub fn recent_runs(&self, limit: i64) -> Result<Vec<Entry>, AuditError> {
        self.entries_where(
            "WHERE kind = 'run_started' ORDER BY seq DESC LIMIT ?1",
            &limit,
        )
    }

    /// Runs that started but never finished.
    pub fn unfinished_runs(&self) -> Result<Vec<Entry>, AuditError> {
        unfinished_runs_in(&self.conn)
    }

    /// Appends `run_interrupted` for every unfinished run whose process
    /// (pid and start time recorded in `run_started`) no longer exists.
    ///
    /// The question (which runs are unfinished) and the answer (the
    /// entries) are one immediate transaction: it holds the write lock from
    /// the query to the commit, so of many processes opening the log at
    /// once, the first marks a run and the others find it marked.
    pub fn mark_interrupted_runs(&mut self) -> Result<usize, AuditError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut marked = 0;
        for entry in unfinished_runs_in(&tx)? {
            // A start that cannot be read has no live process to wait for.
            let alive = started(&entry).is_ok_and(|(_, s)| {
                s.pid != 0 && s.pid_start.is_some() && process_start(s.pid) == s.pid_start
            });
            if !alive {
                tracing::warn!(run_id = %entry.run_id, "marking an interrupted run");
                let reason = "the program stopped before the run finished".to_owned();
                let event = Event::RunInterrupted(RunInterrupted { reason });
                record_in(&tx, &entry.run_id, &event)?;
                marked += 1;
            }
        }
        tx.commit()?;
        Ok(marked)
    }

    /// Checks the whole chain; names the first entry that does not hold.
    pub fn verify(&self) -> Result<ChainReport, AuditError> {
        let _span = tracing::info_span!("audit_verify").entered();
        let mut stmt = self.conn.prepare(
            "SELECT seq, run_id, kind, at, body, prev_hash, hash FROM entries ORDER BY seq",
        )?;
        let mut rows = stmt.query([])?;
        let mut expected_prev = GENESIS_HASH.to_owned();
        let mut expected_seq = 1i64;
        let mut count = 0i64;
        while let Some(r) = rows.next()? {
            let (seq, run_id, kind, at, body, prev, hash): (
                i64,
                String,
                String,
                String,
                String,
                String,
                String,
            ) = (
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            );
            count += 1;
            let broken = |reason: String| {
                Ok(ChainReport {
                    entries: count,
                    first_break: Some(ChainBreak { seq, reason }),
                })
            };
            if seq != expected_seq {
                return broken(format!(
                    "entry {expected_seq} is missing (found {seq} next)"
                ));
            }
            if prev != expected_prev {
                return broken("it does not link to the entry before it".into());
            }
            if entry_hash(&prev, seq, &run_id, &kind, &at, &body) != hash {
                return broken("its content does not match its hash (it was changed)".into());
            }
            expected_prev = hash;
            expected_seq += 1;
        }
        Ok(ChainReport {
            entries: count,
            first_break: None,
        })
    }
}

/// The typed event of a raw entry.
fn decode(entry: &Entry) -> Result<Recorded, AuditError> {
    let event =
        Event::from_entry(&entry.kind, &entry.body).map_err(|source| AuditError::Decode {
            seq: entry.seq,
            kind: entry.kind.clone(),
            source,
        })?;
    Ok(Recorded {
        run_id: entry.run_id.clone(),
        seq: entry.seq,
        at: entry.at.clone(),
        hash: entry.hash.clone(),
        event,
    })
}

/// A `run_started` entry, typed.
fn started(entry: &Entry) -> Result<(Recorded, RunStarted), AuditError> {
    let recorded = decode(entry)?;
    match &recorded.event {
        Event::RunStarted(s) => {
            let s = s.clone();
            Ok((recorded, s))
        }
        _ => Err(AuditError::Decode {
            seq: entry.seq,
            kind: entry.kind.clone(),
            source: <serde_json::Error as serde::de::Error>::custom("not a run_started entry"),
        }),
    }
}

/// Appends one entry on `conn`, inside the caller's write transaction (the
/// last entry is read and the next written under one lock).
fn append_in(
    conn: &Connection,
    run_id: &str,
    kind: &str,
    body: &Value,
) -> Result<Entry, AuditError> {
    let body_text = canonical(body)?;
    let at = now_rfc3339();
    let last: Option<(i64, String)> = conn
        .query_row(
            "SELECT seq, hash FROM entries ORDER BY seq DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let (seq, prev_hash) = match last {
        Some((seq, hash)) => (seq + 1, hash),
        None => (1, GENESIS_HASH.to_owned()),
    };
    let hash = entry_hash(&prev_hash, seq, run_id, kind, &at, &body_text);
    conn.execute(
        "INSERT INTO entries (seq, run_id, kind, at, body, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![seq, run_id, kind, at, body_text, prev_hash, hash],
    )?;
    Ok(Entry {
        seq,
        run_id: run_id.into(),
        kind: kind.into(),
        at,
        body: body.clone(),
        prev_hash,
        hash,
    })
}

/// Records one typed step on `conn`, inside the caller's write transaction.
fn record_in(conn: &Connection, run_id: &str, event: &Event) -> Result<Entry, AuditError> {
    let (kind, body) = event.to_entry()?;
    append_in(conn, run_id, &kind, &body)
}

/// Entries matching `sql_tail` (one parameter), read on `conn`.
fn entries_where_in(
    conn: &Connection,
    sql_tail: &str,
    arg: &dyn rusqlite::ToSql,
) -> Result<Vec<Entry>, AuditError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT seq, run_id, kind, at, body, prev_hash, hash FROM entries {sql_tail}"
    ))?;
    let rows = stmt.query_map([arg], |r| {
        let body: String = r.get(4)?;
        Ok(Entry {
            seq: r.get(0)?,
            run_id: r.get(1)?,
            kind: r.get(2)?,
            at: r.get(3)?,
            body: serde_json::from_str(&body).unwrap_or(Value::String(body)),
            prev_hash: r.get(5)?,
            hash: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// `run_started` entries of runs with no `run_finished` nor
/// `run_interrupted`, read on `conn`.
fn unfinished_runs_in(conn: &Connection) -> Result<Vec<Entry>, AuditError> {
    entries_where_in(
        conn,
        "WHERE kind = 'run_started' AND run_id NOT IN \
         (SELECT run_id FROM entries WHERE kind IN ('run_finished', 'run_interrupted')) AND ?1 ORDER BY seq",
        &1,
    )
}

/// WAL journal, full sync, schema up to date.
fn set_up(conn: &mut Connection) -> Result<(), AuditError> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    migrate(conn)
}

/// Another connection holds the lock.
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

fn migrate(conn: &mut Connection) -> Result<(), AuditError> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(AuditError::TooNew(version));
    }
    if version == SCHEMA_VERSION {
        return Ok(());
    }
    // All pending migrations and the version bump in one transaction; the
    // version is read again under its lock, as another process opening the
    // same new file may have migrated it meanwhile.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Exclusive)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(AuditError::TooNew(version));
    }
    if version == SCHEMA_VERSION {
        return Ok(());
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tracing::info!(to = i + 1, "migrating the audit database");
        tx.execute_batch(sql)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn store() -> (tempfile::TempDir, AuditStore) {
        let dir = tempfile::tempdir().unwrap();
        let store = AuditStore::open(&dir.path().join("a/audit.sqlite3")).unwrap();
        (dir, store)
    }

    #[test]
    fn a_start_that_does_not_read_is_left_out_of_the_list_not_the_whole_list() {
        let (_dir, mut store) = store();
        store
            .append("run-bad", "run_started", &json!({"goal": 3}))
            .unwrap();
        let good = event::RunStarted {
            goal: "total".into(),
            files: vec![],
            provider: "offline".into(),
            model: None,
            lang: crate::lang::Lang::En,
            pid: 1,
            pid_start: None,
            limits: glovebox_sandbox::Limits::default(),
            rerun_of: None,
            follows: None,
        };
        store.record("run-good", &Event::RunStarted(good)).unwrap();
        let listed: Vec<String> = store
            .recent_starts(10)
            .unwrap()
            .into_iter()
            .map(|(r, _)| r.run_id)
            .collect();
        assert_eq!(listed, ["run-good"]);
        assert!(matches!(
            store.events("run-bad"),
            Err(AuditError::Decode { .. })
        ));
    }

    #[test]
    fn answer_items_keep_the_results_order_through_the_log_and_old_answers_still_read() {
        let (_dir, mut store) = store();
        let item = |name: &str, value: f64, unit: Option<&str>| event::AnswerItem {
            name: name.into(),
            value: json!(value),
            unit: unit.map(str::to_owned),
        };
        let items = vec![
            item("West", 3.0, Some("EUR")),
            item("10", 1.0, None),
            item("East", 2.0, Some("percent")),
        ];
        let answer = event::Answer {
            values: items
                .iter()
                .map(|i| (i.name.clone(), i.value.clone()))
                .collect(),
            text: String::new(),
            items: items.clone(),
        };
        let finished = event::RunFinished {
            status: event::Status::Answered,
            answer: Some(answer),
            explanation: None,
            stop_kind: None,
            stop_reason: None,
            interpretation: None,
            suggestions: vec![],
        };
        store
            .record("run-new", &Event::RunFinished(finished))
            .unwrap();
        // An answer recorded before items: a name → value map only.
        let old = json!({"status": "answered", "answer": {"values": {"b": 2, "a": 1}, "text": "a: 1; b: 2"}});
        store.append("run-old", "run_finished", &old).unwrap();
        let read = |run: &str| match &store.events(run).unwrap()[0].event {
            Event::RunFinished(f) => f.answer.clone().expect("answer"),
            other => panic!("{other:?}"),
        };
        assert_eq!(read("run-new").items, items);
        let old_answer = read("run-old");
        assert!(old_answer.items.is_empty());
        assert_eq!(old_answer.values.len(), 2);
        assert_eq!(store.verify().unwrap().entries, 2);
    }

    #[test]
    fn migration_creates_the_schema_once() {
        let (dir, store) = store();
        let v: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA_VERSION);
        drop(store);
        let again = AuditStore::open(&dir.path().join("a/audit.sqlite3")).unwrap();
        assert_eq!(again.verify().unwrap().entries, 0);
    }

    #[test]
    fn a_failing_migration_leaves_the_database_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.sqlite3");
        let mut conn = Connection::open(&path).unwrap();
        // A table of the same name makes migration 1 fail half-way.
        conn.execute_batch("CREATE TABLE entries (x)").unwrap();
        assert!(migrate(&mut conn).is_err());
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 0, "version must not move");
        let index: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'entries_run'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(index, 0, "no part of the failed migration may remain");
    }

    #[test]
    fn chain_links_and_verifies() {
        let (_d, mut store) = store();
        let a = store
            .append("r1", "run_started", &json!({"goal": "x"}))
            .unwrap();
        let b = store
            .append("r1", "run_finished", &json!({"status": "answered"}))
            .unwrap();
        assert_eq!(a.prev_hash, GENESIS_HASH);
        assert_eq!(b.prev_hash, a.hash);
        assert_eq!(
            store.verify().unwrap(),
            ChainReport {
                entries: 2,
                first_break: None
            }
        );
    }

    #[test]
    fn updates_and_deletes_are_refused() {
        let (_d, mut store) = store();
        store.append("r1", "run_started", &json!({})).unwrap();
        let err = store
            .conn
            .execute("UPDATE entries SET body = '{}'", [])
            .unwrap_err();
        assert!(err.to_string().contains("append-only"), "{err}");
        assert!(store.conn.execute("DELETE FROM entries", []).is_err());
    }

    #[test]
    fn tampered_body_is_found_at_its_entry() {
        let (_d, mut store) = store();
        for i in 0..4 {
            store.append("r1", "step", &json!({"i": i})).unwrap();
        }
        store.conn.execute_batch("DROP TRIGGER entries_no_update; UPDATE entries SET body = '{\"i\":99}' WHERE seq = 3").unwrap();
        let report = store.verify().unwrap();
        assert_eq!(report.first_break.unwrap().seq, 3);
    }

    #[test]
    fn removed_entry_is_found() {
        let (_d, mut store) = store();
        for i in 0..4 {
            store.append("r1", "step", &json!({"i": i})).unwrap();
        }
        store
            .conn
            .execute_batch("DROP TRIGGER entries_no_delete; DELETE FROM entries WHERE seq = 2")
            .unwrap();
        let brk = store.verify().unwrap().first_break.unwrap();
        assert_eq!(brk.seq, 3);
        assert!(brk.reason.contains("entry 2 is missing"), "{}", brk.reason);
    }

    #[test]
    fn rewritten_chain_tail_is_found_where_it_diverges() {
        let (_d, mut store) = store();
        for i in 0..3 {
            store.append("r1", "step", &json!({"i": i})).unwrap();
        }
        // Recomputing one hash is not enough: the next entry's link breaks.
        store
            .conn
            .execute_batch("DROP TRIGGER entries_no_update")
            .unwrap();
        let (prev, at): (String, String) = store
            .conn
            .query_row("SELECT prev_hash, at FROM entries WHERE seq = 2", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        let forged = entry_hash(&prev, 2, "r1", "step", &at, "{\"i\":7}");
        store
            .conn
            .execute(
                "UPDATE entries SET body = '{\"i\":7}', hash = ?1 WHERE seq = 2",
                [forged],
            )
            .unwrap();
        assert_eq!(store.verify().unwrap().first_break.unwrap().seq, 3);
    }

    #[test]
    fn many_connections_mark_an_interrupted_run_exactly_once() {
        const OPENERS: usize = 20;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("audit.sqlite3");
        let start = |pid: u32, pid_start: Option<u64>| {
            Event::RunStarted(event::RunStarted {
                goal: "total".into(),
                files: vec![],
                provider: "offline".into(),
                model: None,
                lang: crate::lang::Lang::En,
                pid,
                pid_start,
                limits: glovebox_sandbox::Limits::default(),
                rerun_of: None,
                follows: None,
            })
        };
        {
            let mut store = AuditStore::open(&path).unwrap();
            // pid 0 is no process: this run's program is gone.
            store.record("run-dead", &start(0, None)).unwrap();
            let me = std::process::id();
            store
                .record("run-alive", &start(me, process_start(me)))
                .unwrap();
        }
        // Every connection opens, then all mark at the same moment.
        let barrier = std::sync::Barrier::new(OPENERS);
        let marked: Vec<usize> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..OPENERS)
                .map(|_| {
                    s.spawn(|| {
                        let mut store = AuditStore::open(&path).unwrap();
                        barrier.wait();
                        store.mark_interrupted_runs().unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(marked.iter().sum::<usize>(), 1, "{marked:?}");
        let store = AuditStore::open(&path).unwrap();
        let kinds = |run: &str| -> Vec<String> {
            store
                .run_entries(run)
                .unwrap()
                .into_iter()
                .map(|e| e.kind)
                .collect()
        };
        assert_eq!(kinds("run-dead"), ["run_started", "run_interrupted"]);
        assert_eq!(kinds("run-alive"), ["run_started"]);
        assert_eq!(store.verify().unwrap().first_break, None);
    }

    #[test]
    fn many_connections_create_a_new_log_at_once() {
        const OPENERS: usize = 20;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.sqlite3");
        let barrier = std::sync::Barrier::new(OPENERS);
        std::thread::scope(|s| {
            for _ in 0..OPENERS {
                s.spawn(|| {
                    barrier.wait();
                    let mut store = AuditStore::open(&path).unwrap();
                    store.mark_interrupted_runs().unwrap();
                });
            }
        });
        let store = AuditStore::open(&path).unwrap();
        let v: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!((v, store.verify().unwrap().entries), (SCHEMA_VERSION, 0));
    }

    #[test]
    fn dates_are_rfc3339() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert!(now_rfc3339().ends_with('Z'));
    }
}
