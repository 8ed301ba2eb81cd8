//! Evidence recorded from outside the job: which inputs the job opened and
//! read, as the helper saw them through fanotify marks on the inputs' mounts
//! inside the container. The job cannot reach or edit this record (it lives
//! in the helper's memory), unlike the audit hook of the runner inside the
//! sandbox, whose list is only a second, labelled source.

use serde::{Deserialize, Serialize};

/// What observed the record: fanotify marks set by the helper.
pub const SEEN_BY_FANOTIFY: &str = "sandbox (fanotify)";

/// The inputs the job opened and read, seen from outside the job, or why
/// they could not be seen. The default (no observer, no reason) is a record
/// made before the sandbox observed reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FilesRead {
    /// Who observed the reads ([`SEEN_BY_FANOTIFY`]); `None`: not observed.
    #[serde(default)]
    pub seen_by: Option<String>,
    /// Why the reads were not observed, in plain words (when `seen_by` is `None`).
    #[serde(default)]
    pub not_observed: Option<String>,
    /// The inputs the job opened, in the order of the job's inputs.
    #[serde(default)]
    pub files: Vec<FileRead>,
    /// The kernel dropped events (queue overflow): the list may be short.
    #[serde(default)]
    pub incomplete: bool,
}

/// One input the job opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRead {
    /// The path the job sees (`/input/<name>`).
    pub path: String,
    /// The job opened it.
    pub opened: bool,
    /// The job read bytes of it (`read`, `pread`, `sendfile`…; a memory
    /// map is seen as an open only).
    pub read: bool,
}

impl FilesRead {
    /// A record that says the reads were not observed, and why.
    pub fn not_observed(why: impl Into<String>) -> Self {
        Self {
            not_observed: Some(why.into()),
            ..Self::default()
        }
    }

    /// True when the sandbox observed the reads.
    pub fn observed(&self) -> bool {
        self.seen_by.is_some()
    }

    /// True for the default record (older outcomes carry none).
    pub fn is_unrecorded(&self) -> bool {
        self == &Self::default()
    }

    /// The paths of the inputs the job opened (read or not).
    pub fn paths(&self) -> Vec<&str> {
        self.files.iter().map(|f| f.path.as_str()).collect()
    }

    /// In words, for a report line: the paths, "none", or why not observed.
    pub fn describe(&self) -> String {
        match (&self.seen_by, &self.not_observed) {
            (Some(_), _) if self.files.is_empty() => "none".to_owned(),
            (Some(_), _) => {
                let list = self.paths().join(", ");
                if self.incomplete {
                    format!("{list} (some events were lost: the list may be short)")
                } else {
                    list
                }
            }
            (None, Some(why)) => format!("not observed ({why})"),
            (None, None) => "not observed".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_each_kind_of_record() {
        let none = FilesRead {
            seen_by: Some(SEEN_BY_FANOTIFY.into()),
            ..FilesRead::default()
        };
        assert_eq!(none.describe(), "none");
        let two = FilesRead {
            seen_by: Some(SEEN_BY_FANOTIFY.into()),
            files: vec![
                FileRead {
                    path: "/input/a.csv".into(),
                    opened: true,
                    read: true,
                },
                FileRead {
                    path: "/input/b.csv".into(),
                    opened: true,
                    read: false,
                },
            ],
            ..FilesRead::default()
        };
        assert_eq!(two.describe(), "/input/a.csv, /input/b.csv");
        assert_eq!(
            FilesRead::not_observed("needs root").describe(),
            "not observed (needs root)"
        );
        assert!(FilesRead::default().is_unrecorded());
        assert!(!FilesRead::not_observed("x").is_unrecorded());
    }

    #[test]
    fn an_old_record_without_the_field_reads_as_unrecorded() {
        let r: FilesRead = serde_json::from_str("{}").expect("json");
        assert!(r.is_unrecorded());
        assert!(!r.observed());
    }
}
