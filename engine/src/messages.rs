//! Stop reasons in the goal's language (English, French, Spanish): sentences a
//! person who does not program can act on. Details that come from elsewhere
//! (an exception text, a file name) are quoted as they are.

use crate::inputs::{AccessFix, InputError};
use crate::lang::Lang;
use crate::validate::ResultProblem;

/// Why a run stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopReason<'a> {
    /// No generator and no `--code`.
    NoGenerator,
    /// A review verdict without approval; carries the finding.
    NeedsApproval(&'a str),
    /// The sandbox failed to run the code.
    SandboxFailed(&'a str),
    /// An input cannot be used.
    InputUnusable(&'a str),
    /// An input changed while the calculation ran (its name).
    InputChanged(&'a str),
    /// An input changed after the code was written, before it ran (its name).
    InputChangedSinceDraft(&'a str),
    /// The memory limit was reached.
    OutOfMemory {
        /// The limit, as shown (`1 GB`).
        limit: &'a str,
        /// The limit that would likely be enough, as shown and in MiB
        /// (for `--memory-limit`); `None` when the limit is already as
        /// much as this machine gives a calculation.
        next: Option<(&'a str, u64)>,
    },
    /// The CPU-time limit (the time limit), in milliseconds: the code
    /// computed that long and was stopped.
    CpuTime(u64),
    /// The wall-clock backstop was reached while the code had used only
    /// `cpu_ms` of its CPU time: it was waiting, not computing.
    TooSlow {
        /// The backstop, in milliseconds.
        wall_ms: u64,
        /// The CPU time it had used, in milliseconds.
        cpu_ms: u64,
    },
    /// Cancelled by the user.
    Cancelled,
    /// Code was written but never run: another question replaced it.
    NotRun,
    /// Pids limit.
    TooManyProcesses(u32),
    /// Killed by a signal.
    StoppedBySystem,
    /// The result was refused.
    Result(&'a ResultProblem),
    /// The model service failed (its error, in English).
    ModelFailed(&'a str),
    /// The model's reply had no usable code (the problem, in English).
    NoCode(&'a str),
    /// Every attempt failed; the last reason.
    GaveUp {
        /// Attempts made.
        attempts: u32,
        /// Why the last one failed.
        last: &'a str,
    },
}

pub use crate::units::{human_bytes, human_bytes_in};

/// The sentence for `reason` in `lang`.
pub fn stop_reason(lang: Lang, reason: &StopReason<'_>) -> String {
    use Lang::{En, Es, Fr};
    use StopReason as R;
    match (reason, lang) {
        (R::NoGenerator, En) => "no code generator is available yet: give the code to run with --code FILE".into(),
        (R::NoGenerator, Fr) => "aucun générateur de code n'est encore disponible : donnez le code à exécuter avec --code FICHIER".into(),
        (R::NoGenerator, Es) => "todavía no hay un generador de código: indique el código a ejecutar con --code ARCHIVO".into(),
        (R::NeedsApproval(f), En) => format!("this code needs your approval before it runs ({f}); run again with --yes to approve it"),
        (R::NeedsApproval(f), Fr) => format!("ce code doit être approuvé avant de s'exécuter ({f}) ; relancez avec --yes pour l'approuver"),
        (R::NeedsApproval(f), Es) => format!("este código necesita su aprobación antes de ejecutarse ({f}); vuelva a ejecutarlo con --yes para aprobarlo"),
        (R::SandboxFailed(d), En) => format!("the sandbox could not run the code: {d}"),
        (R::SandboxFailed(d), Fr) => format!("le bac à sable n'a pas pu exécuter le code : {d}"),
        (R::SandboxFailed(d), Es) => format!("el entorno aislado no pudo ejecutar el código: {d}"),
        (R::InputUnusable(d), En) => format!("one of your files cannot be used: {d}"),
        (R::InputUnusable(d), Fr) => format!("un de vos fichiers ne peut pas être utilisé : {d}"),
        (R::InputUnusable(d), Es) => format!("uno de sus archivos no se puede usar: {d}"),
        (R::InputChanged(n), En) => format!("the file {n} changed while the calculation ran, so the answer may not match it; run it again"),
        (R::InputChanged(n), Fr) => format!("le fichier {n} a changé pendant le calcul, la réponse peut ne pas lui correspondre ; relancez-le"),
        (R::InputChanged(n), Es) => format!("el archivo {n} cambió durante el cálculo, así que la respuesta puede no corresponderle; vuelva a ejecutarlo"),
        (R::InputChangedSinceDraft(n), En) => format!("the file {n} changed after the code was written, so nothing was run; ask the question again"),
        (R::InputChangedSinceDraft(n), Fr) => format!("le fichier {n} a changé après l'écriture du code, rien n'a donc été exécuté ; posez la question à nouveau"),
        (R::InputChangedSinceDraft(n), Es) => format!("el archivo {n} cambió después de escribir el código, así que no se ejecutó nada; vuelva a hacer la pregunta"),
        (R::OutOfMemory { limit, next: Some((n, mib)) }, En) => format!("the calculation needed more than {limit} of memory and was stopped; {n} would likely be enough: raise the memory limit to {n} (in the app's Settings → Memory limit, or with --memory-limit {mib})"),
        (R::OutOfMemory { limit, next: Some((n, mib)) }, Fr) => format!("le calcul a eu besoin de plus de {limit} de mémoire et a été arrêté ; {n} suffiraient sans doute : augmentez la limite de mémoire à {n} (dans les Réglages de l'application → Limite de mémoire, ou avec --memory-limit {mib})"),
        (R::OutOfMemory { limit, next: Some((n, mib)) }, Es) => format!("el cálculo necesitó más de {limit} de memoria y se detuvo; {n} probablemente bastarían: aumente el límite de memoria a {n} (en los Ajustes de la aplicación → Límite de memoria, o con --memory-limit {mib})"),
        (R::OutOfMemory { limit, next: None }, En) => format!("the calculation needed more than {limit} of memory and was stopped; that is as much as this computer gives a calculation (half of its memory): ask about fewer columns or rows, or use a computer with more memory"),
        (R::OutOfMemory { limit, next: None }, Fr) => format!("le calcul a eu besoin de plus de {limit} de mémoire et a été arrêté ; c'est tout ce que cet ordinateur accorde à un calcul (la moitié de sa mémoire) : posez la question sur moins de colonnes ou de lignes, ou utilisez un ordinateur avec plus de mémoire"),
        (R::OutOfMemory { limit, next: None }, Es) => format!("el cálculo necesitó más de {limit} de memoria y se detuvo; es todo lo que este ordenador da a un cálculo (la mitad de su memoria): pregunte sobre menos columnas o filas, o use un ordenador con más memoria"),
        (R::CpuTime(ms), En) => format!("the calculation used all of its {} of processor time and was stopped; to give it more, raise the time limit (in the app's Settings, or with --time-limit SECONDS)", duration_words(lang, *ms)),
        (R::CpuTime(ms), Fr) => format!("le calcul a utilisé tout son temps de processeur ({}) et a été arrêté ; pour lui en donner plus, augmentez la limite de temps (dans les Réglages de l'application, ou avec --time-limit SECONDES)", duration_words(lang, *ms)),
        (R::CpuTime(ms), Es) => format!("el cálculo usó todo su tiempo de procesador ({}) y se detuvo; para darle más, aumente el límite de tiempo (en los Ajustes de la aplicación, o con --time-limit SEGUNDOS)", duration_words(lang, *ms)),
        (R::TooSlow { wall_ms, cpu_ms }, En) => format!("the calculation was still running after {} though it had used only {} of processor time (it was waiting, not calculating) and was stopped; to let it wait longer, raise the limit on elapsed time with --wall-limit SECONDS", duration_words(lang, *wall_ms), duration_words(lang, *cpu_ms)),
        (R::TooSlow { wall_ms, cpu_ms }, Fr) => format!("le calcul tournait encore après {} alors qu'il n'avait utilisé que {} de temps de processeur (il attendait au lieu de calculer) et a été arrêté ; pour le laisser attendre plus longtemps, augmentez la limite de durée avec --wall-limit SECONDES", duration_words(lang, *wall_ms), duration_words(lang, *cpu_ms)),
        (R::TooSlow { wall_ms, cpu_ms }, Es) => format!("el cálculo seguía en marcha después de {} aunque solo había usado {} de tiempo de procesador (esperaba en lugar de calcular) y se detuvo; para dejarlo esperar más, aumente el límite de duración con --wall-limit SEGUNDOS", duration_words(lang, *wall_ms), duration_words(lang, *cpu_ms)),
        (R::Cancelled, En) => "the calculation was cancelled".into(),
        (R::Cancelled, Fr) => "le calcul a été annulé".into(),
        (R::Cancelled, Es) => "el cálculo fue cancelado".into(),
        (R::NotRun, En) => "the code was written but not run: another question was asked instead".into(),
        (R::NotRun, Fr) => "le code a été écrit mais pas exécuté : une autre question a été posée à la place".into(),
        (R::NotRun, Es) => "el código se escribió pero no se ejecutó: se hizo otra pregunta en su lugar".into(),
        (R::TooManyProcesses(n), En) => format!("the calculation tried to start more than {n} processes and was stopped"),
        (R::TooManyProcesses(n), Fr) => format!("le calcul a tenté de lancer plus de {n} processus et a été arrêté"),
        (R::TooManyProcesses(n), Es) => format!("el cálculo intentó iniciar más de {n} procesos y se detuvo"),
        (R::StoppedBySystem, En) => "the calculation was stopped by the system".into(),
        (R::StoppedBySystem, Fr) => "le calcul a été arrêté par le système".into(),
        (R::StoppedBySystem, Es) => "el sistema detuvo el cálculo".into(),
        (R::ModelFailed(d), En) => format!("the language model could not write the code: {d}"),
        (R::ModelFailed(d), Fr) => format!("le modèle de langage n'a pas pu écrire le code : {d}"),
        (R::ModelFailed(d), Es) => format!("el modelo de lenguaje no pudo escribir el código: {d}"),
        (R::NoCode(d), En) => format!("the language model did not give code that can be run ({d})"),
        (R::NoCode(d), Fr) => format!("le modèle de langage n'a pas donné de code exécutable ({d})"),
        (R::NoCode(d), Es) => format!("el modelo de lenguaje no dio código ejecutable ({d})"),
        (R::GaveUp { attempts, last }, En) => format!("stopped after {attempts} attempts that did not work; the last one: {last}"),
        (R::GaveUp { attempts, last }, Fr) => format!("arrêté après {attempts} tentatives qui n'ont pas abouti ; la dernière : {last}"),
        (R::GaveUp { attempts, last }, Es) => format!("detenido tras {attempts} intentos que no funcionaron; el último: {last}"),
        (R::Result(p), lang) => result_problem(lang, p),
    }
}

/// Where the currency of an answer came from (`money`): the header of
/// `column` names it, or its cells are written with it.
pub fn currency_source(lang: Lang, unit: &str, column: &str, from_header: bool) -> String {
    match (lang, from_header) {
        (Lang::En, true) => format!("The amounts of {column} are in {unit}: its header says so."),
        (Lang::En, false) => {
            format!("The amounts of {column} are in {unit}: its cells are written with that currency.")
        }
        (Lang::Fr, true) => {
            format!("Les montants de {column} sont en {unit}\u{a0}: son en-tête le dit.")
        }
        (Lang::Fr, false) => format!(
            "Les montants de {column} sont en {unit}\u{a0}: ses cellules sont écrites avec cette devise."
        ),
        (Lang::Es, true) => {
            format!("Los importes de {column} están en {unit}: su encabezado lo indica.")
        }
        (Lang::Es, false) => format!(
            "Los importes de {column} están en {unit}: sus celdas están escritas con esa moneda."
        ),
    }
}

/// A duration as people say it, in `lang`: seconds up to two minutes
/// (`0.4 seconds`, `1 second`, `2.5 seconds`, `90 seconds`), minutes
/// beyond (`10 minutes`, `2.5 minutes`); one decimal at most, with the
/// language's decimal mark; `less than 0.1 seconds` for what would round
/// to nothing.
pub fn duration_words(lang: Lang, ms: u64) -> String {
    use Lang::{En, Es, Fr};
    if ms > 0 && ms < 50 {
        // It would round to 0: say it was some, and little.
        return match lang {
            En => "less than 0.1 seconds",
            Fr => "moins de 0,1 seconde",
            Es => "menos de 0,1 segundos",
        }
        .to_owned();
    }
    let (value, unit) = if ms < 120_000 {
        (ms as f64 / 1000.0, 0)
    } else {
        (ms as f64 / 60_000.0, 1)
    };
    let rounded = (value * 10.0).round() / 10.0;
    let mut shown = if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    };
    if lang != En {
        shown = shown.replace('.', ",");
    }
    // French puts amounts under 2 in the singular.
    let one = if lang == Fr {
        rounded < 2.0
    } else {
        rounded == 1.0
    };
    let word = match (lang, unit, one) {
        (En, 0, true) => "second",
        (En, 0, false) => "seconds",
        (En, _, true) => "minute",
        (En, _, false) => "minutes",
        (Fr, 0, true) => "seconde",
        (Fr, 0, false) => "secondes",
        (Fr, _, true) => "minute",
        (Fr, _, false) => "minutes",
        (Es, 0, true) => "segundo",
        (Es, 0, false) => "segundos",
        (Es, _, true) => "minuto",
        (Es, _, false) => "minutos",
    };
    format!("{shown} {word}")
}

/// Why an input cannot be used, in `lang`: who may read it and what to do
/// are said in the person's language; other problems (a line, a byte)
/// keep the inspector's English sentence.
pub fn input_problem(lang: Lang, e: &InputError) -> String {
    use Lang::{En, Es, Fr};
    let link = |target: &Option<String>| match (target, lang) {
        (None, _) => String::new(),
        (Some(t), En) => format!(" (a link to {t})"),
        (Some(t), Fr) => format!(" (un lien vers {t})"),
        (Some(t), Es) => format!(" (un enlace a {t})"),
    };
    if let Some(said) = shape_problem(lang, e) {
        return said;
    }
    match (e, lang) {
        (_, En) => e.to_string(),
        (
            InputError::SandboxCannotRead {
                name,
                permissions,
                target,
                fix,
                ..
            },
            Fr,
        ) => format!(
            "{name} : le bac à sable ne peut pas lire ce fichier{} : ses permissions ({permissions}) {}, et le code isolé s'exécute sous un utilisateur distinct, sans aucun droit particulier ; rien n'en a donc été lu. {}",
            link(target),
            readers(lang, permissions),
            access_fix(lang, fix)
        ),
        (
            InputError::SandboxCannotRead {
                name,
                permissions,
                target,
                fix,
                ..
            },
            Es,
        ) => format!(
            "{name}: el entorno aislado no puede leer este archivo{}: sus permisos ({permissions}) {}, y el código aislado se ejecuta como un usuario distinto, sin ningún derecho especial, así que no se leyó nada de él. {}",
            link(target),
            readers(lang, permissions),
            access_fix(lang, fix)
        ),
        (
            InputError::NoPermission {
                name,
                user,
                target,
                on_behalf,
            },
            Fr,
        ) => format!(
            "{name} : vous ({user}) n'avez pas le droit de lire ce fichier{}{} ; rien n'en a donc été lu. Pour l'utiliser, donnez un fichier que vous pouvez lire vous-même (demandez une copie à son propriétaire)",
            link(target),
            if *on_behalf { ", et Glovebox, lancé en root pour vous, ne lit vos fichiers qu'avec vos droits" } else { "" }
        ),
        (
            InputError::NoPermission {
                name,
                user,
                target,
                on_behalf,
            },
            Es,
        ) => format!(
            "{name}: usted ({user}) no tiene permiso para leer este archivo{}{}, así que no se leyó nada de él. Para usarlo, indique un archivo que pueda leer usted mismo (pida una copia a su propietario)",
            link(target),
            if *on_behalf { ", y Glovebox, iniciado como root para usted, solo lee sus archivos con sus propios permisos" } else { "" }
        ),
        (InputError::Damaged { name, what, reason }, Fr) => format!(
            "{name} : ce fichier semble être {} mais il est endommagé ou tronqué, il ne peut donc pas être lu ({reason})",
            format_fr(what)
        ),
        (InputError::Damaged { name, what, reason }, Es) => format!(
            "{name}: este archivo parece {} pero está dañado o cortado, así que no se puede leer ({reason})",
            format_es(what)
        ),
        (InputError::NoSuchSheet { name, sheet, sheets }, Fr) => format!(
            "{name} : ce classeur n'a pas de feuille « {sheet} » ; ses feuilles sont {}",
            quoted_sheets(sheets, "« ", " »", " et ")
        ),
        (InputError::NoSuchSheet { name, sheet, sheets }, Es) => format!(
            "{name}: este libro no tiene ninguna hoja «{sheet}»; sus hojas son {}",
            quoted_sheets(sheets, "«", "»", " y ")
        ),
        (InputError::NotOneCsvInZip { name, entries }, Fr) => format!(
            "{name} : cette archive zip contient {} fichier(s), pas un seul CSV : extrayez le CSV voulu et donnez ce fichier",
            entries.len()
        ),
        (InputError::NotOneCsvInZip { name, entries }, Es) => format!(
            "{name}: este archivo zip contiene {} archivo(s), no un solo CSV: extraiga el CSV que quiera y indique ese archivo",
            entries.len()
        ),
        (InputError::WorkbookTooLarge { name, size, max }, Fr) => format!(
            "{name} : le classeur fait {}, plus que les {} qu'un tableur peut avoir ici : enregistrez la feuille en CSV",
            human_bytes_in(lang, *size),
            human_bytes_in(lang, *max)
        ),
        (InputError::WorkbookTooLarge { name, size, max }, Es) => format!(
            "{name}: el libro ocupa {}, más de los {} que puede tener una hoja de cálculo aquí: guarde la hoja como CSV",
            human_bytes_in(lang, *size),
            human_bytes_in(lang, *max)
        ),
        (InputError::TooLarge { name, size, max }, Fr) => format!(
            "{name} : le fichier fait {}, plus que les {} permis",
            human_bytes_in(lang, *size),
            human_bytes_in(lang, *max)
        ),
        (InputError::TooLarge { name, size, max }, Es) => format!(
            "{name}: el archivo ocupa {}, más de los {} permitidos",
            human_bytes_in(lang, *size),
            human_bytes_in(lang, *max)
        ),
        _ => e.to_string(),
    }
}

/// `"a", "b" and "c"` with a language's quotes and last joiner.
fn quoted_sheets(sheets: &[String], open: &str, close: &str, and: &str) -> String {
    let quoted: Vec<String> = sheets.iter().map(|s| format!("{open}{s}{close}")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, init)) => format!("{}{and}{last}", init.join(", ")),
    }
}

/// A format's name ("an Excel workbook (.xlsx)") in French.
fn format_fr(what: &str) -> String {
    let words = [
        ("an Excel workbook (.xlsx)", "un classeur Excel (.xlsx)"),
        (
            "an old-style Excel workbook (.xls)",
            "un ancien classeur Excel (.xls)",
        ),
        (
            "an OpenDocument spreadsheet (.ods)",
            "un classeur OpenDocument (.ods)",
        ),
        (
            "a gzip-compressed CSV (.csv.gz)",
            "un CSV compressé gzip (.csv.gz)",
        ),
        ("a zip archive", "une archive zip"),
        ("a Parquet file", "un fichier Parquet"),
    ];
    words
        .iter()
        .find(|(en, _)| *en == what)
        .map_or_else(|| what.to_owned(), |(_, fr)| (*fr).to_owned())
}

/// A format's name in Spanish.
fn format_es(what: &str) -> String {
    let words = [
        ("an Excel workbook (.xlsx)", "un libro de Excel (.xlsx)"),
        (
            "an old-style Excel workbook (.xls)",
            "un libro de Excel antiguo (.xls)",
        ),
        (
            "an OpenDocument spreadsheet (.ods)",
            "una hoja de cálculo OpenDocument (.ods)",
        ),
        (
            "a gzip-compressed CSV (.csv.gz)",
            "un CSV comprimido con gzip (.csv.gz)",
        ),
        ("a zip archive", "un archivo zip"),
        ("a Parquet file", "un archivo Parquet"),
    ];
    words
        .iter()
        .find(|(en, _)| *en == what)
        .map_or_else(|| what.to_owned(), |(_, es)| (*es).to_owned())
}

/// Who the permissions `rw-r-----` let read a file, as a clause in `lang`.
fn readers(lang: Lang, permissions: &str) -> &'static str {
    use Lang::{En, Es, Fr};
    let bits = permissions.as_bytes();
    let may = |at: usize| bits.get(at) == Some(&b'r');
    match ((may(0), may(3), may(6)), lang) {
        ((false, false, false), En) => "let no one read it",
        ((false, false, false), Fr) => "ne laissent personne le lire",
        ((false, false, false), Es) => "no dejan leerlo a nadie",
        ((true, false, false), En) => "let only its owner read it",
        ((true, false, false), Fr) => "ne laissent que son propriétaire le lire",
        ((true, false, false), Es) => "solo dejan leerlo a su propietario",
        ((false, true, false), En) => "let only its group read it",
        ((false, true, false), Fr) => "ne laissent que son groupe le lire",
        ((false, true, false), Es) => "solo dejan leerlo a su grupo",
        ((true, true, false), En) => "let only its owner and its group read it",
        ((true, true, false), Fr) => "ne laissent que son propriétaire et son groupe le lire",
        ((true, true, false), Es) => "solo dejan leerlo a su propietario y a su grupo",
        (_, En) => "let others but not the sandbox's user read it",
        (_, Fr) => "laissent d'autres utilisateurs le lire, mais pas celui du bac à sable",
        (_, Es) => "dejan leerlo a otros usuarios, pero no al del entorno aislado",
    }
}

/// What to do about a file the sandbox cannot read, in `lang`.
/// A file over one of the inspector's size limits (columns, line, cell),
/// in French or Spanish; `None` for English and other problems.
fn shape_problem(lang: Lang, e: &InputError) -> Option<String> {
    use crate::units::human_bytes;
    let size = |max: &usize| human_bytes(*max as u64);
    Some(match (e, lang) {
        (_, Lang::En) => return None,
        (InputError::TooManyColumns { name, line, columns, max }, Lang::Fr) => format!(
            "{name} : la ligne {line} a {columns} colonnes, plus que les {max} que Glovebox lit : gardez seulement les colonnes utiles (un tableur peut supprimer les autres) et enregistrez à nouveau le fichier"
        ),
        (InputError::TooManyColumns { name, line, columns, max }, Lang::Es) => format!(
            "{name}: la línea {line} tiene {columns} columnas, más de las {max} que Glovebox lee: conserve solo las columnas que necesita (una hoja de cálculo puede borrar las demás) y vuelva a guardar el archivo"
        ),
        (InputError::LineTooLong { name, line, max }, Lang::Fr) => format!(
            "{name} : la ligne {line} dépasse {}, la plus longue ligne que Glovebox lit : un tableau a une ligne par enregistrement, et ce fichier n'en est peut-être pas un",
            size(max)
        ),
        (InputError::LineTooLong { name, line, max }, Lang::Es) => format!(
            "{name}: la línea {line} supera {}, la línea más larga que Glovebox lee: una tabla tiene un registro por línea, y puede que este archivo no lo sea",
            size(max)
        ),
        (InputError::CellTooLong { name, line, column, max }, Lang::Fr) => format!(
            "{name} : ligne {line}, la colonne {column} contient plus de {} de texte, la plus grande cellule que Glovebox lit",
            size(max)
        ),
        (InputError::CellTooLong { name, line, column, max }, Lang::Es) => format!(
            "{name}: en la línea {line}, la columna {column} contiene más de {} de texto, la celda más grande que Glovebox lee",
            size(max)
        ),
        _ => return None,
    })
}

fn access_fix(lang: Lang, fix: &AccessFix) -> String {
    use Lang::{En, Es, Fr};
    match (fix, lang) {
        (_, En) => fix.to_string(),
        (AccessFix::LetEveryoneRead { path }, Fr) => format!("Pour l'utiliser, permettez à tous les utilisateurs de cette machine de le lire (chmod o+r {path}), ou donnez une copie que tout le monde peut lire"),
        (AccessFix::LetEveryoneRead { path }, Es) => format!("Para usarlo, permita que todos los usuarios de esta máquina lo lean (chmod o+r {path}), o indique una copia que todos puedan leer"),
        (AccessFix::GiveACopy { owner }, Fr) => format!("Il appartient à {owner} : pour l'utiliser, donnez votre propre copie, lisible par tous (copiez-le dans votre dossier personnel, puis chmod o+r sur la copie)"),
        (AccessFix::GiveACopy { owner }, Es) => format!("Pertenece a {owner}: para usarlo, indique una copia propia que todos puedan leer (cópielo en su carpeta personal y luego aplique chmod o+r a la copia)"),
    }
}

fn result_problem(lang: Lang, p: &ResultProblem) -> String {
    use Lang::{En, Es, Fr};
    use ResultProblem as P;
    match (p, lang) {
        (P::CodeFailed { line, message }, En) if *line > 0 => format!("the calculation failed at line {line}: {message}"),
        (P::CodeFailed { line, message }, Fr) if *line > 0 => format!("le calcul a échoué à la ligne {line} : {message}"),
        (P::CodeFailed { line, message }, Es) if *line > 0 => format!("el cálculo falló en la línea {line}: {message}"),
        (P::CodeFailed { message, .. }, En) => format!("the calculation failed: {message}"),
        (P::CodeFailed { message, .. }, Fr) => format!("le calcul a échoué : {message}"),
        (P::CodeFailed { message, .. }, Es) => format!("el cálculo falló: {message}"),
        (P::Missing, Fr) => "le calcul s'est terminé sans rendre de résultat (il doit appeler glovebox.answer ou glovebox.table)".into(),
        (P::Missing, Es) => "el cálculo terminó sin informar un resultado (debe llamar a glovebox.answer o glovebox.table)".into(),
        (P::Malformed(d), Fr) => format!("le calcul a rendu son résultat sous une forme illisible ({d})"),
        (P::Malformed(d), Es) => format!("el cálculo informó su resultado en una forma ilegible ({d})"),
        (P::WrongNonce, Fr) => "le résultat rendu ne porte pas le sceau de cette exécution, il n'a donc pas été pris en compte".into(),
        (P::WrongNonce, Es) => "el resultado informado no lleva el sello de esta ejecución, así que no se aceptó".into(),
        (P::Empty, Fr) => "le calcul n'a rendu ni réponse ni tableau".into(),
        (P::Empty, Es) => "el cálculo no informó ninguna respuesta ni tabla".into(),
        (P::NotFinite(n), Fr) => format!("la valeur « {n} » n'est pas un nombre fini"),
        (P::NotFinite(n), Es) => format!("el valor «{n}» no es un número finito"),
        (P::OutOfRange { name, value, unit }, Fr) => format!("la valeur « {name} » vaut {value}, ce qui n'est pas un(e) {unit} valide"),
        (P::OutOfRange { name, value, unit }, Es) => format!("el valor «{name}» es {value}, que no es un {unit} válido"),
        (P::TooMany(what), Fr) => format!("le résultat contient trop d'éléments ({what})"),
        (P::TooMany(what), Es) => format!("el resultado tiene demasiados elementos ({what})"),
        (P::ChartColumn { chart, missing }, Fr) => format!("le graphique « {chart} » utilise {missing}, absent de son tableau"),
        (P::ChartColumn { chart, missing }, Es) => format!("el gráfico «{chart}» usa {missing}, que no está en su tabla"),
        (P::RaggedTable(t), Fr) => format!("le tableau « {t} » a des lignes de largeurs différentes"),
        (P::RaggedTable(t), Es) => format!("la tabla «{t}» tiene filas de distinto ancho"),
        (other, _) => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn damaged_files_and_missing_sheets_are_told_in_each_language() {
        let damaged = InputError::Damaged {
            name: "b.xlsx".into(),
            what: "an Excel workbook (.xlsx)".into(),
            reason: "cut".into(),
        };
        assert_eq!(
            input_problem(Lang::Fr, &damaged),
            "b.xlsx : ce fichier semble être un classeur Excel (.xlsx) mais il est endommagé ou tronqué, il ne peut donc pas être lu (cut)"
        );
        let sheet = InputError::NoSuchSheet {
            name: "b.xlsx".into(),
            sheet: "X".into(),
            sheets: vec!["A".into(), "B".into()],
        };
        assert_eq!(
            input_problem(Lang::Es, &sheet),
            "b.xlsx: este libro no tiene ninguna hoja «X»; sus hojas son «A» y «B»"
        );
        let big = InputError::TooLarge {
            name: "g.csv".into(),
            size: 5 << 30,
            max: 4 << 30,
        };
        assert_eq!(
            input_problem(Lang::Fr, &big),
            "g.csv : le fichier fait 5 Go, plus que les 4 Go permis"
        );
    }

    use super::*;

    #[test]
    fn every_reason_has_three_languages() {
        let problem = ResultProblem::Empty;
        let reasons = [
            StopReason::NoGenerator,
            StopReason::NeedsApproval("x"),
            StopReason::SandboxFailed("x"),
            StopReason::InputUnusable("x"),
            StopReason::InputChanged("x"),
            StopReason::InputChangedSinceDraft("x"),
            StopReason::OutOfMemory {
                limit: "1 GB",
                next: Some(("2 GB", 2048)),
            },
            StopReason::OutOfMemory {
                limit: "12 GB",
                next: None,
            },
            StopReason::CpuTime(60_000),
            StopReason::TooSlow {
                wall_ms: 600_000,
                cpu_ms: 400,
            },
            StopReason::Cancelled,
            StopReason::NotRun,
            StopReason::TooManyProcesses(128),
            StopReason::StoppedBySystem,
            StopReason::Result(&problem),
            StopReason::ModelFailed("x"),
            StopReason::NoCode("x"),
            StopReason::GaveUp {
                attempts: 3,
                last: "x",
            },
        ];
        for reason in &reasons {
            let texts: Vec<String> = Lang::ALL.iter().map(|l| stop_reason(*l, reason)).collect();
            assert_ne!(texts[0], texts[1], "{reason:?} lacks French");
            assert_ne!(texts[0], texts[2], "{reason:?} lacks Spanish");
        }
    }

    #[test]
    fn durations_read_as_people_say_them() {
        let cases = [
            (400, "0.4 seconds", "0,4 seconde", "0,4 segundos"),
            (1_000, "1 second", "1 seconde", "1 segundo"),
            (2_540, "2.5 seconds", "2,5 secondes", "2,5 segundos"),
            (60_000, "60 seconds", "60 secondes", "60 segundos"),
            (119_000, "119 seconds", "119 secondes", "119 segundos"),
            (300_000, "5 minutes", "5 minutes", "5 minutos"),
            (150_000, "2.5 minutes", "2,5 minutes", "2,5 minutos"),
            (0, "0 seconds", "0 seconde", "0 segundos"),
            (
                13,
                "less than 0.1 seconds",
                "moins de 0,1 seconde",
                "menos de 0,1 segundos",
            ),
            (50, "0.1 seconds", "0,1 seconde", "0,1 segundos"),
        ];
        for (ms, en, fr, es) in cases {
            assert_eq!(duration_words(Lang::En, ms), en, "{ms}");
            assert_eq!(duration_words(Lang::Fr, ms), fr, "{ms}");
            assert_eq!(duration_words(Lang::Es, ms), es, "{ms}");
        }
    }

    #[test]
    fn the_two_time_limits_are_told_apart() {
        assert_eq!(
            stop_reason(Lang::En, &StopReason::CpuTime(20_000)),
            "the calculation used all of its 20 seconds of processor time and was stopped; to give it more, raise the time limit (in the app's Settings, or with --time-limit SECONDS)"
        );
        assert_eq!(
            stop_reason(
                Lang::En,
                &StopReason::TooSlow {
                    wall_ms: 300_000,
                    cpu_ms: 350
                }
            ),
            "the calculation was still running after 5 minutes though it had used only 0.4 seconds of processor time (it was waiting, not calculating) and was stopped; to let it wait longer, raise the limit on elapsed time with --wall-limit SECONDS"
        );
    }

    #[test]
    fn size_limits_of_an_input_are_said_in_three_languages() {
        let errors = [
            InputError::TooManyColumns {
                name: "w.csv".into(),
                line: 1,
                columns: 40_000,
                max: crate::inputs::MAX_COLUMNS,
            },
            InputError::LineTooLong {
                name: "l.csv".into(),
                line: 2,
                max: crate::inputs::MAX_LINE_BYTES,
            },
            InputError::CellTooLong {
                name: "c.csv".into(),
                line: 3,
                column: 2,
                max: crate::inputs::MAX_CELL_BYTES,
            },
        ];
        for e in &errors {
            let texts: Vec<String> = Lang::ALL.iter().map(|l| input_problem(*l, e)).collect();
            assert_eq!(texts[0], e.to_string());
            assert_ne!(texts[0], texts[1], "{e:?} lacks French");
            assert_ne!(texts[0], texts[2], "{e:?} lacks Spanish");
        }
        // Sizes in the units `human_bytes` writes.
        let (line, cell) = (
            human_bytes(crate::inputs::MAX_LINE_BYTES as u64),
            human_bytes(crate::inputs::MAX_CELL_BYTES as u64),
        );
        assert_eq!(
            input_problem(Lang::En, &errors[1]),
            format!("l.csv: line 2 is longer than {line}, the longest line Glovebox reads: a table has one row per line, and this file may not be one")
        );
        assert_eq!(
            input_problem(Lang::Fr, &errors[2]),
            format!("c.csv : ligne 3, la colonne 2 contient plus de {cell} de texte, la plus grande cellule que Glovebox lit")
        );
    }

    #[test]
    fn who_may_read_an_input_is_said_in_three_languages() {
        let errors = [
            InputError::SandboxCannotRead {
                name: "s.csv".into(),
                permissions: "rw-r-----".into(),
                target: Some("/etc/shadow".into()),
                fix: AccessFix::GiveACopy {
                    owner: "root".into(),
                },
            },
            InputError::SandboxCannotRead {
                name: "p.csv".into(),
                permissions: "rw-------".into(),
                target: None,
                fix: AccessFix::LetEveryoneRead {
                    path: "/home/a/p.csv".into(),
                },
            },
            InputError::NoPermission {
                name: "x.csv".into(),
                user: "alice".into(),
                target: None,
                on_behalf: true,
            },
        ];
        for e in &errors {
            let texts: Vec<String> = Lang::ALL.iter().map(|l| input_problem(*l, e)).collect();
            assert_eq!(texts[0], e.to_string());
            assert_ne!(texts[0], texts[1], "{e:?} lacks French");
            assert_ne!(texts[0], texts[2], "{e:?} lacks Spanish");
        }
        assert_eq!(
            input_problem(Lang::Fr, &errors[0]),
            "s.csv : le bac à sable ne peut pas lire ce fichier (un lien vers /etc/shadow) : ses permissions (rw-r-----) ne laissent que son propriétaire et son groupe le lire, et le code isolé s'exécute sous un utilisateur distinct, sans aucun droit particulier ; rien n'en a donc été lu. Il appartient à root : pour l'utiliser, donnez votre propre copie, lisible par tous (copiez-le dans votre dossier personnel, puis chmod o+r sur la copie)"
        );
        assert!(input_problem(Lang::Es, &errors[1]).contains("chmod o+r /home/a/p.csv"));
        assert_eq!(
            readers(Lang::Es, "rw----r--"),
            "dejan leerlo a otros usuarios, pero no al del entorno aislado"
        );
    }

    #[test]
    fn a_memory_stop_names_the_limit_that_would_do_and_where_to_set_it() {
        let next = Some(("2 GB", 2048));
        assert_eq!(
            stop_reason(Lang::En, &StopReason::OutOfMemory { limit: "1 GB", next }),
            "the calculation needed more than 1 GB of memory and was stopped; 2 GB would likely be enough: raise the memory limit to 2 GB (in the app's Settings → Memory limit, or with --memory-limit 2048)"
        );
        let at_cap = StopReason::OutOfMemory {
            limit: "12 GB",
            next: None,
        };
        assert!(stop_reason(Lang::Es, &at_cap).contains("la mitad de su memoria"));
        assert!(!stop_reason(Lang::En, &at_cap).contains("--memory-limit"));
    }

    #[test]
    fn french_memory_stop() {
        assert_eq!(
            stop_reason(
                Lang::Fr,
                &StopReason::OutOfMemory {
                    limit: "1 Go",
                    next: Some(("2 Go", 2048))
                }
            ),
            "le calcul a eu besoin de plus de 1 Go de mémoire et a été arrêté ; 2 Go suffiraient sans doute : augmentez la limite de mémoire à 2 Go (dans les Réglages de l'application → Limite de mémoire, ou avec --memory-limit 2048)"
        );
    }
}
