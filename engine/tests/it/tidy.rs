//! House rules checked on the source tree itself (rust-analyzer's
//! `tidy.rs`): every Rust module opens with a `//!` doc, and
//! `ARCHITECTURE.md`'s code map names every source file, so the map cannot
//! drift from the code.

use std::path::{Path, PathBuf};

use crate::common::repo;

/// The crates' source folders, from the repository root.
const SOURCE_ROOTS: &[&str] = &["engine/src", "sandbox/src", "src-tauri/src"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every source file, as a path relative to its crate's `src/`.
fn sources() -> Vec<(String, PathBuf)> {
    let mut all = Vec::new();
    for root in SOURCE_ROOTS {
        let root = repo().join(root);
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        for f in files {
            let rel = f
                .strip_prefix(&root)
                .expect("under its root")
                .to_string_lossy()
                .into_owned();
            all.push((rel, f));
        }
    }
    all
}

#[test]
fn every_module_opens_with_a_module_doc() {
    let missing: Vec<String> = sources()
        .into_iter()
        .filter(|(_, path)| {
            let text = std::fs::read_to_string(path).expect("read");
            !text.starts_with("//!")
        })
        .map(|(rel, _)| rel)
        .collect();
    assert!(missing.is_empty(), "modules without a //! doc: {missing:?}");
}

/// How the code map names a file: `name.rs` for a file at the top of its
/// crate, `folder/name.rs` inside a folder, and the folder (`folder/`) for
/// its `mod.rs`.
fn map_name(rel: &str) -> String {
    match rel.strip_suffix("mod.rs") {
        Some(folder) if folder.ends_with('/') => format!("`{folder}`"),
        _ => format!("`{rel}`"),
    }
}

#[test]
fn the_architecture_code_map_names_every_source_file() {
    let doc = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let unnamed: Vec<String> = sources()
        .into_iter()
        .map(|(rel, _)| map_name(&rel))
        .filter(|name| !doc.contains(name.as_str()))
        .collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md does not name these source files: {unnamed:?}"
    );
}
