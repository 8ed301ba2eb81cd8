//! A CSV inside a gzip file (`.csv.gz`) or a zip archive that holds it
//! alone, described as it streams out of the decompressor — nothing is
//! written to disk — with the same sniff and scan as a plain CSV. The hash
//! is the compressed file's (what a re-run checks). In the sandbox pandas
//! reads it with its own decompression (`compression="gzip"` / `"zip"`;
//! pandas reads a zip that holds exactly one file).

use std::io::{Cursor, Read, Seek};

use super::hash::HashingReader;
use super::table::Base;
use super::{
    csv_description, scan_reader, sniff, InputDescription, InputError, InputFormat, SNIFF_BYTES,
};

/// Most entry names quoted when a zip does not hold one CSV.
const SHOWN_ENTRIES: usize = 5;

/// Describes a `.csv.gz` or a zip of one CSV.
pub(super) fn describe(
    mut file: std::fs::File,
    base: Base,
) -> Result<InputDescription, InputError> {
    let name = base.name.clone();
    let damaged = |reason: String| InputError::Damaged {
        name: name.clone(),
        what: base.format.what().into(),
        reason,
    };
    let (mut d, sha256) = if base.format == InputFormat::CsvGzip {
        let mut hashing = HashingReader::new(&mut file);
        let decoder = flate2::read::MultiGzDecoder::new(&mut hashing);
        let d = decompressed(decoder, &base, &damaged)?;
        (d, hashing.finish().map_err(|e| damaged(e.to_string()))?)
    } else {
        let d = zipped(&mut file, &base, &damaged)?;
        file.rewind().map_err(|e| damaged(e.to_string()))?;
        let sha256 = HashingReader::new(&mut file).finish();
        (d, sha256.map_err(|e| damaged(e.to_string()))?)
    };
    d.sha256 = sha256;
    d.format = base.format;
    d.notes.push(format!(
        "{} is read as the CSV it holds",
        match base.format {
            InputFormat::CsvGzip => "the compressed file",
            _ => "the zip archive",
        }
    ));
    Ok(d)
}

/// The decompressor's stream, remembering the error it failed with.
struct Watched<R> {
    inner: R,
    failed: std::rc::Rc<std::cell::RefCell<Option<String>>>,
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.inner.read(buf).inspect_err(|e| {
            *self.failed.borrow_mut() = Some(e.to_string());
        })
    }
}

/// Describes the CSV out of a decompressor; when the decompressor failed,
/// the file is named damaged, whatever the CSV reader made of it.
fn decompressed(
    reader: impl Read,
    base: &Base,
    damaged: &impl Fn(String) -> InputError,
) -> Result<InputDescription, InputError> {
    let failed = std::rc::Rc::default();
    let watched = Watched {
        inner: reader,
        failed: std::rc::Rc::clone(&failed),
    };
    csv_stream(watched, base).map_err(|e| match failed.borrow_mut().take() {
        Some(reason) => damaged(reason),
        None => e,
    })
}

/// The one CSV of a zip archive.
fn zipped(
    file: &mut std::fs::File,
    base: &Base,
    damaged: &impl Fn(String) -> InputError,
) -> Result<InputDescription, InputError> {
    let mut archive = zip::ZipArchive::new(&mut *file).map_err(|e| damaged(e.to_string()))?;
    if archive.len() != 1 {
        let entries = (0..archive.len().min(SHOWN_ENTRIES))
            .filter_map(|i| {
                archive
                    .name_for_index(i)
                    .and_then(|n| n.ok())
                    .map(|n| n.to_string())
            })
            .collect();
        return Err(InputError::NotOneCsvInZip {
            name: base.name.clone(),
            entries,
        });
    }
    let entry = archive.by_index(0).map_err(|e| damaged(e.to_string()))?;
    decompressed(entry, base, damaged)
}

/// Sniffs the first bytes of a stream and scans it all, as a plain CSV.
fn csv_stream(mut reader: impl Read, base: &Base) -> Result<InputDescription, InputError> {
    let name = &base.name;
    let mut sample = Vec::with_capacity(SNIFF_BYTES);
    (&mut reader)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut sample)
        .map_err(|e| InputError::Unreadable {
            name: name.clone(),
            reason: e.to_string(),
        })?;
    if sample.is_empty() {
        return Err(InputError::Empty(name.clone()));
    }
    // The whole text when the sample did not fill up.
    let size = if sample.len() < SNIFF_BYTES {
        sample.len() as u64
    } else {
        u64::MAX
    };
    let sniffed = sniff(&mut Cursor::new(&sample), name, size)?;
    let scanned = scan_reader(Cursor::new(sample).chain(reader), name, &sniffed)?;
    // The caller hashes the compressed file itself.
    csv_description(
        &base.path,
        name.clone(),
        base.size_bytes,
        &sniffed,
        scanned,
        String::new(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};
    use std::io::Write;

    fn base(path: &std::path::Path, format: InputFormat) -> Base {
        Base {
            name: path.file_name().unwrap().to_string_lossy().into(),
            path: path.to_owned(),
            size_bytes: std::fs::metadata(path).unwrap().len(),
            sha256: String::new(),
            format,
            sheet: None,
            notes: Vec::new(),
        }
    }

    const CSV: &str = "region;amount\nSouth;3,5\nNorth;2\n";

    #[test]
    fn a_gzip_csv_reads_as_its_csv_and_hashes_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.csv.gz");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(CSV.as_bytes()).unwrap();
        let bytes = gz.finish().unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let d = describe(
            std::fs::File::open(&path).unwrap(),
            base(&path, InputFormat::CsvGzip),
        )
        .expect("describe");
        assert_eq!((d.delimiter, d.decimal_comma, d.row_count), (';', true, 2));
        assert_eq!(d.sha256, hex::encode(Sha256::digest(&bytes)));
        assert_eq!(d.format, InputFormat::CsvGzip);
    }

    #[test]
    fn a_cut_gzip_is_named_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.csv.gz");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(CSV.repeat(100).as_bytes()).unwrap();
        let bytes = gz.finish().unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let e = describe(
            std::fs::File::open(&path).unwrap(),
            base(&path, InputFormat::CsvGzip),
        )
        .unwrap_err();
        assert!(matches!(e, InputError::Damaged { .. }), "{e}");
    }

    #[test]
    fn a_zip_of_one_csv_reads_and_a_zip_of_two_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, files: &[&str]| {
            let path = dir.path().join(name);
            let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
            for f in files {
                zip.start_file(*f, zip::write::SimpleFileOptions::default())
                    .unwrap();
                zip.write_all(CSV.as_bytes()).unwrap();
            }
            zip.finish().unwrap();
            path
        };
        let one = write("one.zip", &["s.csv"]);
        let d = describe(
            std::fs::File::open(&one).unwrap(),
            base(&one, InputFormat::CsvZip),
        )
        .expect("describe");
        assert_eq!(d.row_count, 2);
        let two = write("two.zip", &["a.csv", "b.csv"]);
        let e = describe(
            std::fs::File::open(&two).unwrap(),
            base(&two, InputFormat::CsvZip),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "two.zip: this zip archive holds 2 files (\"a.csv\" and \"b.csv\"), not one CSV: extract the CSV you want and give that file"
        );
    }
}
