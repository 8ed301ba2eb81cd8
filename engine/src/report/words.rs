//! The words of a report (headings, labels) in English, French and Spanish,
//! shared by the HTML and PDF renderings so both say the same thing, and
//! how a manifest value is written as text.

use serde::Serialize;
use serde_json::Value;

use glovebox_sandbox::mode::{CgroupLayout, CgroupManager, Isolation, Mode};

use super::manifest::{Manifest, ManifestAttempt, ManifestInput};
use crate::inputs::ColumnKind;
use crate::lang::Lang;
use crate::policy::{Finding, Verdict};
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
    /// Before the files' names in the page's top line (its colon included).
    pub(crate) files_label: &'static str,
    /// The result's notes.
    pub(crate) notes: &'static str,
    /// The evidence section's heading.
    pub(crate) evidence: &'static str,
    /// What the evidence section holds.
    pub(crate) evidence_intro: &'static str,
    /// The policy's verdict allow, in words.
    pub(crate) checked_allow: &'static str,
    /// The policy's verdict review, in words.
    pub(crate) checked_review: &'static str,
    /// The policy's verdict deny, in words.
    pub(crate) checked_deny: &'static str,
    /// An attempt the policy did not check.
    pub(crate) not_checked: &'static str,
    /// Who wrote an attempt: the offline recipes.
    pub(crate) by_offline: &'static str,
    /// Who wrote an attempt: the person.
    pub(crate) by_user: &'static str,
    /// Who wrote an attempt: a language model (its name follows).
    pub(crate) by_model: &'static str,
    /// A finding's line.
    pub(crate) line: &'static str,
    /// The processor time row.
    pub(crate) cpu_time: &'static str,
    /// The elapsed time row.
    pub(crate) wall_time: &'static str,
    /// The memory row.
    pub(crate) memory: &'static str,
    /// Before a limit (its colon included).
    pub(crate) limit: &'static str,
    /// Before the elapsed-time backstop.
    pub(crate) backstop: &'static str,
    /// After the peak memory.
    pub(crate) peak: &'static str,
    /// The row of the other limits.
    pub(crate) other_limits: &'static str,
    /// After the process limit.
    pub(crate) processes: &'static str,
    /// After the size of /tmp.
    pub(crate) tmp_files: &'static str,
    /// After the size of /output.
    pub(crate) output_files: &'static str,
    /// After the open-file limit.
    pub(crate) open_files: &'static str,
    /// The network row: there was none.
    pub(crate) network_blocked: &'static str,
    /// No network attempt.
    pub(crate) no_attempt: &'static str,
    /// After a number of network attempts.
    pub(crate) attempts_refused: &'static str,
    /// The sandbox image row.
    pub(crate) image: &'static str,
    /// The isolation row.
    pub(crate) isolation: &'static str,
    /// The signature's heading.
    pub(crate) signature: &'static str,
    /// Before the signing key's fingerprint.
    pub(crate) signed_with: &'static str,
    /// How a reader checks the page.
    pub(crate) verify_how: &'static str,
    /// A page rendered without its signature.
    pub(crate) unsigned: &'static str,
    /// The run's label in the record.
    pub(crate) run: &'static str,
    /// The audit entry's label in the record.
    pub(crate) audit_entry: &'static str,
    /// The code's heading when it never ran (refused, or stopped before).
    pub(crate) code_not_run: &'static str,
    /// Column kind.
    pub(crate) kind_integer: &'static str,
    /// Column kind.
    pub(crate) kind_decimal: &'static str,
    /// Column kind.
    pub(crate) kind_date: &'static str,
    /// Column kind.
    pub(crate) kind_boolean: &'static str,
    /// Column kind.
    pub(crate) kind_text: &'static str,
    /// Column kind.
    pub(crate) kind_empty: &'static str,
    /// A colon as the language writes it after a word (French: a no-break space before).
    pub(crate) colon: &'static str,
    /// A semicolon as the language writes it after a word.
    pub(crate) semicolon: &'static str,
    /// The heading of what the code printed.
    pub(crate) printed: &'static str,
    /// What the printed text is (and is not).
    pub(crate) printed_intro: &'static str,
    /// Before the size of all the code printed, when only its start is shown.
    pub(crate) printed_cut: &'static str,
    /// Before the name of an answer that is a tie.
    pub(crate) tie_for: &'static str,
    /// After how many share the tied place.
    pub(crate) tie_share: &'static str,
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
    files_label: "Files:",
    notes: "Notes",
    evidence: "How this was computed: the evidence",
    evidence_intro: "What a reader needs to check the answer: the files read, the code that ran, the limits it ran under and the signature.",
    checked_allow: "The code was checked: allowed.",
    checked_review: "The code was checked: it needed a person's approval.",
    checked_deny: "The code was checked: refused.",
    not_checked: "The code was not checked.",
    by_offline: "written by Glovebox's own recipes, on this computer",
    by_user: "written or edited by the person",
    by_model: "written by the language model",
    line: "line",
    cpu_time: "Processor time",
    wall_time: "Elapsed time",
    memory: "Memory",
    limit: "limit:",
    backstop: "stopped at the latest after",
    peak: "at the peak",
    other_limits: "Other limits",
    processes: "processes",
    tmp_files: "of temporary files",
    output_files: "of files written",
    open_files: "open files",
    network_blocked: "none: the code could not reach the network",
    no_attempt: "no attempt was made",
    attempts_refused: "attempts refused",
    image: "Sandbox image",
    isolation: "Isolation",
    signature: "Signature",
    signed_with: "Signed with the key whose fingerprint is",
    verify_how: "The signed record of this page travels inside it: Glovebox (glovebox verify) checks that nothing in the page was changed since it was signed.",
    unsigned: "This page is not signed.",
    run: "Run",
    audit_entry: "audit entry",
    code_not_run: "The code (it did not run)",
    kind_integer: "whole numbers",
    kind_decimal: "numbers",
    kind_date: "dates",
    kind_boolean: "yes/no",
    kind_text: "text",
    kind_empty: "empty",
    colon: ":",
    semicolon: ";",
    printed: "What the code printed",
    printed_intro: "The messages the code wrote as it ran: a log, not the checked answer.",
    printed_cut: "Only the beginning is shown; in all, the code printed",
    tie_for: "A tie for",
    tie_share: "share this place",
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
    files_label: "Fichiers\u{a0}:",
    notes: "Remarques",
    evidence: "Comment ce résultat a été calculé\u{a0}: les preuves",
    evidence_intro: "Ce qu'il faut pour vérifier la réponse\u{a0}: les fichiers lus, le code exécuté, les limites sous lesquelles il a tourné et la signature.",
    checked_allow: "Le code a été vérifié\u{a0}: autorisé.",
    checked_review: "Le code a été vérifié\u{a0}: il demandait l'accord d'une personne.",
    checked_deny: "Le code a été vérifié\u{a0}: refusé.",
    not_checked: "Le code n'a pas été vérifié.",
    by_offline: "écrit par les recettes de Glovebox, sur cet ordinateur",
    by_user: "écrit ou modifié par la personne",
    by_model: "écrit par le modèle de langage",
    line: "ligne",
    cpu_time: "Temps de processeur",
    wall_time: "Temps écoulé",
    memory: "Mémoire",
    limit: "limite\u{a0}:",
    backstop: "arrêt au plus tard après",
    peak: "au plus haut",
    other_limits: "Autres limites",
    processes: "processus",
    tmp_files: "de fichiers temporaires",
    output_files: "de fichiers écrits",
    open_files: "fichiers ouverts",
    network_blocked: "aucun\u{a0}: le code ne pouvait pas joindre le réseau",
    no_attempt: "aucune tentative",
    attempts_refused: "tentatives refusées",
    image: "Image du bac à sable",
    isolation: "Isolement",
    signature: "Signature",
    signed_with: "Signé avec la clé d'empreinte",
    verify_how: "L'enregistrement signé de cette page voyage avec elle\u{a0}: Glovebox (glovebox verify) vérifie que rien n'y a été modifié depuis la signature.",
    unsigned: "Cette page n'est pas signée.",
    run: "Exécution",
    audit_entry: "entrée du journal",
    code_not_run: "Le code (il n'a pas été exécuté)",
    kind_integer: "nombres entiers",
    kind_decimal: "nombres",
    kind_date: "dates",
    kind_boolean: "oui/non",
    kind_text: "texte",
    kind_empty: "vide",
    colon: "\u{a0}:",
    semicolon: "\u{a0};",
    printed: "Ce que le code a affiché",
    printed_intro: "Les messages que le code a écrits pendant l'exécution\u{a0}: un journal, pas la réponse vérifiée.",
    printed_cut: "Seul le début est montré\u{a0}; en tout, le code a affiché",
    tie_for: "Ex aequo pour",
    tie_share: "partagent cette place",
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
    files_label: "Archivos:",
    notes: "Notas",
    evidence: "Cómo se calculó: las pruebas",
    evidence_intro: "Lo necesario para comprobar la respuesta: los archivos leídos, el código ejecutado, los límites con los que se ejecutó y la firma.",
    checked_allow: "El código se revisó: permitido.",
    checked_review: "El código se revisó: necesitaba la aprobación de una persona.",
    checked_deny: "El código se revisó: rechazado.",
    not_checked: "El código no se revisó.",
    by_offline: "escrito por las recetas de Glovebox, en este ordenador",
    by_user: "escrito o editado por la persona",
    by_model: "escrito por el modelo de lenguaje",
    line: "línea",
    cpu_time: "Tiempo de procesador",
    wall_time: "Tiempo transcurrido",
    memory: "Memoria",
    limit: "límite:",
    backstop: "se detiene como máximo tras",
    peak: "como máximo",
    other_limits: "Otros límites",
    processes: "procesos",
    tmp_files: "de archivos temporales",
    output_files: "de archivos escritos",
    open_files: "archivos abiertos",
    network_blocked: "ninguna: el código no podía acceder a la red",
    no_attempt: "ningún intento",
    attempts_refused: "intentos rechazados",
    image: "Imagen del entorno aislado",
    isolation: "Aislamiento",
    signature: "Firma",
    signed_with: "Firmado con la clave de huella",
    verify_how: "El registro firmado de esta página viaja con ella: Glovebox (glovebox verify) comprueba que nada se cambió desde la firma.",
    unsigned: "Esta página no está firmada.",
    run: "Ejecución",
    audit_entry: "entrada del registro",
    code_not_run: "El código (no se ejecutó)",
    kind_integer: "números enteros",
    kind_decimal: "números",
    kind_date: "fechas",
    kind_boolean: "sí/no",
    kind_text: "texto",
    kind_empty: "vacía",
    colon: ":",
    semicolon: ";",
    printed: "Lo que imprimió el código",
    printed_intro: "Los mensajes que el código escribió al ejecutarse: un registro, no la respuesta comprobada.",
    printed_cut: "Solo se muestra el principio; en total, el código imprimió",
    tie_for: "Empate en",
    tie_share: "comparten este puesto",
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

/// The policy's verdict on an attempt as a sentence (answer-first layout).
pub(crate) fn verdict_words(a: &ManifestAttempt, w: &Words) -> &'static str {
    match a.policy.as_ref().map(|p| p.verdict) {
        Some(Verdict::Allow) => w.checked_allow,
        Some(Verdict::Review) => w.checked_review,
        Some(Verdict::Deny) => w.checked_deny,
        None => w.not_checked,
    }
}

/// Who wrote an attempt's code, in words (nothing when not recorded).
pub(crate) fn origin_words(a: &ManifestAttempt, w: &Words) -> String {
    match a.origin.as_deref().unwrap_or("") {
        "" => String::new(),
        "offline" => w.by_offline.to_owned(),
        "user" => w.by_user.to_owned(),
        model => format!("{} ({model})", w.by_model),
    }
}

/// The columns of an input with their kinds in words: `date (dates), …`.
pub(crate) fn columns_in_words(input: &ManifestInput, w: &Words) -> String {
    input
        .columns
        .iter()
        .map(|c| {
            let kind = match c.kind {
                ColumnKind::Integer => w.kind_integer,
                ColumnKind::Decimal => w.kind_decimal,
                ColumnKind::Date => w.kind_date,
                ColumnKind::Boolean => w.kind_boolean,
                ColumnKind::Text => w.kind_text,
                ColumnKind::Empty => w.kind_empty,
            };
            format!("{} ({kind})", c.name)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// How the sandbox isolated the code, in words.
pub(crate) fn mode_words(mode: &Mode, lang: Lang, w: &Words) -> String {
    let who = match (mode.isolation, lang) {
        (Isolation::Root, Lang::En) => "started as root, the code run as an unprivileged user",
        (Isolation::Root, Lang::Fr) => {
            "lancé en root, le code exécuté par un utilisateur sans privilèges"
        }
        (Isolation::Root, Lang::Es) => {
            "iniciado como root, el código ejecutado por un usuario sin privilegios"
        }
        (Isolation::RootUserns, Lang::En) => "started as root, the code run in a user namespace",
        (Isolation::RootUserns, Lang::Fr) => {
            "lancé en root, le code exécuté dans un espace de noms utilisateur"
        }
        (Isolation::RootUserns, Lang::Es) => {
            "iniciado como root, el código ejecutado en un espacio de nombres de usuario"
        }
        (Isolation::Rootless, Lang::En) => "without root, the code run in a user namespace",
        (Isolation::Rootless, Lang::Fr) => {
            "sans root, le code exécuté dans un espace de noms utilisateur"
        }
        (Isolation::Rootless, Lang::Es) => {
            "sin root, el código ejecutado en un espacio de nombres de usuario"
        }
    };
    let layout = match mode.cgroup_layout {
        CgroupLayout::V1 => "cgroup v1",
        CgroupLayout::Hybrid => "cgroup v1 (hybrid)",
        CgroupLayout::V2 => "cgroup v2",
    };
    let manager = match mode.cgroup_manager {
        CgroupManager::Cgroupfs => "cgroupfs",
        CgroupManager::Systemd => "systemd",
    };
    format!("{who}{} {layout}, {manager}", w.semicolon)
}

/// The answer's values in the result's order, each as (name, value with
/// its unit) in the report's language: from the answer's items, else the
/// result's answers (older runs), else the name → value map.
pub(crate) fn answer_values(m: &Manifest) -> Vec<(String, String)> {
    use super::human;
    let lang = m.lang;
    if let Some(a) = m.answer.as_ref().filter(|a| !a.items.is_empty()) {
        return a
            .items
            .iter()
            .map(|i| {
                (
                    i.name.clone(),
                    human::value(&i.value, i.unit.as_deref(), lang),
                )
            })
            .collect();
    }
    if let Some(answers) = m.result.answers.as_ref().filter(|a| !a.is_empty()) {
        return answers
            .iter()
            .map(|a| {
                let v = match &a.value {
                    crate::validate::Value::Number(f) => {
                        serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number)
                    }
                    crate::validate::Value::Text(t) => Value::String(t.clone()),
                };
                (a.name.clone(), human::value(&v, a.unit.as_deref(), lang))
            })
            .collect();
    }
    m.answer
        .iter()
        .flat_map(|a| a.values.iter())
        .map(|(name, v)| (name.clone(), human::value(v, None, lang)))
        .collect()
}

/// The sandbox in words, as (label, value) rows: network, processor time,
/// elapsed time and memory against their limits, the other limits, the
/// image, the isolation, the files read.
pub(crate) fn sandbox_rows(m: &Manifest, w: &Words) -> Vec<(String, String)> {
    use super::human::{duration, memory};
    let lang = m.lang;
    let limits = &m.sandbox.limits;
    let usage = m.usage.as_ref();
    let attempts = network_attempts(m);
    let network = if attempts == 0 {
        format!("{}{} {}", w.network_blocked, w.semicolon, w.no_attempt)
    } else {
        format!(
            "{}{} {attempts} {}",
            w.network_blocked, w.semicolon, w.attempts_refused
        )
    };
    let against = |used: Option<String>, limit: String| match used {
        Some(u) => format!("{u} — {limit}"),
        None => limit,
    };
    let cpu_limit = usage
        .map(|u| u.cpu_limit_ms)
        .filter(|&l| l > 0)
        .unwrap_or(limits.cpu_time_ms);
    let wall_limit = usage
        .map(|u| u.wall_limit_ms)
        .filter(|&l| l > 0)
        .unwrap_or(limits.wall_time_ms);
    let mut rows = vec![(w.network.to_owned(), network)];
    if cpu_limit > 0 || usage.is_some() {
        let limit = if cpu_limit > 0 {
            format!("{} {}", w.limit, duration(cpu_limit, lang))
        } else {
            String::new()
        };
        let used = usage.map(|u| duration(u.cpu_ms, lang));
        rows.push((
            w.cpu_time.to_owned(),
            against(used, limit).trim_end_matches(" — ").to_owned(),
        ));
    }
    rows.push((
        w.wall_time.to_owned(),
        against(
            usage.map(|u| duration(u.wall_ms, lang)),
            format!("{} {}", w.backstop, duration(wall_limit, lang)),
        ),
    ));
    rows.push((
        w.memory.to_owned(),
        against(
            usage.map(|u| format!("{} {}", memory(u.peak_memory_bytes, lang), w.peak)),
            format!("{} {}", w.limit, memory(limits.memory_bytes, lang)),
        ),
    ));
    rows.push((
        w.other_limits.to_owned(),
        format!(
            "{} {}, {} {}, {} {}, {} {}",
            limits.pids,
            w.processes,
            limits.open_files,
            w.open_files,
            memory(limits.tmp_bytes, lang),
            w.tmp_files,
            memory(limits.output_bytes, lang),
            w.output_files
        ),
    ));
    if let Some(digest) = m.sandbox.image_digest.as_ref() {
        rows.push((w.image.to_owned(), digest.clone()));
    }
    if let Some(mode) = m.sandbox.mode.as_ref() {
        rows.push((w.isolation.to_owned(), mode_words(mode, lang, w)));
    }
    let files = files_read(m, w);
    if !files.is_empty() {
        rows.push((files_read_label(m, w).to_owned(), files));
    }
    rows
}

/// How the offline recipes say a tie in a note (`generator/codegen.rs`
/// for ranked groups, `generator/steps/lookup.rs` for rows at an
/// extreme), in each language: the note's start, and whether the tied
/// names follow it (else their count does).
const TIE_NOTES: [(&str, bool); 6] = [
    ("These groups tie for first place: ", true),
    ("Ces groupes sont ex aequo en tête : ", true),
    ("Estos grupos empatan en primer lugar: ", true),
    ("Tied rows: ", false),
    ("Lignes ex aequo : ", false),
    ("Filas empatadas: ", false),
];

/// How many share the tied place, as a tie note says, if it is one.
fn tie_count(note: &str) -> Option<usize> {
    TIE_NOTES.iter().find_map(|(start, names)| {
        let rest = note.strip_prefix(start)?;
        if *names {
            Some(rest.split(", ").count())
        } else {
            rest.split(' ').next()?.parse().ok()
        }
    })
}

/// The answer's tie in one sentence ("A tie for region with the highest
/// total revenue: North, South (2 share this place)."): the first text
/// value of the answer that lists more than one, when the result's notes
/// say there is a tie. Only for manifests of format 2 and later, so older
/// reports render exactly as they were signed.
pub(crate) fn tie_sentence(m: &Manifest, w: &Words) -> Option<String> {
    if m.glovebox_report < 2 || m.status != super::manifest::ManifestStatus::Answered {
        return None;
    }
    let count = m
        .result
        .notes
        .iter()
        .flatten()
        .find_map(|n| tie_count(n))
        .filter(|&n| n > 1)?;
    let item = m
        .answer
        .as_ref()?
        .items
        .iter()
        .find(|i| i.value.as_str().is_some_and(|v| v.contains(", ")))?;
    Some(format!(
        "{} {}{} {} ({} {}).",
        w.tie_for,
        item.name,
        w.colon,
        item.value.as_str().unwrap_or_default(),
        super::human::number(count as f64, m.lang),
        w.tie_share
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tie notes read here are the ones the offline recipes write.
    #[test]
    fn tie_notes_are_the_recipes_own() {
        let sources = [
            include_str!("../generator/codegen.rs"),
            include_str!("../generator/steps/lookup.rs"),
        ];
        for (start, _) in TIE_NOTES {
            assert!(
                sources.iter().any(|s| s.contains(start)),
                "no recipe writes {start:?}"
            );
        }
        assert_eq!(
            tie_count("These groups tie for first place: North, South"),
            Some(2)
        );
        assert_eq!(
            tie_count(
                "Lignes ex aequo : 3 valeurs de date l'atteignent ; toutes sont dans le tableau."
            ),
            Some(3)
        );
        assert_eq!(tie_count("No value was left out."), None);
    }
}
