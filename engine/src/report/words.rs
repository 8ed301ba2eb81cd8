//! The words of a report (headings, labels) in English, French and Spanish,
//! shared by the HTML and PDF renderings so both say the same thing, and
//! how a manifest value is written as text.

use serde::Serialize;
use serde_json::Value;

use super::manifest::{Manifest, ManifestAttempt, ManifestInput};
use crate::lang::Lang;
use crate::policy::Finding;
use crate::validate::RawValue;

/// Words of a report in one language.
pub(crate) struct Words {
    pub(crate) lang: &'static str,
    pub(crate) title: &'static str,
    pub(crate) goal: &'static str,
    pub(crate) answer: &'static str,
    pub(crate) stopped: &'static str,
    pub(crate) explanation: &'static str,
    /// Before the restated reading of the question (its colon included).
    pub(crate) read_as: &'static str,
    /// Before each choice the question did not state (its colon included).
    pub(crate) assumed: &'static str,
    pub(crate) tables: &'static str,
    pub(crate) charts: &'static str,
    /// Under a figure the code drew (its colon included).
    pub(crate) drawn_by_code: &'static str,
    /// A figure the code saved as SVG only, in a PDF report.
    pub(crate) svg_only: &'static str,
    pub(crate) inputs: &'static str,
    pub(crate) file: &'static str,
    pub(crate) size: &'static str,
    pub(crate) rows: &'static str,
    pub(crate) columns: &'static str,
    pub(crate) code: &'static str,
    pub(crate) changes: &'static str,
    pub(crate) policy: &'static str,
    pub(crate) no_findings: &'static str,
    pub(crate) approved_by: &'static str,
    pub(crate) sandbox: &'static str,
    pub(crate) network: &'static str,
    pub(crate) network_none: &'static str,
    pub(crate) limits: &'static str,
    pub(crate) usage: &'static str,
    pub(crate) files_read: &'static str,
    /// The label of files read as the sandbox saw them (newer runs).
    pub(crate) files_seen: &'static str,
    /// No file read, as the sandbox saw it.
    pub(crate) files_none: &'static str,
    pub(crate) attempts: &'static str,
    pub(crate) attempt: &'static str,
    pub(crate) how: &'static str,
    pub(crate) more_rows: &'static str,
    pub(crate) record: &'static str,
    /// PDF only: what the attachments are.
    pub(crate) attached: &'static str,
}

pub(crate) const EN: Words = Words {
    lang: "en",
    title: "Glovebox report",
    goal: "Question",
    answer: "Answer",
    stopped: "No answer",
    explanation: "How to read it",
    read_as: "Read as:",
    assumed: "Assumed:",
    tables: "Tables",
    charts: "Charts",
    drawn_by_code: "Drawn by the code:",
    svg_only: "saved as SVG only; the HTML report shows it",
    inputs: "Files read",
    file: "File",
    size: "Size",
    rows: "Rows",
    columns: "Columns",
    code: "Code that ran",
    changes: "Changes from the generated code",
    policy: "Code check",
    no_findings: "no finding",
    approved_by: "approved by",
    sandbox: "Sandbox",
    network: "Network",
    network_none: "none (no network in the sandbox); attempts refused",
    limits: "Limits",
    usage: "Resources used",
    files_read: "Files opened by the code",
    files_seen: "Files read (seen by the sandbox)",
    files_none: "none",
    attempts: "Attempts",
    attempt: "Attempt",
    how: "How this was computed",
    more_rows: "more rows in the manifest",
    record: "Record",
    attached: "The signed manifest and its signature are attached to this PDF (glovebox-manifest.json, glovebox-signature.json, chart images); check them with `glovebox verify`.",
};

pub(crate) const FR: Words = Words {
    lang: "fr",
    title: "Rapport Glovebox",
    goal: "Question",
    answer: "Réponse",
    stopped: "Pas de réponse",
    explanation: "Comment la lire",
    read_as: "Comprise comme :",
    assumed: "Hypothèse :",
    tables: "Tableaux",
    charts: "Graphiques",
    drawn_by_code: "Dessiné par le code :",
    svg_only: "enregistré en SVG seulement ; le rapport HTML le montre",
    inputs: "Fichiers lus",
    file: "Fichier",
    size: "Taille",
    rows: "Lignes",
    columns: "Colonnes",
    code: "Code exécuté",
    changes: "Modifications par rapport au code généré",
    policy: "Vérification du code",
    no_findings: "aucune remarque",
    approved_by: "approuvé par",
    sandbox: "Bac à sable",
    network: "Réseau",
    network_none: "aucun (pas de réseau dans le bac à sable) ; tentatives refusées",
    limits: "Limites",
    usage: "Ressources utilisées",
    files_read: "Fichiers ouverts par le code",
    files_seen: "Fichiers lus (vus par le bac à sable)",
    files_none: "aucun",
    attempts: "Tentatives",
    attempt: "Tentative",
    how: "Comment ce résultat a été calculé",
    more_rows: "lignes de plus dans le manifeste",
    record: "Enregistrement",
    attached: "Le manifeste signé et sa signature sont joints à ce PDF (glovebox-manifest.json, glovebox-signature.json, images des graphiques) ; vérifiez-les avec `glovebox verify`.",
};

pub(crate) const ES: Words = Words {
    lang: "es",
    title: "Informe de Glovebox",
    goal: "Pregunta",
    answer: "Respuesta",
    stopped: "Sin respuesta",
    explanation: "Cómo leerla",
    read_as: "Entendida como:",
    assumed: "Supuesto:",
    tables: "Tablas",
    charts: "Gráficos",
    drawn_by_code: "Dibujado por el código:",
    svg_only: "guardado solo como SVG; el informe HTML lo muestra",
    inputs: "Archivos leídos",
    file: "Archivo",
    size: "Tamaño",
    rows: "Filas",
    columns: "Columnas",
    code: "Código ejecutado",
    changes: "Cambios respecto al código generado",
    policy: "Revisión del código",
    no_findings: "ninguna observación",
    approved_by: "aprobado por",
    sandbox: "Entorno aislado",
    network: "Red",
    network_none: "ninguna (sin red en el entorno aislado); intentos rechazados",
    limits: "Límites",
    usage: "Recursos usados",
    files_read: "Archivos abiertos por el código",
    files_seen: "Archivos leídos (vistos por el entorno aislado)",
    files_none: "ninguno",
    attempts: "Intentos",
    attempt: "Intento",
    how: "Cómo se calculó",
    more_rows: "filas más en el manifiesto",
    record: "Registro",
    attached: "El manifiesto firmado y su firma van adjuntos a este PDF (glovebox-manifest.json, glovebox-signature.json, imágenes de los gráficos); compruébelos con `glovebox verify`.",
};

impl Words {
    /// The words for a report in `lang`.
    pub(crate) fn of(lang: Lang) -> &'static Words {
        match lang {
            Lang::Fr => &FR,
            Lang::Es => &ES,
            Lang::En => &EN,
        }
    }
}

/// A JSON value as report text: strings as they are, null as nothing,
/// floats as [`number`], anything else as compact JSON (keys sorted).
pub(crate) fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => number(f),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// A number of a checked result (they are all floats) as report text:
/// 120.0 reads as 120; others as JSON writes them.
pub(crate) fn number(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        // No number when not finite: JSON cannot spell it (the manifest says null).
        serde_json::Number::from_f64(f).map_or_else(String::new, |n| n.to_string())
    }
}

/// A table cell as report text.
pub(crate) fn cell(v: &RawValue) -> String {
    match v {
        RawValue::Null => String::new(),
        RawValue::Bool(b) => b.to_string(),
        RawValue::Number(f) => number(*f),
        RawValue::Text(s) => s.clone(),
        // As the manifest writes it: {"non_finite":"nan"}.
        RawValue::NonFinite { .. } => json(v),
    }
}

/// A typed part of the manifest as its JSON reads in the report: a name
/// as its JSON spelling (`integer`, `allow`), a structure (limits, mode)
/// as compact JSON with its keys sorted, nothing for null.
pub(crate) fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v).map_or_else(|_| String::new(), |v| text(&v))
}

/// Text of an optional field: nothing when absent.
pub(crate) fn or_empty(s: Option<&String>) -> &str {
    s.map_or("", String::as_str)
}

/// The columns of an input: `name (kind), ...`.
pub(crate) fn columns(input: &ManifestInput) -> String {
    input
        .columns
        .iter()
        .map(|c| format!("{} ({})", c.name, json(&c.kind)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The policy's verdict on an attempt (nothing when it was not checked).
pub(crate) fn verdict(a: &ManifestAttempt) -> String {
    a.policy
        .as_ref()
        .map(|p| json(&p.verdict))
        .unwrap_or_default()
}

/// The policy's findings on an attempt.
pub(crate) fn findings(a: &ManifestAttempt) -> &[Finding] {
    a.policy.as_ref().map_or(&[], |p| p.findings.as_slice())
}

/// Who approved an attempt's review, if anyone did.
pub(crate) fn approved_by(a: &ManifestAttempt) -> Option<&str> {
    a.approval.as_ref().map(|ap| ap.by.as_str())
}

/// Why an attempt failed, if it did (nothing for a sandbox error, which
/// has a message rather than a reason).
pub(crate) fn failure(a: &ManifestAttempt) -> Option<&str> {
    a.failure.as_ref().map(|f| f.reason().unwrap_or(""))
}

/// Resources the last sandbox run used.
pub(crate) fn usage(m: &Manifest) -> String {
    let of = |f: fn(&glovebox_sandbox::Usage) -> u64| {
        m.usage
            .as_ref()
            .map(|u| f(u).to_string())
            .unwrap_or_default()
    };
    format!(
        "wall {} ms, cpu {} ms, peak memory {} bytes",
        of(|u| u.wall_ms),
        of(|u| u.cpu_ms),
        of(|u| u.peak_memory_bytes)
    )
}

/// Network attempts the last sandbox run refused.
pub(crate) fn network_attempts(m: &Manifest) -> usize {
    m.network_attempts.as_ref().map_or(0, Vec::len)
}

/// The label of the files read: seen by the sandbox (entries carry
/// `seen_by`), or the code's own audit hook's list (older runs, rootless).
pub(crate) fn files_read_label(m: &Manifest, w: &Words) -> &'static str {
    if m.files_read_seen_by.is_some() {
        w.files_seen
    } else {
        w.files_read
    }
}

/// The paths of the files the code opened. Each is a free-form object (as
/// the sandbox or the code's audit hook recorded it), so `path` is looked up
/// by name.
pub(crate) fn files_read(m: &Manifest, w: &Words) -> String {
    let list = m
        .files_read
        .iter()
        .flatten()
        .map(|f| text(&f["path"]))
        .collect::<Vec<_>>()
        .join(", ");
    if list.is_empty() && m.files_read_seen_by.is_some() {
        w.files_none.to_owned()
    } else {
        list
    }
}
