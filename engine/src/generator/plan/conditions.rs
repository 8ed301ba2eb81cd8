//! Conditions: which rows a goal keeps. A filter comes only from a whole
//! category value of the data ("for the North region"), an explicit
//! comparison after a column ("age over 40") or a date expression ("in
//! 2024", "in March", "hired before 2015", "entre 2015 et 2018") — never
//! from a letter, a grammar word or a possessive. Several values of one
//! column are one filter ("satisfied or very satisfied"); a negation before
//! a value excludes it ("except the North").

use super::lexicon::Op;
use super::reading::{Mention, Reading};
use super::{lexicon, text, Cmp, DatePart, Filter, FilterValue, GoalProblem, Stat};
use crate::generator::steps::amounts;
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;

/// Words before a value that exclude it.
pub(super) const NEGATIONS: &[&str] = &[
    "outside",
    "except",
    "excluding",
    "exclude",
    "without",
    "not",
    "but",
    "sauf",
    "hors",
    "excepte",
    "exclu",
    "sans",
    "pas",
    "excepto",
    "salvo",
    "sin",
    "menos",
    "no",
    "other",
    "apart",
    "aside",
    "neither",
    "nor",
    "ni",
];

/// Words that may stand between a negation and the value it excludes:
/// "sin contar el Centro", "sans compter le Nord", "no son de Madrid",
/// "not counting the North", "not from Madrid".
const NEGATION_BRIDGES: &[&str] = &[
    "contar",
    "compter",
    "counting",
    "incluir",
    "inclure",
    "including",
    "son",
    "es",
    "sont",
    "est",
    "from",
    "de",
    "del",
    "du",
    "des",
    "those",
    "ones",
    "to",
    // "sauf en Île-de-France", "sauf au marché", "except in the North",
    // "salvo en Madrid", "pas dans les ventes"
    "en",
    "au",
    "aux",
    "in",
    "at",
    "dans",
];

/// The words that end a French negation begun by "ne" ("ne … plus" is
/// "no longer", never read here).
const FRENCH_NEGATION_ENDS: &[&str] = &["pas", "jamais"];

/// French verbs of being, having or being somewhere that may stand
/// between "ne" and "pas": "qui ne sont pas à Londres", "qui n'habitent
/// pas à Madrid", "qui ne sont pas fumeurs", "qui n'ont pas de garage".
const FRENCH_PLAIN_VERBS: &[&str] = &[
    "ont",
    "a",
    "avaient",
    "avait",
    "sont",
    "est",
    "etaient",
    "etait",
    "habitent",
    "habite",
    "vivent",
    "vit",
    "travaillent",
    "travaille",
];

/// Verbs of being somewhere that may stand between "not" / "no" and the
/// place it excludes: "who don't live in Madrid", "que no viven en
/// Madrid", "no trabajan en Ventas" (never "not only", "but only").
const PLACE_VERBS: &[&str] = &[
    "live",
    "work",
    "belong",
    "viven",
    "vive",
    "trabajan",
    "trabaja",
    "pertenecen",
    "pertenece",
    "estan",
];

/// The rows' nouns that may stand between a negation and its value even
/// when already read as what is counted: "hors commandes annulées".
const ROW_NOUN_BRIDGES: &[&str] = &[
    "orders",
    "order",
    "commandes",
    "commande",
    "pedidos",
    "pedido",
];

/// Words just before a yes/no column that ask for its "no" rows
/// ("non-smokers", "without a garage", "sin hijos").
const YES_NO_NEGATIONS: &[&str] = &["non", "no", "not", "without", "sans", "sin", "pas"];

/// At most this many bridge words between a negation and its value
/// ("apart from those to Initech").
const MAX_NEGATION_BRIDGE: usize = 3;

/// Words people use for common category values, folded: a value in one of
/// these groups is found by any word of its group.
pub(crate) const VALUE_SYNONYMS: &[&[&str]] = &[
    &[
        "female",
        "f",
        "woman",
        "women",
        "femme",
        "feminin",
        "femenino",
        "mujer",
        "girl",
        "fille",
        "nina",
        "chica",
        "socia",
        "socias",
        "pasajera",
        "pasajeras",
        "passagere",
        "passageres",
        "empleada",
        "empleadas",
        "salariee",
        "salariees",
    ],
    &[
        "male",
        "m",
        "man",
        "men",
        "homme",
        "masculin",
        "masculino",
        "hombre",
        "boy",
        "garcon",
        "chico",
    ],
    // Status words of orders and the like, as people say them.
    &[
        "cancelled",
        "canceled",
        "annule",
        "annulee",
        "annulees",
        "annules",
        "cancelado",
        "cancelada",
        "cancelados",
        "canceladas",
        "cancelaron",
        "cancelo",
    ],
    &[
        "delivered",
        "livre",
        "livree",
        "livrees",
        "livres",
        "entregado",
        "entregada",
        "entregados",
        "entregadas",
    ],
    &[
        "returned",
        "retourne",
        "retournee",
        "retournees",
        "retournes",
        "renvoye",
        "renvoyee",
        "renvoyees",
        "renvoyes",
        "devuelto",
        "devuelta",
        "devueltos",
        "devueltas",
    ],
    &[
        "shipped",
        "expedie",
        "expediee",
        "expediees",
        "enviado",
        "enviada",
        "enviados",
        "enviadas",
    ],
    // Animals.
    &["dog", "dogs", "chien", "chiens", "perro", "perros"],
    &["cat", "cats", "chat", "chats", "gato", "gatos"],
    &["rabbit", "rabbits", "lapin", "lapins", "conejo", "conejos"],
    &[
        "mixed",
        "mixed breed",
        "mestizo",
        "mestizos",
        "mestiza",
        "mestizas",
        "croise",
        "croises",
    ],
    // Countries, as each language names them.
    &[
        "germany",
        "allemagne",
        "alemania",
        "german",
        "allemand",
        "allemands",
        "aleman",
        "alemanes",
    ],
    // (their people too, "les répondants mexicains", "los encuestados
    // franceses"; never "French" or "français", the school subject)
    &[
        "uk",
        "united kingdom",
        "royaume uni",
        "reino unido",
        "britain",
        "great britain",
        "british",
        "britannique",
        "britanniques",
        "britanico",
        "britanicos",
        "britanica",
        "britanicas",
    ],
    &[
        "usa",
        "united states",
        "etats unis",
        "estados unidos",
        "american",
        "americans",
        "americain",
        "americains",
        "americaine",
        "americaines",
        "estadounidense",
        "estadounidenses",
    ],
    &[
        "canada",
        "canadian",
        "canadians",
        "canadien",
        "canadiens",
        "canadienne",
        "canadiennes",
        "canadiense",
        "canadienses",
    ],
    &[
        "france",
        "francia",
        "francaise",
        "francaises",
        "franceses",
        "francesa",
        "francesas",
    ],
    &[
        "spain",
        "espagne",
        "espana",
        "spanish",
        "spaniard",
        "spaniards",
        "espagnol",
        "espagnols",
        "espagnole",
        "espagnoles",
        "espanol",
        "espanoles",
        "espanola",
        "espanolas",
    ],
    &[
        "mexico",
        "mexique",
        "mexican",
        "mexicans",
        "mexicain",
        "mexicains",
        "mexicaine",
        "mexicaines",
        "mexicano",
        "mexicanos",
        "mexicana",
        "mexicanas",
    ],
    &[
        "italy",
        "italie",
        "italia",
        "italian",
        "italians",
        "italien",
        "italiens",
        "italienne",
        "italiennes",
        "italiano",
        "italianos",
    ],
    // Everyday things sold, with their irregular plurals.
    &["mouse", "mice", "souris", "raton", "ratones"],
    &["keyboard", "clavier", "claviers", "teclado", "teclados"],
    &["headset", "casque", "casques", "auricular", "auriculares"],
    &["monitor", "ecran", "ecrans", "moniteur"],
    // School subjects.
    &[
        "math",
        "maths",
        "mathematics",
        "mathematiques",
        "matematicas",
        "mates",
    ],
    &["english", "anglais", "ingles"],
    &["french", "francais", "frances"],
    &["history", "histoire", "historia"],
    &["science", "sciences", "ciencias", "ciencia"],
    &["physics", "physique", "fisica"],
    &["geography", "geographie", "geografia"],
    &["music", "musique", "musica"],
    // Departments of a company.
    &["sales", "ventes", "ventas", "commercial"],
    &["finance", "finances", "finanzas", "contabilidad"],
    &["engineering", "ingenierie", "ingenieria"],
    &["support", "soporte", "assistance", "soutien"],
    &["marketing", "mercadotecnia"],
    &[
        "hr",
        "human resources",
        "rh",
        "ressources humaines",
        "rrhh",
        "recursos humanos",
    ],
    // How satisfied, as people say it (longest phrases are read first).
    &[
        "very satisfied",
        "tres satisfait",
        "tres satisfaits",
        "tres satisfaite",
        "tres satisfaites",
        "muy satisfecho",
        "muy satisfechos",
        "muy satisfecha",
        "muy satisfechas",
    ],
    &[
        "satisfied",
        "satisfait",
        "satisfaits",
        "satisfaite",
        "satisfaites",
        "satisfecho",
        "satisfechos",
        "satisfecha",
        "satisfechas",
    ],
    &[
        "very dissatisfied",
        "very unhappy",
        "tres insatisfait",
        "tres insatisfaits",
        "tres insatisfaite",
        "tres insatisfaites",
        "tres mecontent",
        "tres mecontents",
        "muy insatisfecho",
        "muy insatisfechos",
        "muy insatisfecha",
        "muy insatisfechas",
        "muy descontento",
        "muy descontentos",
        "muy descontenta",
        "muy descontentas",
    ],
    &[
        "dissatisfied",
        "unhappy",
        "insatisfait",
        "insatisfaits",
        "insatisfaite",
        "insatisfaites",
        "mecontent",
        "mecontents",
        "mecontente",
        "mecontentes",
        "insatisfecho",
        "insatisfechos",
        "insatisfecha",
        "insatisfechas",
        "descontento",
        "descontentos",
        "descontenta",
        "descontentas",
    ],
    &["neutral", "neutre", "neutres", "neutro", "neutros"],
    // Pages of a web site.
    &[
        "home",
        "accueil",
        "page d accueil",
        "inicio",
        "pagina de inicio",
        "homepage",
    ],
    &[
        "pricing",
        "tarifs",
        "page des tarifs",
        "precios",
        "pagina de precios",
    ],
    // Never a bare "registro" (a record, a row, in Spanish) nor "sign".
    &[
        "signup",
        "registration",
        "inscription",
        "page d inscription",
        "pagina de registro",
    ],
    // Spending categories and ways to pay.
    &[
        "alimentation",
        "food",
        "groceries",
        "courses alimentaires",
        "comida",
        "alimentacion",
        "supermercado",
    ],
    &["transport", "transports", "transporte", "transportation"],
    &["loisirs", "leisure", "ocio"],
    &["sante", "health", "salud"],
    &["logement", "housing", "vivienda"],
    &["education", "educacion"],
    &["especes", "cash", "liquide", "efectivo"],
    &["carte bancaire", "card", "bank card", "tarjeta", "carte"],
    &["cheque", "check", "cheques"],
    &["virement", "transfer", "bank transfer", "transferencia"],
    &["prelevement", "direct debit", "domiciliacion"],
    // Things a shop sells, and kinds of clients.
    &["stapler", "agrafeuse", "grapadora"],
    &["notebook", "cahier", "cuaderno", "carnet"],
    &["pen", "stylo", "boligrafo"],
    &["binder", "classeur", "archivador"],
    &["desk lamp", "lampe de bureau", "lampara de escritorio"],
    &["public sector", "secteur public", "sector publico"],
    &[
        "retail",
        "minorista",
        "minoristas",
        "detaillant",
        "detaillants",
    ],
    &[
        "wholesale",
        "grossiste",
        "grossistes",
        "mayorista",
        "mayoristas",
    ],
    // Points of the compass ("est", "sur", "este" are grammar too: never
    // synonyms).
    &["north", "nord", "norte"],
    &["center", "centre", "centro"],
    &["south", "sud"],
    &["west", "ouest", "oeste"],
    &["northwest", "nord ouest", "noroeste"],
    &["northeast", "nord est", "noreste"],
    &["southwest", "sud ouest", "suroeste"],
    &["southeast", "sud est", "sureste"],
    // Cities named differently across the three languages.
    &["nice", "niza"],
    &["london", "londres"],
    &["seville", "sevilla"],
    &["munich", "munchen", "munique"],
    &["brussels", "bruxelles", "bruselas"],
    &["geneva", "geneve", "ginebra"],
    // The ports of the Titanic's passengers, coded by their initial.
    &["s", "southampton"],
    &["c", "cherbourg", "cherburgo"],
    &["q", "queenstown"],
];

/// True when `word` (folded) is a synonym of some category value.
pub(crate) fn value_synonyms_of(word: &str) -> Vec<&'static str> {
    VALUE_SYNONYMS
        .iter()
        .filter(|group| group.contains(&word) || group.iter().any(|w| text::same_word(w, word)))
        .flat_map(|group| group.iter().copied())
        .collect()
}

/// True when `column` is named as the sex or gender of the rows.
fn is_sex_column(column: &str) -> bool {
    text::name_words(column).iter().any(|w| {
        matches!(
            w.as_str(),
            "sex" | "sexe" | "sexo" | "gender" | "genre" | "genero"
        )
    })
}

/// Values of the compass spelled as a word of grammar ("Sur" is French
/// "on", "Este" Spanish "this", "Est" French "is"), and their words in
/// the other languages: a goal's "south" finds a value "Sur", never the
/// other way round.
const COMPASS_AS_GRAMMAR: &[(&str, &[&str])] = &[
    ("sur", &["south", "sud"]),
    ("este", &["east"]),
    ("est", &["east"]),
];

/// The other words for a category value (not its own words).
fn value_synonyms(value: &str) -> Vec<&'static str> {
    let folded = text::fold(value.trim());
    let compass = COMPASS_AS_GRAMMAR
        .iter()
        .filter(|(v, _)| *v == folded)
        .flat_map(|(_, words)| words.iter().copied());
    VALUE_SYNONYMS
        .iter()
        .filter(|group| group.contains(&folded.as_str()))
        .flat_map(|group| group.iter().copied())
        .filter(|w| w.len() > 1 && *w != folded)
        .chain(compass)
        .collect()
}

/// Month names and their number, folded.
pub(in crate::generator) const MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("jan", 1),
    ("janvier", 1),
    ("enero", 1),
    ("february", 2),
    ("feb", 2),
    ("fevrier", 2),
    ("febrero", 2),
    ("march", 3),
    ("mars", 3),
    ("marzo", 3),
    ("april", 4),
    ("apr", 4),
    ("avril", 4),
    ("abril", 4),
    ("may", 5),
    ("mai", 5),
    ("mayo", 5),
    ("june", 6),
    ("jun", 6),
    ("juin", 6),
    ("junio", 6),
    ("july", 7),
    ("jul", 7),
    ("juillet", 7),
    ("julio", 7),
    ("august", 8),
    ("aug", 8),
    ("aout", 8),
    ("agosto", 8),
    ("september", 9),
    ("sept", 9),
    ("septembre", 9),
    ("septiembre", 9),
    ("setiembre", 9),
    ("october", 10),
    ("oct", 10),
    ("octobre", 10),
    ("octubre", 10),
    ("november", 11),
    ("nov", 11),
    ("novembre", 11),
    ("noviembre", 11),
    ("december", 12),
    ("dec", 12),
    ("decembre", 12),
    ("diciembre", 12),
];

/// Words before a year and the comparison they make.
const YEAR_CUES: &[(&str, Cmp)] = &[
    ("on or after", Cmp::Ge),
    ("on or before", Cmp::Le),
    ("in or after", Cmp::Ge),
    ("in or before", Cmp::Le),
    ("before", Cmp::Lt),
    ("prior to", Cmp::Lt),
    ("avant", Cmp::Lt),
    ("antes de", Cmp::Lt),
    ("antes del", Cmp::Lt),
    ("after", Cmp::Gt),
    ("apres", Cmp::Gt),
    ("despues de", Cmp::Gt),
    ("despues del", Cmp::Gt),
    ("since", Cmp::Ge),
    ("from", Cmp::Ge),
    ("depuis", Cmp::Ge),
    ("a partir de", Cmp::Ge),
    ("desde", Cmp::Ge),
    ("until", Cmp::Le),
    ("up to", Cmp::Le),
    ("jusqu en", Cmp::Le),
    ("jusqu a", Cmp::Le),
    ("hasta", Cmp::Le),
    ("in", Cmp::Eq),
    ("en", Cmp::Eq),
    ("during", Cmp::Eq),
    ("pendant", Cmp::Eq),
    ("durante", Cmp::Eq),
    ("for", Cmp::Eq),
    ("pour", Cmp::Eq),
    ("of", Cmp::Eq),
    ("de", Cmp::Eq),
    ("del", Cmp::Eq),
];

/// A category value found in the goal.
struct Placed {
    start: usize,
    len: usize,
    column: String,
    value: String,
    negated: bool,
}

/// Words that join the items of a list ("North, South and East", "ni
/// Nord ni Sud").
const LIST_JOINERS: &[&str] = &[
    "and", "or", "nor", "et", "ou", "ni", "y", "e", "o", "u", "as", "well",
];

/// Most words between two values of one column joined by "or" ("from
/// Canada or from Germany").
const MAX_OR_GAP: usize = 4;

/// The joiners that offer a choice.
const OR_WORDS: &[&str] = &["or", "ou", "o", "u", "nor", "ni"];

/// The joiners that add an item rather than offer a choice.
const AND_WORDS: &[&str] = &["and", "et", "y", "e"];

/// Words joining a month and its year, or naming the period: "March of
/// 2024", "mes de marzo", "l'année 2024".
const DATE_GLUE: &[&str] = &[
    "of", "de", "del", "month", "mois", "mes", "year", "annee", "ano", "the", "le", "la", "l",
    "el", "in", "en", "during", "pendant", "durante",
];

/// A year written in four digits (1900 to 2100).
pub(in crate::generator) fn year_of(token: &text::Token) -> Option<i32> {
    let t = token.folded.as_str();
    if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        let y: i32 = t.parse().ok()?;
        return (1900..=2100).contains(&y).then_some(y);
    }
    None
}

/// The month after `month` of `year`.
fn next_month(year: i32, month: u32) -> (i32, u32) {
    if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    }
}

/// A span of months read from the goal.
enum MonthRange {
    /// Every month of the span, in one year or in every year.
    Months {
        months: Vec<f64>,
        year: Option<i32>,
        next: usize,
    },
    /// From the first day of one month to the first day after the other.
    Dates {
        from: String,
        until: String,
        next: usize,
    },
    /// A span whose years are unclear: the words, to name them.
    Unclear { start: usize, len: usize },
}

/// Equalities on one part of a date are alternatives ("June, July and
/// August"): they become one filter on any of the values.
fn merge_any_of(found: Vec<(usize, DatePart, Cmp, f64)>) -> Vec<(DatePart, Cmp, FilterValue)> {
    let mut out: Vec<(DatePart, Cmp, FilterValue)> = Vec::new();
    for (_, part, cmp, value) in found {
        let same = out
            .iter_mut()
            .find(|(p, c, _)| *p == part && *c == Cmp::Eq && cmp == Cmp::Eq);
        match same {
            Some((_, _, FilterValue::Number(first))) => {
                let first = *first;
                out.retain(|(p, c, _)| !(*p == part && *c == Cmp::Eq));
                out.push((part, Cmp::Eq, FilterValue::AnyOf(vec![first, value])));
            }
            Some((_, _, FilterValue::AnyOf(values))) => {
                if !values.contains(&value) {
                    values.push(value);
                }
            }
            _ => out.push((part, cmp, FilterValue::Number(value))),
        }
    }
    out
}

/// Words that name a column of ages, whole or as a part (`customer_age`).
const AGE_WORDS: &[&str] = &["age", "edad"];

/// Age comparisons without the column's name: (phrase, the number comes
/// before it, comparison).
const AGE_PHRASES: &[(&str, bool, Cmp)] = &[
    ("older than", false, Cmp::Gt),
    ("younger than", false, Cmp::Lt),
    ("aged over", false, Cmp::Gt),
    ("aged under", false, Cmp::Lt),
    ("or older", true, Cmp::Ge),
    ("or younger", true, Cmp::Le),
    ("and older", true, Cmp::Ge),
    ("and younger", true, Cmp::Le),
];

/// Words that set values of one column against each other ("Paris vs
/// Lyon", "hommes et femmes séparément", "por separado").
const COMPARING_CUES: &[&str] = &[
    "compare",
    "compared",
    "comparing",
    "comparer",
    "comparez",
    "comparant",
    "compara",
    "comparar",
    "comparando",
    "vs",
    "versus",
    // "X frente a Y", "X par rapport à Y", "X comparé à celui de Y"
    "frente a",
    "frente al",
    "par rapport a",
    "par rapport au",
    "compare a",
    "compare au",
    "comparee a",
    "comparado con",
    "comparada con",
    "separately",
    "side by side",
    "respectively",
    "separement",
    "respectivement",
    "por separado",
    "separadamente",
    "respectivamente",
];

/// The shortest word that may name a value by itself ("Lidl", "EDF" is too
/// short to be told from an acronym of something else).
const MIN_DISTINCTIVE_CHARS: usize = 4;

/// The most words of a value that names something: longer cells are free
/// text ("Coalition reported together, Phone poll"), whose words are the
/// asker's own ("polls") more often than a name of the value; no word of
/// theirs alone finds them.
pub(super) const MAX_NAME_VALUE_WORDS: usize = 4;

/// The words of values of several words that no other value of the files
/// holds (in any text column) and that are no word the planner reads
/// otherwise: each names its value alone ("Netflix" → "Abonnement
/// Netflix"; never "Retail" for "Wayne Retail" beside a segment "Retail"),
/// never a word of a file's name, never in a cell of free text.
fn distinctive_words(inputs: &[InputDescription]) -> Vec<(String, String, String)> {
    let values: Vec<(&str, &str, Vec<String>)> = inputs
        .iter()
        .flat_map(|i| i.columns.iter().filter(|c| c.kind == ColumnKind::Text))
        .flat_map(|c| {
            c.values.iter().map(|v| {
                let words = text::tokens(v).into_iter().map(|t| t.key).collect();
                (c.name.as_str(), v.as_str(), words)
            })
        })
        .collect();
    let known = |w: &str| {
        lexicon::STOP_WORDS.contains(&w)
            || super::words::FILLERS.contains(&w)
            || lexicon::OPS.iter().any(|(p, _)| text::same_word(p, w))
            || lexicon::SYNONYMS.iter().any(|g| g.contains(&w))
            || MONTHS.iter().any(|(m, _)| *m == w)
    };
    // "How many polls…" of `polls.csv`: the file's own words name its rows.
    let file_words: Vec<String> = inputs
        .iter()
        .flat_map(|i| {
            text::name_words(
                i.name
                    .rsplit_once('.')
                    .map_or(i.name.as_str(), |(stem, _)| stem),
            )
        })
        .collect();
    let mut out = Vec::new();
    let sized = |v: &&(&str, &str, Vec<String>)| (2..=MAX_NAME_VALUE_WORDS).contains(&v.2.len());
    for (column, value, words) in values.iter().filter(sized) {
        for w in words.iter().filter(|w| !file_words.contains(w)) {
            let holders = values.iter().filter(|(_, _, ws)| ws.contains(w)).count();
            if holders == 1 && w.chars().count() >= MIN_DISTINCTIVE_CHARS && !known(w) {
                out.push((w.clone(), (*column).to_owned(), (*value).to_owned()));
            }
        }
    }
    out
}

impl Reading<'_> {
    /// Where `value` is written exactly (same case) right after a mention
    /// of `column` (after "=" or ":" too), or further in a list of the
    /// column's `values` joined by "and", "or" or commas ("sprays C and D").
    fn value_after_its_column(&self, column: &str, value: &str, values: &[String]) -> Vec<usize> {
        const LIST: &[&str] = &["and", "or", ",", "et", "ou", "y", "o"];
        let mut found = Vec::new();
        for m in self.mentions.iter().filter(|m| m.column == column) {
            let mut at = m.start + m.len;
            if self
                .g
                .tokens
                .get(at)
                .is_some_and(|t| matches!(t.raw.as_str(), "=" | ":"))
            {
                at += 1;
            }
            while let Some(t) = self.g.tokens.get(at) {
                if !values.contains(&t.raw) || !self.g.free(at, 1) {
                    break;
                }
                if t.raw == value {
                    found.push(at);
                }
                let joined = self
                    .g
                    .tokens
                    .get(at + 1)
                    .is_some_and(|j| LIST.contains(&j.folded.as_str()));
                if !joined {
                    break;
                }
                at += 2;
            }
        }
        found
    }

    /// Where the goal says `word` right after one of `articles`: "el
    /// sur", "del este" in Spanish, "l'est", "de l'est" in French — words
    /// that are another word elsewhere ("sur" is French for "on", "este"
    /// Spanish for "this", "est" French for "is").
    fn compass_after_article(&self, word: &str, articles: &[&str]) -> Vec<usize> {
        (1..self.g.tokens.len())
            .filter(|&i| {
                self.g.tokens[i].folded == word
                    && articles.contains(&self.g.tokens[i - 1].folded.as_str())
            })
            .collect()
    }

    /// Category values: "for the North region", "pour la région Nord".
    pub fn category_filters(&mut self) -> Result<(), GoalProblem> {
        let mut hits: Vec<(usize, usize, String, String)> = Vec::new();
        for input in self.inputs {
            for c in input.columns.iter().filter(|c| c.kind == ColumnKind::Text) {
                for v in &c.values {
                    let words: Vec<String> = text::tokens(v).into_iter().map(|t| t.key).collect();
                    let is_word_we_know = |w: &str| {
                        w.chars().count() < 2
                            || lexicon::STOP_WORDS.contains(&w)
                            || lexicon::OPS.iter().any(|(p, _)| text::same_word(p, w))
                    };
                    // A value that is a word we know ("S", "no") is never
                    // found by itself, but its synonyms ("Southampton") find it.
                    let own =
                        !(words.is_empty() || (words.len() == 1 && is_word_we_know(&words[0])));
                    if own {
                        for start in self.g.find(&words.join(" ")) {
                            if self.other_before_a_noun(start, &words) {
                                continue;
                            }
                            hits.push((start, words.len(), c.name.clone(), v.clone()));
                        }
                    } else {
                        // "wool B", "tension H", "(wool = A)", "sprays C
                        // and D": a value that is a short word is found
                        // right after its column, or in a list there.
                        for at in self.value_after_its_column(&c.name, v, &c.values) {
                            hits.push((at, 1, c.name.clone(), v.clone()));
                        }
                    }
                    // "women" for a value "female", "mujeres" for "Femenino";
                    // "men" is no region "M" beside a column of sexes.
                    let sexes = value_synonyms_of("female")
                        .iter()
                        .chain(&value_synonyms_of("male"))
                        .any(|w| *w == text::fold(v));
                    if sexes
                        && !is_sex_column(&c.name)
                        && self
                            .inputs
                            .iter()
                            .any(|i| i.columns.iter().any(|o| is_sex_column(&o.name)))
                    {
                        continue;
                    }
                    for word in value_synonyms(v) {
                        let len = word.split_whitespace().count();
                        for start in self.g.find(word) {
                            hits.push((start, len, c.name.clone(), v.clone()));
                        }
                    }
                    // "en el sur", "del este", "dans l'est": the south and
                    // the east said in the goal's language, after an
                    // article only ("sur" is French for "on", "este"
                    // Spanish for "this", "est" French for "is").
                    let compass = match (self.lang, text::fold(v).as_str()) {
                        (Lang::Es, "south" | "sud") => Some(("sur", &["el", "del", "al"][..])),
                        (Lang::Es, "east" | "est") => Some(("este", &["el", "del", "al"][..])),
                        (Lang::Fr, "east" | "este") => Some(("est", &["l"][..])),
                        _ => None,
                    };
                    if let Some((word, articles)) = compass {
                        for at in self.compass_after_article(word, articles) {
                            hits.push((at, 1, c.name.clone(), v.clone()));
                        }
                    }
                }
            }
        }
        // "Netflix" for "Abonnement Netflix": a word only one value of the
        // files holds.
        for (word, column, value) in distinctive_words(self.inputs) {
            for start in self.g.find(&word) {
                hits.push((start, 1, column.clone(), value.clone()));
            }
        }
        hits.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let found: Vec<(usize, String)> = hits.iter().map(|h| (h.0, h.2.clone())).collect();
        let asked: Vec<usize> = (self.ops.iter().map(|(i, _)| *i))
            .chain(self.mentions.iter().map(|m| m.start))
            .collect();
        hits.retain(|h| !super::asides::is_aside(&self.g.tokens, h.0, &h.2, &found, &asked));
        let clauses = self.g.tokens.last().map_or(0, |t| t.clause + 1);
        let mut placed: Vec<Placed> = Vec::new();
        for (start, len, column, value) in hits {
            if !self.g.free(start, len) {
                continue;
            }
            // "Santé !" alone in its clause, beside a question: a toast, not
            // a filter; the clause is set aside as context and restated.
            // Not a value said as the question's subject: "Nice, 2024:
            // total rainfall?", "Lyon: average temperature".
            let clause = self.g.tokens[start].clause;
            let alone = self.g.tokens.iter().filter(|t| t.clause == clause).count() == len;
            if alone && clauses > 1 && self.g.exclaimed(clause) {
                continue;
            }
            // "Thanks for your support! What's the average height?": an
            // exclamation beside a question that asks nothing of its own is
            // a remark; its value is no filter (the clause is context).
            let remark = clauses > 1
                && self.g.exclaimed(clause)
                && !self
                    .g
                    .tokens
                    .iter()
                    .any(|t| t.clause == clause && super::words::asks_something(t));
            if remark {
                continue;
            }
            self.g.take(start, len);
            // "the North region": the column named beside its value is part of the filter.
            // Not after a grouping word: "every product except pens" is per
            // product.
            // Before the column's mention is taken into the filter: it may
            // stand between a negation and its value ("sauf la région Ouest").
            let negated = self.negated(start, &column);
            let tokens = &self.g.tokens;
            let grouped = |at: usize| {
                at.checked_sub(1)
                    .and_then(|i| tokens.get(i))
                    .is_some_and(|t| {
                        matches!(
                            t.folded.as_str(),
                            "per" | "by" | "each" | "chaque" | "par" | "cada" | "por"
                        )
                    })
            };
            self.mentions.retain(|m| {
                !(m.column == column
                    && (m.start + m.len + 2 >= start && m.start <= start + len + 2)
                    && !grouped(m.start))
            });
            placed.push(Placed {
                start,
                len,
                column,
                value,
                negated,
            });
        }
        self.place_values(placed)?;
        for f in self.filters.clone() {
            let FilterValue::List(values) = &f.value else {
                continue;
            };
            let shown = values.join(" / ");
            let said = match f.cmp {
                Cmp::Ne => self.say(
                    format!("only rows where {} is not {shown}", f.column),
                    format!("seulement les lignes où {} ne vaut pas {shown}", f.column),
                    format!("solo las filas donde {} no es {shown}", f.column),
                ),
                _ => self.say(
                    format!("only rows where {} is {shown}", f.column),
                    format!("seulement les lignes où {} vaut {shown}", f.column),
                    format!("solo las filas donde {} es {shown}", f.column),
                ),
            };
            self.understood.push(said);
        }
        Ok(())
    }

    /// Values placed, in the goal's order: a value listed after an excluded
    /// one of the same column is excluded too ("excluding Engineering and
    /// Sales"); values of one column listed with "and" are compared, one
    /// result each ("men and women"), with "or" they are one set.
    fn place_values(&mut self, mut placed: Vec<Placed>) -> Result<(), GoalProblem> {
        placed.sort_by_key(|p| p.start);
        self.values_joined(&placed)?;
        if let Some(unknown) = placed.iter().find_map(|p| self.unknown_value_after(p)) {
            return Err(GoalProblem::Unplaced {
                words: vec![unknown],
                understood: self.understood.clone(),
            });
        }
        for i in 1..placed.len() {
            let (before, after) = placed.split_at_mut(i);
            let (prev, cur) = (&before[i - 1], &mut after[0]);
            if prev.column != cur.column {
                continue;
            }
            let between = self.g.tokens[prev.start + prev.len..cur.start].iter();
            let words: Vec<&str> = between.map(|t| t.folded.as_str()).collect();
            let listed = words
                .iter()
                .all(|w| LIST_JOINERS.contains(w) || lexicon::ARTICLES.contains(w));
            let or = words.iter().any(|w| OR_WORDS.contains(w));
            if or && words.len() <= MAX_OR_GAP {
                // "from Canada or from Germany", "satisfechas o muy
                // satisfechas": one column's values offered as a choice
                self.or_joined
                    .push((cur.column.clone(), prev.start, cur.start + cur.len));
            }
            if listed && or && !prev.negated && !cur.negated {
                // "Le Nord ou le Sud : qui…" (`than`)
                let end = cur.start + cur.len;
                self.either.push((cur.column.clone(), prev.start, end));
            }
            if listed && prev.negated {
                cur.negated = true;
            } else if !prev.negated
                && !cur.negated
                && !or
                && words.iter().any(|w| AND_WORDS.contains(w))
            {
                // "men and women", "le CA dans le Sud et le CA dans le Nord"
                self.compared.push(cur.column.clone());
            }
        }
        for p in placed {
            let cmp = if p.negated { Cmp::Ne } else { Cmp::Eq };
            self.add_value(p.column, cmp, p.value);
        }
        Ok(())
    }

    /// "regiones Sur y Este" where the data has no Este: a capitalised word
    /// listed after a value, that is no value, column, operation or month,
    /// is a value the data does not hold — never dropped as a filler.
    fn unknown_value_after(&self, p: &Placed) -> Option<String> {
        let mut at = p.start + p.len;
        let joiner = self.g.tokens.get(at)?;
        if !LIST_JOINERS.contains(&joiner.folded.as_str()) {
            return None;
        }
        at += 1;
        while self
            .g
            .tokens
            .get(at)
            .is_some_and(|t| lexicon::ARTICLES.contains(&t.folded.as_str()))
        {
            at += 1;
        }
        let t = self.g.tokens.get(at)?;
        let capitalised = t.raw.chars().next().is_some_and(char::is_uppercase);
        let known = self.g.used[at]
            || text::number(t).is_some()
            || lexicon::STOP_WORDS.contains(&t.folded.as_str())
            || lexicon::OPS
                .iter()
                .any(|(w, _)| text::same_word(w, &t.folded))
            || MONTHS.iter().any(|(w, _)| *w == t.folded)
            || self
                .mentions
                .iter()
                .any(|m| m.start <= at && at < m.start + m.len);
        (capitalised && !known).then(|| t.raw.clone())
    }

    /// Several values of one column are one filter only when they are
    /// joined ("North or South", "loisirs ou en santé", "North but not
    /// South"); values far apart ("It's a nice day here, so what's the
    /// max temperature in Lyon?", "I'm in sales: salary in R&D?") may be
    /// a remark beside the question — the plan stops and names the first.
    fn values_joined(&mut self, placed: &[Placed]) -> Result<(), GoalProblem> {
        const JOINING: &[&str] = &[
            "and",
            "or",
            "nor",
            "neither",
            "et",
            "ou",
            "ni",
            "y",
            "o",
            "e",
            "u",
            "but",
            "not",
            "mais",
            "pas",
            "pero",
            "no",
            "except",
            "sauf",
            "excepto",
            "salvo",
            "hors",
            "in",
            "en",
            "a",
            "au",
            "aux",
            "at",
            "for",
            "pour",
            "para",
            "por",
            "de",
            "du",
            "del",
            "dans",
            "from",
            "to",
            "on",
            "than",
            "other",
            "also",
            "aussi",
            "tambien",
            "only",
            "seulement",
            "solo",
            "vs",
            "versus",
            "against",
            "contre",
            "contra",
            "frente",
        ];
        for (x, a) in placed.iter().enumerate() {
            let Some(b) = placed[x + 1..].iter().find(|b| b.column == a.column) else {
                continue;
            };
            let (a_end, b_start) = (a.start + a.len, b.start);
            // "homes in Bristol dearer than the ones in Reading": compared;
            // values of a second column on each side of it ("the North …
            // pens than staplers in the South") are no list.
            match self.straddles_than(a_end, b_start, &a.column) {
                Some(true) => continue,
                Some(false) => return Err(self.than_unread()),
                None => {}
            }
            // "the North region or the South region": the column's own words join too.
            let own = text::name_words(&a.column);
            let apart = self.g.tokens[a_end.min(b_start)..b_start].iter().any(|t| {
                !JOINING.contains(&t.folded.as_str())
                    && !lexicon::ARTICLES.contains(&t.key.as_str())
                    && !own.contains(&t.key)
            });
            if apart {
                return Err(GoalProblem::Unplaced {
                    words: vec![self.g.raw(a.start, a.len)],
                    understood: self.understood.clone(),
                });
            }
        }
        Ok(())
    }

    /// Idioms read before the operations, whose words would otherwise be
    /// read as operations: exclusions ("à part") and verbs.
    pub fn idioms(&mut self) {
        self.exclusion_idioms();
        self.verb_idioms();
    }

    /// "How many participants took part in …" (no share); "did visits to
    /// the home page top 800?" (more than 800, no top 800).
    fn verb_idioms(&mut self) {
        const TAKE: &[&str] = &["take", "takes", "took", "taking", "taken"];
        const ASKING: &[&str] = &["did", "do", "does", "will", "would"];
        // "do our top 5 customers …", "did the top 5 products …"
        const BEFORE_A_RANK: &[&str] = &["our", "my", "your", "their", "his", "her", "its"];
        for i in 1..self.g.tokens.len() {
            let (before, word) = (&self.g.tokens[i - 1], &self.g.tokens[i]);
            if word.folded == "part"
                && TAKE.contains(&before.folded.as_str())
                && self.g.free(i - 1, 2)
            {
                self.g.take(i - 1, 2);
                continue;
            }
            let numbered = self
                .g
                .tokens
                .get(i + 1)
                .is_some_and(|n| n.folded.starts_with(|c: char| c.is_ascii_digit()));
            let asked = self.g.tokens[..i]
                .iter()
                .any(|t| t.clause == word.clause && ASKING.contains(&t.folded.as_str()));
            let verb = word.folded == "top"
                && numbered
                && asked
                && !lexicon::ARTICLES.contains(&before.folded.as_str())
                && !BEFORE_A_RANK.contains(&before.folded.as_str());
            if verb && self.g.free(i, 1) {
                let t = &mut self.g.tokens[i];
                t.folded = "over".to_owned();
                t.key = "over".to_owned();
            }
        }
    }

    /// "à part les stylos", "aparte de los bolígrafos": an exclusion said
    /// with a word that is also an operation ("part" is a share), read
    /// before the operations as the plain negation it is.
    fn exclusion_idioms(&mut self) {
        for i in 1..self.g.tokens.len() {
            let (before, word) = (&self.g.tokens[i - 1].folded, &self.g.tokens[i].folded);
            let idiom = matches!(
                (before.as_str(), word.as_str()),
                ("a", "part") | ("aparte", "de")
            );
            if idiom && self.g.free(i - 1, 2) {
                self.g.take(i - 1, 1);
                let t = &mut self.g.tokens[i];
                t.folded = "sauf".to_owned();
                t.key = "sauf".to_owned();
            }
        }
    }

    /// A negation just before the value at `start` of `column` (articles
    /// and the column's own name skipped): "except the North", "sauf la
    /// région Nord" — never another column's name ("sans garage à
    /// Reading" excludes no town).
    pub(crate) fn negated(&mut self, start: usize, column: &str) -> bool {
        let mut i = start;
        // Words between a negation and its value ("sin contar el Centro",
        // "que no son de Madrid"), taken only when a negation comes.
        let mut bridged: Vec<usize> = Vec::new();
        while i > 0 {
            let t = &self.g.tokens[i - 1];
            if lexicon::ARTICLES.contains(&t.key.as_str())
                || self
                    .mentions
                    .iter()
                    .any(|m| m.start + m.len == i && m.column == column)
            {
                i -= 1;
                continue;
            }
            // "hors commandes annulées": the rows' own noun bridges too,
            // even when it was read as the rows counted.
            // "que no viven en Madrid", "who don't live in Madrid": a verb
            // of being somewhere, right after "not" / "no".
            let plain_verb = PLACE_VERBS.contains(&t.folded.as_str())
                && i >= 2
                && matches!(self.g.tokens[i - 2].folded.as_str(), "not" | "no");
            let bridge = NEGATION_BRIDGES.contains(&t.folded.as_str())
                || ROW_NOUN_BRIDGES.contains(&t.folded.as_str())
                || super::words::is_row_noun(&t.key)
                || plain_verb;
            if bridge && bridged.len() < MAX_NEGATION_BRIDGE {
                if !self.g.used[i - 1] {
                    bridged.push(i - 1);
                    i -= 1;
                    continue;
                }
                if ROW_NOUN_BRIDGES.contains(&t.folded.as_str()) {
                    i -= 1;
                    continue;
                }
            }
            // "category = 'A'", "category != 'A'"
            if matches!(t.folded.as_str(), "=" | "==") && !self.g.used[i - 1] {
                self.g.take(i - 1, 1);
                i -= 1;
                continue;
            }
            if t.folded == "!=" && !self.g.used[i - 1] {
                self.g.take(i - 1, 1);
                return true;
            }
            if NEGATIONS.contains(&t.folded.as_str()) && !self.g.used[i - 1] {
                self.g.take(i - 1, 1);
                for &b in &bridged {
                    self.g.take(b, 1);
                }
                self.french_ne_before(i - 1);
                // "but not", "mais pas", "pero no"
                let joined = i >= 2
                    && matches!(
                        self.g.tokens[i - 2].folded.as_str(),
                        "but" | "mais" | "pero"
                    );
                if joined && !self.g.used[i - 2] {
                    self.g.take(i - 2, 1);
                }
                return true;
            }
            // "other than"
            if t.folded == "than" && i >= 2 && self.g.tokens[i - 2].folded == "other" {
                self.g.take(i - 2, 2);
                return true;
            }
            return false;
        }
        false
    }

    /// "qui ne sont pas à Londres", "qui n'habitent pas à Madrid": the
    /// "ne" of a French negation, a few words before its "pas", is part of
    /// it.
    fn french_ne_before(&mut self, pas: usize) {
        if !FRENCH_NEGATION_ENDS.contains(&self.g.tokens[pas].folded.as_str()) {
            return;
        }
        let clause = self.g.tokens[pas].clause;
        let ne = (pas.saturating_sub(2)..pas).rev().find(|&k| {
            let t = &self.g.tokens[k];
            t.clause == clause && matches!(t.folded.as_str(), "ne" | "n") && self.g.free(k, 1)
        });
        // Only a verb of being somewhere between them: "ne se vendent pas
        // dans le Nord" asks which are never sold there.
        let Some(k) = ne else { return };
        let plain = self.g.tokens[k + 1..pas]
            .iter()
            .all(|t| FRENCH_PLAIN_VERBS.contains(&t.folded.as_str()));
        if plain {
            self.g.take(k, 1);
        }
    }

    /// "the largest other household income": a value "other" said before
    /// a noun of its clause is the adjective, not the value ("region
    /// (west, central, other)" is the value).
    fn other_before_a_noun(&self, start: usize, words: &[String]) -> bool {
        let [word] = words else {
            return false;
        };
        let next = self.g.tokens.get(start + 1);
        matches!(word.as_str(), "other" | "autre" | "otro" | "otra")
            && next.is_some_and(|n| {
                n.clause == self.g.tokens[start].clause
                    && n.folded.chars().all(char::is_alphabetic)
                    && !matches!(n.folded.as_str(), "and" | "or" | "et" | "ou" | "y" | "o")
            })
    }

    /// Adds a category value; values of one column make one filter (kept
    /// values win over excluded ones: a row has one value).
    pub(crate) fn add_value(&mut self, column: String, cmp: Cmp, value: String) {
        if let Some(f) = self
            .filters
            .iter_mut()
            .find(|f| f.column == column && f.part.is_none())
        {
            if let FilterValue::List(values) = &mut f.value {
                match (f.cmp, cmp) {
                    // "North but not South": a row has one region, so the
                    // kept values say it all.
                    (Cmp::Eq, Cmp::Ne) => {}
                    (Cmp::Ne, Cmp::Eq) => {
                        f.cmp = Cmp::Eq;
                        *values = vec![value];
                    }
                    _ if !values.contains(&value) => values.push(value),
                    _ => {}
                }
                return;
            }
        }
        self.filters.push(Filter {
            column,
            cmp,
            value: FilterValue::List(vec![value]),
            part: None,
        });
    }
}

/// Where "with and without" starts before the word at `at` ("for the
/// workers with and without a UI claim", "avec et sans garage", "con y sin
/// garaje"), an article between aside.
fn with_and_without(tokens: &[crate::generator::text::Token], at: usize) -> Option<usize> {
    let word = |i: usize| tokens[i].folded.as_str();
    let mut p = at.checked_sub(1)?;
    if lexicon::ARTICLES.contains(&word(p)) {
        p = p.checked_sub(1)?;
    }
    let from = p.checked_sub(2)?;
    (matches!(word(p), "without" | "sans" | "sin")
        && matches!(word(p - 1), "and" | "or" | "et" | "ou" | "y" | "o")
        && matches!(word(from), "with" | "avec" | "con"))
    .then_some(from)
}

impl Reading<'_> {
    /// A yes/no column named without a grouping ("average charges for
    /// smokers", "houses with a garage") keeps its yes rows; after a
    /// negation ("without a garage", "non-smokers") its no rows.
    pub fn yes_no_filters(&mut self) {
        // Where each yes/no column was last named: "smokers and
        // non-smokers" names both values joined by "and" (compared).
        let mut last_named: Vec<(String, usize)> = Vec::new();
        for m in self.mentions.clone() {
            if self.kind(&m.column) != ColumnKind::Boolean
                || self.group_by.as_deref() == Some(m.column.as_str())
            {
                continue;
            }
            // "the missing values of the column [self]": a column said as a
            // column is measured, not its "yes" rows.
            let said_as_column = m.start > 0
                && matches!(
                    self.g.tokens[m.start - 1].folded.as_str(),
                    "column" | "colonne" | "columna" | "variable" | "field"
                );
            if said_as_column {
                continue;
            }
            if super::asides::describes_the_asker(&self.g.tokens, m.start) {
                // "I'm not a smoker myself": who asks, not which rows.
                self.set_aside_clause(m.start);
                self.mentions.retain(|x| x.start != m.start);
                continue;
            }
            let values: Vec<String> = self
                .inputs
                .iter()
                .flat_map(|i| i.columns.iter().filter(|c| c.name == m.column))
                .flat_map(|c| c.values.clone())
                .collect();
            // "qui ne fument pas": the verb between "ne" and "pas".
            let french = m.start > 0
                && matches!(self.g.tokens[m.start - 1].folded.as_str(), "ne" | "n")
                && self
                    .g
                    .tokens
                    .get(m.start + m.len)
                    .is_some_and(|t| FRENCH_NEGATION_ENDS.contains(&t.folded.as_str()))
                && self.g.free(m.start + m.len, 1);
            // "homes that don't have a garage", "doesn't have any kids".
            let have_not = m.start > 2
                && matches!(self.g.tokens[m.start - 3].folded.as_str(), "not" | "no")
                && matches!(
                    self.g.tokens[m.start - 2].folded.as_str(),
                    "have" | "has" | "own"
                )
                && matches!(
                    self.g.tokens[m.start - 1].folded.as_str(),
                    "a" | "an" | "any"
                );
            // "with and without a UI claim (ui)": both, compared.
            // (A test of the two groups reads them itself, with its order.)
            let both = with_and_without(&self.g.tokens, m.start).filter(|_| self.test.is_none());
            if let Some(from) = both {
                let all: Vec<String> = values.iter().take(2).cloned().collect();
                // "avec ou sans garage": either way, no condition — unless
                // a comparison is asked ("compare … with or without").
                let comparing = self.g.tokens.iter().any(|t| {
                    t.folded.starts_with("compar") || matches!(t.folded.as_str(), "versus" | "vs")
                });
                let either = !comparing
                    && matches!(self.g.tokens[from + 1].folded.as_str(), "or" | "ou" | "o");
                if either {
                    self.g.take(from, m.start + m.len - from);
                    self.mentions.retain(|x| x.start != m.start);
                    continue;
                }
                if values.len() == 2 {
                    self.g.take(from, m.start - from);
                    self.mentions.retain(|x| x.start != m.start);
                    for v in all {
                        self.add_value(m.column.clone(), Cmp::Eq, v);
                    }
                    self.compared.push(m.column.clone());
                    continue;
                }
            }
            let negated = french
                || have_not
                || m.start > 0
                    && YES_NO_NEGATIONS.contains(&self.g.tokens[m.start - 1].folded.as_str())
                || (m.start > 1
                    && matches!(
                        self.g.tokens[m.start - 2].folded.as_str(),
                        "without" | "sans" | "sin" | "no" | "not" | "pas"
                    ));
            let yes = |v: &String| {
                matches!(
                    text::fold(v).as_str(),
                    "yes" | "oui" | "si" | "true" | "vrai" | "verdadero" | "1" | "y"
                )
            };
            // "type No", "smoker yes": the column's own value said after it.
            let after = m.start + m.len;
            let said_after = self
                .g
                .tokens
                .get(after)
                .filter(|_| self.g.free(after, 1))
                .and_then(|t| values.iter().find(|v| text::fold(v) == t.folded))
                .cloned();
            let negated = negated && said_after.is_none();
            if said_after.is_some() {
                self.g.take(after, 1);
            }
            let pick = said_after.or_else(|| {
                values
                    .iter()
                    .find(|v| if negated { !yes(v) } else { yes(v) })
                    .cloned()
            });
            let Some(value) = pick else { continue };
            if french && negated {
                self.g.take(m.start - 1, 1);
                self.g.take(m.start + m.len, 1);
            } else if negated {
                let at = if have_not {
                    m.start - 3
                } else if YES_NO_NEGATIONS.contains(&self.g.tokens[m.start - 1].folded.as_str()) {
                    m.start - 1
                } else {
                    m.start - 2
                };
                self.g.take(at, 1);
                // "qui ne sont pas fumeurs"
                self.french_ne_before(at);
            }
            self.mentions.retain(|x| x.start != m.start);
            if let Some((_, end)) = last_named.iter().find(|(c, _)| *c == m.column) {
                let from = (*end).min(m.start);
                let joined = self.g.tokens[from..m.start]
                    .iter()
                    .any(|t| AND_WORDS.contains(&t.folded.as_str()))
                    && self.g.tokens[from..m.start].iter().all(|t| {
                        let w = t.folded.as_str();
                        AND_WORDS.contains(&w)
                            || lexicon::ARTICLES.contains(&w)
                            || YES_NO_NEGATIONS.contains(&w)
                    });
                if joined {
                    self.compared.push(m.column.clone());
                }
            }
            last_named.retain(|(c, _)| *c != m.column);
            last_named.push((m.column.clone(), m.start + m.len));
            self.add_value(m.column.clone(), Cmp::Eq, value.clone());
            let said = self.say(
                format!("only rows where {} is {value}", m.column),
                format!("seulement les lignes où {} vaut {value}", m.column),
                format!("solo las filas donde {} es {value}", m.column),
            );
            self.understood.push(said);
        }
    }

    /// Places the clause of the word at `at` and keeps it as context.
    fn set_aside_clause(&mut self, at: usize) {
        let clause = self.g.tokens[at].clause;
        let members: Vec<usize> = (0..self.g.tokens.len())
            .filter(|&i| self.g.tokens[i].clause == clause)
            .collect();
        if let (Some(&first), Some(&last)) = (members.first(), members.last()) {
            self.g.take(first, last + 1 - first);
            self.told.push(self.g.between(first, last));
        }
    }

    /// "smokers vs non-smokers", "Paris versus Lyon", "men and women",
    /// "hommes et femmes séparément":
    /// values of one column set against each other or listed with "and" are
    /// compared — one result per value (the column becomes the grouping; the
    /// filter keeps those values); with a grouping already, that is two
    /// groupings and the plan stops. A "vs" that compares no such values
    /// stays unplaced, and the plan stops.
    pub fn compared_values(&mut self) -> Result<(), GoalProblem> {
        let by_than = self.than_compared()?;
        let g = &self.g;
        let cues: Vec<(usize, usize)> = COMPARING_CUES
            .iter()
            .flat_map(|cue| {
                let len = cue.split_whitespace().count();
                g.find(cue)
                    .into_iter()
                    .filter(move |&at| g.free(at, len))
                    .map(move |at| (at, len))
            })
            .collect();
        // "pens and folders" of a total or a count is one set (the total of
        // both); of a mean ("men and women") each is asked for — unless
        // "together", "combined", "ensemble", "juntos" says one set.
        let additive = self
            .ops
            .iter()
            .all(|(_, o)| !matches!(o, Op::Stat(s) if *s != Stat::Sum));
        let together = self.g.tokens.iter().any(|t| {
            matches!(
                t.folded.as_str(),
                "together" | "combined" | "ensemble" | "juntos" | "juntas" | "conjunto"
            )
        });
        let and_compares = !additive && !together;
        let several: Vec<&Filter> = self
            .filters
            .iter()
            .filter(|f| {
                f.cmp == Cmp::Eq
                    && f.part.is_none()
                    && matches!(&f.value, FilterValue::List(v) if v.len() >= 2)
                    && (!cues.is_empty()
                        || by_than.as_deref() == Some(f.column.as_str())
                        || (and_compares && self.compared.contains(&f.column)))
            })
            .collect();
        // "than" compares exactly its two values, and nothing else.
        let than_fits = match (&by_than, several.as_slice()) {
            (None, _) => true,
            (Some(column), [one]) => {
                one.column == *column && matches!(&one.value, FilterValue::List(v) if v.len() == 2)
            }
            _ => false,
        };
        if !than_fits {
            return Err(self.than_unread());
        }
        let [compared] = several.as_slice() else {
            return Ok(());
        };
        if self.group_by.is_some() {
            // "per department for men and women": two groupings.
            return Err(GoalProblem::TooMany {
                understood: self.understood.clone(),
            });
        }
        let column = compared.column.clone();
        let values = match &compared.value {
            FilterValue::List(v) => v.clone(),
            _ => Vec::new(),
        };
        let chosen = cues.is_empty() && by_than.is_none();
        for (at, len) in cues {
            self.g.take(at, len);
        }
        let said = self.say(
            format!("one result for each value of {column} compared"),
            format!("un résultat pour chaque valeur de {column} comparée"),
            format!("un resultado para cada valor de {column} comparado"),
        );
        self.understood.push(said.clone());
        if chosen {
            // "for sprays C and D", "respondents from Spain and Mexico":
            // each, or both together? Not said: each, and the other offered.
            let undo = self.together_after(&values);
            self.assume(said, undo);
        }
        // "smokers vs non-smokers" names every value: no row is left out,
        // so there is no filter to say.
        if self.every_value_named(&column) {
            self.filters
                .retain(|f| !(f.column == column && f.part.is_none()));
        }
        self.group_by = Some(column);
        Ok(())
    }

    /// The edit that says the values listed make one set: "together",
    /// "ensemble" or "juntos" after the last of them in the goal.
    fn together_after(&self, values: &[String]) -> Option<super::undo::Edit> {
        let names_one = |t: &text::Token| {
            values.iter().any(|v| {
                let v = text::fold(v);
                v == t.folded
                    || value_synonyms_of(&t.folded)
                        .iter()
                        .any(|s| text::fold(s) == v)
            })
        };
        let last = self.g.tokens.iter().rev().find(|t| names_one(t))?;
        let word = match self.lang {
            Lang::En => " together",
            Lang::Fr => " ensemble",
            Lang::Es => " juntos",
        };
        Some(super::undo::Edit {
            from: last.span.1,
            to: last.span.1,
            text: word.into(),
        })
    }

    /// Whether the filter on `column` keeps every value the column has (all
    /// of every file's rows were read for its values).
    fn every_value_named(&self, column: &str) -> bool {
        let Some(FilterValue::List(named)) = self
            .filters
            .iter()
            .find(|f| f.column == column && f.part.is_none() && f.cmp == Cmp::Eq)
            .map(|f| &f.value)
        else {
            return false;
        };
        let mut described = self
            .inputs
            .iter()
            .flat_map(|i| i.columns.iter().map(move |c| (i, c)))
            .filter(|(_, c)| c.name == column)
            .peekable();
        described.peek().is_some()
            && described.all(|(i, c)| {
                i.row_count <= crate::inputs::TYPE_SAMPLE_ROWS
                    && !c.values.is_empty()
                    && c.values.iter().all(|v| named.contains(v))
            })
    }

    /// Numeric conditions after a column: "age > 40", "âge supérieur à 40",
    /// or before it: "more than 10 units". A column of numbers named as a
    /// condition without a value ("passengers who survived", "how many
    /// survived") stops the plan: which value is meant is not said.
    pub fn numeric_filters(&mut self) -> Result<(), GoalProblem> {
        self.counts_before_columns();
        self.numeric_filters_said()
    }

    /// "los 5 sueldos más altos", "les 5 salaires les plus élevés", "the 3
    /// salaries most": a superlative right after the column at `at` (an
    /// article between them aside) ranks, whatever the number before it.
    fn superlative_after(&self, at: usize) -> bool {
        const MOST: &[&str] = &["mas", "plus", "most", "least", "menos", "moins"];
        let at = match self.g.tokens.get(at).map(|t| t.folded.as_str()) {
            Some("les" | "los" | "las" | "the") => at + 1,
            _ => at,
        };
        self.g.tokens.get(at).is_some_and(|t| {
            MOST.contains(&t.folded.as_str()) && self.g.tokens.get(at + 1).is_some()
        })
    }

    /// "la casa de 3 dormitorios", "houses with 3 bedrooms": the number at
    /// `at` says how many a thing has (after "de", "with"…), not how many
    /// are ranked.
    fn numbers_a_thing(&self, at: usize) -> bool {
        at.checked_sub(1).is_some_and(|i| {
            matches!(
                self.g.tokens[i].folded.as_str(),
                "de" | "d" | "con" | "with" | "avec" | "of" | "a" | "à"
            )
        })
    }

    /// "houses with 3 bedrooms", "3-bedroom houses", "4 or 5 bedroom
    /// houses", "familias con 2 hijos": whole numbers written in digits
    /// right before a column of whole numbers are its value (one, or any of
    /// a list joined by "or"); never after a ranking word ("the top 3
    /// salaries", "les 5 premiers").
    fn counts_before_columns(&mut self) {
        const RANKING: &[&str] = &[
            "top",
            "first",
            "last",
            "best",
            "worst",
            "highest",
            "lowest",
            "largest",
            "smallest",
            "premiers",
            "premieres",
            "derniers",
            "dernieres",
            "primeros",
            "primeras",
            "ultimos",
            "ultimas",
            "mejores",
            "peores",
        ];
        for m in self.mentions.clone() {
            if self.kind(&m.column) != ColumnKind::Integer {
                continue;
            }
            // Digits, or a number word after "have"/"with" ("ont deux
            // salles de bain"): never "un"/"una" alone, which are articles.
            let have = |i: usize| {
                i.checked_sub(1).is_some_and(|j| {
                    matches!(
                        self.g.tokens[j].folded.as_str(),
                        "have" | "has" | "with" | "ont" | "a" | "avec" | "con" | "tienen" | "tiene"
                    )
                })
            };
            let digits = |i: usize| {
                let t = &self.g.tokens[i];
                let written = t.folded.bytes().all(|b| b.is_ascii_digit())
                    || (have(i)
                        && !matches!(t.folded.as_str(), "un" | "une" | "una" | "uno" | "one"));
                (self.g.free(i, 1) && written)
                    .then(|| text::number(t))
                    .flatten()
            };
            let Some(last) = m.start.checked_sub(1) else {
                continue;
            };
            let Some(value) = digits(last) else { continue };
            let mut values = vec![(last, value)];
            // "4 or 5 bedroom", "4, 5 or 6 bedrooms"
            let mut i = last;
            while i >= 2 && OR_WORDS.contains(&self.g.tokens[i - 1].folded.as_str()) {
                let Some(v) = digits(i - 2) else { break };
                values.push((i - 2, v));
                i -= 2;
            }
            let first = values.last().map_or(last, |v| v.0);
            // "our 3 best-paid employees": the mention is the ranking
            // adjective itself.
            // "which three years had the highest…": how many groups are
            // asked, right after the question word.
            // ("Which 3-bedroom house…" keeps bedrooms = 3.)
            let said = &self.g.tokens[m.start];
            let asked = said.key != said.folded
                && first.checked_sub(1).is_some_and(|j| {
                    matches!(
                        self.g.tokens[j].folded.as_str(),
                        "which" | "what" | "quels" | "quelles" | "cuales"
                    )
                });
            let ranked = asked
                || (first.saturating_sub(2)..first)
                    .chain([m.start])
                    .any(|j| RANKING.contains(&self.g.tokens[j].folded.as_str()))
                || (self.superlative_after(m.start + m.len) && !self.numbers_a_thing(first));
            // "more than 2 children", "no más de 10 unidades": a comparison.
            let compared = lexicon::COMPARATORS.iter().any(|(phrase, _)| {
                let words: Vec<&str> = phrase.split_whitespace().collect();
                first >= words.len()
                    && self.g.tokens[first - words.len()..first]
                        .iter()
                        .zip(&words)
                        .all(|(t, w)| t.folded == *w)
            });
            if ranked || compared {
                continue;
            }
            // "3 enfants ou plus", "2 bedrooms or more": one number and a
            // comparison after the column.
            let after =
                amounts::after_number(&self.g, m.start + m.len).filter(|_| values.len() == 1);
            if let Some((cmp, len)) = after {
                self.g.take(first, m.start + m.len + len - first);
                self.mentions.retain(|x| x.start != m.start);
                amounts::add(self, m.column.clone(), cmp, value);
                continue;
            }
            self.g.take(first, m.start + m.len - first);
            self.mentions.retain(|x| x.start != m.start);
            let mut numbers: Vec<f64> = values.iter().map(|v| v.1).collect();
            numbers.reverse();
            let shown = numbers
                .iter()
                .map(f64::to_string)
                .collect::<Vec<_>>()
                .join(" / ");
            self.understood.push(self.say(
                format!("only rows where {} is {shown}", m.column),
                format!("seulement les lignes où {} vaut {shown}", m.column),
                format!("solo las filas donde {} es {shown}", m.column),
            ));
            let value = match numbers.as_slice() {
                [one] => FilterValue::Number(*one),
                _ => FilterValue::AnyOf(numbers),
            };
            self.filters.push(Filter {
                column: m.column.clone(),
                cmp: Cmp::Eq,
                value,
                part: None,
            });
        }
    }

    fn numeric_filters_said(&mut self) -> Result<(), GoalProblem> {
        let mut comparators: Vec<&(&str, Cmp)> = lexicon::COMPARATORS.iter().collect();
        comparators.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
        let mut conditioned: Vec<String> = Vec::new();
        let dated_file = self.columns.iter().any(|k| k.kind == ColumnKind::Date);
        let year_columns = crate::generator::steps::years::year_columns(self);
        for m in self.mentions.clone() {
            if !super::is_number(self.kind(&m.column)) {
                continue;
            }
            let g = &self.g;
            let after = m.start + m.len;
            let after = if g.tokens.get(after).is_some_and(|t| {
                matches!(
                    t.folded.as_str(),
                    "is" | "are" | "was" | "were" | "est" | "sont" | "es" | "son" | "de" | "of"
                )
            }) {
                after + 1
            } else {
                after
            };
            // "ventas de más de 20 unidades": the number is the next
            // column's ("unidades"), not this one's.
            // Only a noun of a count or in the plural takes the number:
            // "a BMI over thirty cost on average" keeps bmi > 30 ("cost"
            // is the verb of the measure).
            let others = &self.mentions;
            let owned_by_next = |at: usize| {
                others.iter().any(|o| {
                    let t = &g.tokens[o.start];
                    // its own name in the plural, not a verb ("costs")
                    let plural_name =
                        t.key != t.folded && text::name_words(&o.column).contains(&t.key);
                    o.start == at
                        && o.column != m.column
                        && (self.kind(&o.column) == ColumnKind::Integer || plural_name)
                })
            };
            // "more than 5 mm of rain before 2024": a year after a word of
            // time is the dates' (read by `date_filters`), never this
            // column's bound — unless the column holds years ("model_year
            // since 2018").
            let dated = dated_file && !year_columns.contains(&m.column);
            let a_year_of_the_dates = |phrase: &str, value: f64| {
                dated
                    && YEAR_CUES.iter().any(|(cue, _)| *cue == phrase)
                    && value.fract() == 0.0
                    && (1900.0..=2100.0).contains(&value)
            };
            let after_column = comparators.iter().find_map(|(phrase, cmp)| {
                let len = phrase.split_whitespace().count();
                // "above 100 000": the groups of three are one number.
                let (value, digits) = amounts::number_at(g, after + len)?;
                if a_year_of_the_dates(phrase, value) {
                    return None;
                }
                // "precipitation more than 5 mm": the unit is this column's.
                let unit = amounts::unit_len(g, after + len + digits, &m.column);
                if unit == 0 && owned_by_next(after + len + digits) {
                    return None;
                }
                g.find(phrase)
                    .contains(&after)
                    .then_some((after, len + digits + unit, *cmp, value))
            });
            // "grades of 18 or more", "une remise de 10 % ou plus"
            let said_after_number = || {
                let value = g.tokens.get(after).and_then(text::number)?;
                if after == m.start + m.len || g.used[after] {
                    return None;
                }
                let unit = amounts::unit_len(g, after + 1, &m.column);
                let (cmp, len) = amounts::after_number(g, after + 1 + unit)?;
                Some((after, 1 + unit + len, cmp, value))
            };
            // "10 or more units"
            let before_said_after = || {
                amounts::AFTER_NUMBER.iter().find_map(|(phrase, cmp)| {
                    let len = phrase.split_whitespace().count();
                    let at = m.start.checked_sub(len)?;
                    let number_at = at.checked_sub(1)?;
                    let value = g.tokens.get(number_at).and_then(text::number)?;
                    (!g.used[number_at] && g.find(phrase).contains(&at)).then_some((
                        number_at,
                        len + 1,
                        *cmp,
                        value,
                    ))
                })
            };
            // "a quantity of 20": a count said with "of" is that count.
            let count_of = || {
                let value = g.tokens.get(after).and_then(text::number)?;
                let of = after.checked_sub(1).map(|i| g.tokens[i].folded.as_str());
                let year_like = (1900.0..=2100.0).contains(&value);
                (matches!(of, Some("of"))
                    && after > m.start + m.len
                    && !g.used[after]
                    && self.kind(&m.column) == ColumnKind::Integer
                    && !year_like
                    && value.fract() == 0.0
                    && amounts::after_number(g, after + 1).is_none())
                .then_some((after, 1, Cmp::Eq, value))
            };
            let before_column = || {
                let number_at = m.start.checked_sub(1)?;
                let value = g.tokens.get(number_at).and_then(text::number)?;
                if g.used[number_at] {
                    return None;
                }
                comparators.iter().find_map(|(phrase, cmp)| {
                    let len = phrase.split_whitespace().count();
                    let start = number_at.checked_sub(len)?;
                    (g.find(phrase).contains(&start) && !a_year_of_the_dates(phrase, value))
                        .then_some((start, len + 1, *cmp, value))
                })
            };
            let Some((start, len, cmp, value)) = after_column
                .or_else(said_after_number)
                .or_else(before_column)
                .or_else(before_said_after)
                .or_else(count_of)
            else {
                continue;
            };
            self.g.take(start, len);
            amounts::add(self, m.column.clone(), cmp, value);
            conditioned.push(m.column.clone());
        }
        // A column only used in a condition is not also a measure.
        self.mentions.retain(|m| !conditioned.contains(&m.column));
        self.age_filters();
        amounts::ranges(self);
        amounts::read(self);
        amounts::time_spent(self);
        amounts::units_said(self);
        self.conditions_without_value()
    }

    /// "older than 60", "younger than 30", "30 or younger", "aged 65 or
    /// over": a condition on the file's one column of ages (a column of
    /// numbers named age, âge or edad, alone or as a part: `customer_age`).
    /// With no such column, or two (`pet_age`, `owner_age`), the words stay
    /// unplaced and the plan stops.
    fn age_filters(&mut self) {
        let ages: Vec<String> = self
            .columns
            .iter()
            .filter(|k| super::is_number(k.kind))
            .filter(|k| {
                text::fold(&k.name)
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|part| AGE_WORDS.contains(&part))
            })
            .map(|k| k.name.clone())
            .collect();
        let ages = self.ages_said_of(ages);
        let [age] = ages.as_slice() else {
            return;
        };
        for (phrase, number_first, cmp) in AGE_PHRASES {
            let len = phrase.split_whitespace().count();
            for at in self.g.find(phrase) {
                let (start, number_at) = if *number_first {
                    (at.saturating_sub(1), at.checked_sub(1))
                } else {
                    (at, Some(at + len))
                };
                let Some(number_at) = number_at else { continue };
                let Some(value) = self.g.tokens.get(number_at).and_then(text::number) else {
                    continue;
                };
                if !self.g.free(start, len + 1) {
                    continue;
                }
                self.g.take(start, len + 1);
                if *number_first {
                    self.aged_before(start);
                }
                // "younger than 1 year", "older than 5 years"
                let unit = number_at + 1;
                let in_years = self.g.tokens.get(unit).is_some_and(|t| {
                    matches!(t.key.as_str(), "year" | "an" | "ano") && !*number_first
                });
                if in_years && self.g.free(unit, 1) {
                    self.g.take(unit, 1);
                }
                self.understood.push(self.say(
                    format!("only rows where {age} {} {value}", cmp.python()),
                    format!("seulement les lignes où {age} {} {value}", cmp.python()),
                    format!("solo las filas donde {age} {} {value}", cmp.python()),
                ));
                self.filters.push(Filter {
                    column: age.clone(),
                    cmp: *cmp,
                    value: FilterValue::Number(value),
                    part: None,
                });
            }
        }
        self.ages_in_words(age);
    }

    /// "aged" before "10 or younger", and the children it is said of
    /// ("kids aged 10 or younger": the kids are the rows of that age).
    fn aged_before(&mut self, start: usize) {
        let mut at = start;
        if at > 0 && self.g.tokens[at - 1].folded == "aged" && self.g.free(at - 1, 1) {
            at -= 1;
            self.g.take(at, 1);
        }
        if at > 0
            && super::ages::CHILDREN.contains(&self.g.tokens[at - 1].key.as_str())
            && self.g.free(at - 1, 1)
        {
            self.g.take(at - 1, 1);
        }
    }

    /// Of several columns of ages (`pet_age`, `owner_age`), the one whose
    /// other part the goal says ("pets older than 5" → `pet_age`); all of
    /// them when it says none or several, and the plan stops.
    fn ages_said_of(&self, ages: Vec<String>) -> Vec<String> {
        if ages.len() < 2 {
            return ages;
        }
        let said: Vec<&String> = ages
            .iter()
            .filter(|age| {
                text::fold(age)
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|part| !part.is_empty() && !AGE_WORDS.contains(part))
                    .any(|part| {
                        self.g
                            .tokens
                            .iter()
                            .any(|t| text::same_word(&t.folded, part))
                    })
            })
            .collect();
        if let [one] = said.as_slice() {
            return vec![(*one).clone()];
        }
        // Not by any word of a part ("dogs … people over 60" is not
        // pet_age): by the part said nearest before each number that may
        // be an age — all the same part, or the plan stops ("pets older
        // than 5 with owners over 60" is two columns).
        let numbers = (0..self.g.tokens.len()).filter(|&i| {
            let t = &self.g.tokens[i];
            !self.g.used[i]
                && t.folded.starts_with(|c: char| c.is_ascii_digit())
                && text::number(t).is_some_and(|n| n < 150.0)
        });
        let parts: Vec<Option<String>> = numbers
            .map(|at| {
                super::names::by_the_part_beside(&ages, &self.g.tokens, at, false)
                    .map(|(one, _)| one)
            })
            .collect();
        match parts.split_first() {
            Some((Some(one), rest)) if rest.iter().all(|p| p.as_ref() == Some(one)) => {
                vec![one.clone()]
            }
            _ => ages,
        }
    }

    /// A column of numbers named as a condition without its value
    /// ("passengers who survived", "orders that had a discount", "average
    /// charges for people with children") stops the plan.
    fn conditions_without_value(&self) -> Result<(), GoalProblem> {
        const CO_MOVING: &[&str] = &[
            "up",
            "down",
            "increase",
            "increases",
            "rise",
            "rises",
            "vary",
            "varies",
            "grow",
            "grows",
            "go",
            "goes",
            "change",
            "changes",
            "augmente",
            "augmentent",
            "varie",
            "varient",
            "sube",
            "suben",
            "aumenta",
            "aumentan",
            "crece",
            "crecen",
            "baja",
            "bajan",
        ];
        // "predict the rating for a department with complaints = 80": a
        // value the model's prediction was given.
        let predicted_at = |column: &str| {
            self.model.as_ref().is_some_and(|model| {
                !model.at.is_empty() && model.predictors.iter().any(|p| p == column)
            })
        };
        // "with the salary cell empty": its empty cells, counted.
        let said_empty = |m: &Mention| {
            self.ops
                .iter()
                .any(|(i, o)| *o == lexicon::Op::Missing && *i == m.start + m.len)
        };
        for m in &self.mentions {
            if !super::is_number(self.kind(&m.column)) || predicted_at(&m.column) || said_empty(m) {
                continue;
            }
            let before = m
                .start
                .checked_sub(1)
                .map(|i| self.g.tokens[i].folded.as_str());
            // "orders that had a discount", "casas con garaje" counted: which
            // value is a condition is not said.
            let article_before = m.start >= 2
                && lexicon::ARTICLES.contains(&self.g.tokens[m.start - 1].folded.as_str());
            let owner = if article_before {
                Some(self.g.tokens[m.start - 2].folded.as_str())
            } else {
                before
            };
            let counted = self.ops.iter().any(|(_, o)| *o == lexicon::Op::Count);
            // "average charges for people with children": a condition on
            // children whose value is not said, not a second measure.
            let paired = self.ops.iter().any(|(_, o)| {
                matches!(
                    o,
                    lexicon::Op::Correlation
                        | lexicon::Op::Spearman
                        | lexicon::Op::Ratio
                        | lexicon::Op::Share
                )
            });
            // "does the premium go up with age": moving together, a
            // correlation's words, not a condition on age.
            let moves_with =
                m.start >= 2 && CO_MOVING.contains(&self.g.tokens[m.start - 2].folded.as_str());
            let beside_measure = !paired
                && !moves_with
                && matches!(
                    owner,
                    Some("with" | "without" | "avec" | "sans" | "con" | "sin")
                )
                && self
                    .mentions
                    .iter()
                    .any(|o| o.column != m.column && super::is_number(self.kind(&o.column)));
            // "who earns the most", "who makes the most money": the measure
            // ranked, not a condition.
            let ranked = self.ops.iter().any(|(i, o)| {
                matches!(o, lexicon::Op::Highest | lexicon::Op::Lowest)
                    && (m.start..m.start + m.len + 2).contains(i)
            });
            // "¿qué edad tienen…?": the question asks the column.
            let asked = before.is_some_and(|w| {
                super::adjectives::asks_a_measure(&format!("{w} {}", self.g.tokens[m.start].folded))
            });
            let relative = beside_measure
                || (!ranked
                    && !asked
                    && matches!(
                        before,
                        Some("who" | "that" | "which" | "qui" | "que" | "quienes" | "whose")
                    ))
                || (counted
                    && matches!(
                        owner,
                        Some(
                            "had"
                                | "have"
                                | "has"
                                | "with"
                                | "avec"
                                | "ont"
                                | "con"
                                | "tiene"
                                | "tienen"
                        )
                    ));
            let word = self.g.tokens[m.start].folded.as_str();
            let participle = ["ed", "ado", "ada", "ido", "ida"]
                .iter()
                .any(|s| word.ends_with(s))
                && self.ops.iter().any(|(_, o)| *o == lexicon::Op::Count);
            if relative || (participle && word.len() > 4 && self.g.tokens[m.start].raw != m.column)
            {
                let start = if !relative {
                    m.start
                } else if article_before && owner != before {
                    m.start - 2
                } else {
                    m.start - 1
                };
                return Err(GoalProblem::Unplaced {
                    words: vec![self.g.raw(start, m.start + m.len - start)],
                    understood: self.understood.clone(),
                });
            }
        }
        Ok(())
    }

    /// The numbers of the conditions already read as `column = n`.
    fn years_said_as_conditions(&self) -> Vec<f64> {
        self.filters
            .iter()
            .filter(|f| f.cmp == Cmp::Eq && f.part.is_none())
            .filter_map(|f| match f.value {
                FilterValue::Number(v) => Some(v),
                _ => None,
            })
            .collect()
    }

    /// "the 1970 season (Year = 1970)": a year said before "season" or
    /// "year" with the same year already a condition is that condition
    /// said again.
    fn year_said_again(&self, i: usize, said_years: &[f64]) -> bool {
        const SEASONS: &[&str] = &["season", "saison", "temporada", "year", "annee", "ano"];
        year_of(&self.g.tokens[i]).is_some_and(|y| said_years.contains(&f64::from(y)))
            && self
                .g
                .tokens
                .get(i + 1)
                .is_some_and(|t| SEASONS.contains(&t.key.as_str()))
    }

    /// Calendar days (read before the numbers by `steps::days`, placed
    /// here on the date column), years and months: "in 2024", "in March
    /// 2024", "hired before 2015", "entre 2015 et 2018", "en mars", "en
    /// marzo de 2024", "June, July and August" (one filter: any of them),
    /// "before March 2023" (a date).
    pub fn date_filters(&mut self) -> Result<(), GoalProblem> {
        if !self.columns.iter().any(|k| k.kind == ColumnKind::Date) {
            // Without a date column a year or month stays unplaced and is named.
            return Ok(());
        }
        let mut found: Vec<(usize, DatePart, Cmp, f64)> = Vec::new();
        // Where a month is said as a bound without its year ("after June").
        let mut month_bound: Option<(usize, usize)> = None;
        // Calendar days were read before the numbers (`steps::days`).
        let mut dates: Vec<(usize, Cmp, String)> = std::mem::take(&mut self.days);
        let n = self.g.tokens.len();
        let said_years = self.years_said_as_conditions();
        let mut i = 0;
        while i < n {
            if self.g.used[i] {
                i += 1;
                continue;
            }
            let again = self.year_said_again(i, &said_years);
            if again {
                self.g.take(i, 1);
                i += 1;
                continue;
            }
            match self.month_range(i) {
                Some(MonthRange::Months { months, year, next }) => {
                    found.extend(months.into_iter().map(|m| (i, DatePart::Month, Cmp::Eq, m)));
                    if let Some(year) = year {
                        found.push((i, DatePart::Year, Cmp::Eq, f64::from(year)));
                    }
                    i = next;
                    continue;
                }
                Some(MonthRange::Dates { from, until, next }) => {
                    dates.push((i, Cmp::Ge, from));
                    dates.push((i, Cmp::Lt, until));
                    i = next;
                    continue;
                }
                Some(MonthRange::Unclear { start, len }) => {
                    return Err(GoalProblem::Unplaced {
                        words: vec![self.g.raw(start, len)],
                        understood: self.understood.clone(),
                    });
                }
                None => {}
            }
            if let Some(month) = self.month_at(i) {
                // "March 2024", "mars de 2024"
                let mut j = i + 1;
                while j < n
                    && DATE_GLUE.contains(&self.g.tokens[j].folded.as_str())
                    && !self.g.used[j]
                {
                    j += 1;
                }
                let year = self
                    .g
                    .tokens
                    .get(j)
                    .and_then(year_of)
                    .filter(|_| !self.g.used[j]);
                let cue = self.cue_before(i);
                match (cue, year) {
                    (Some((cmp, start, len)), Some(year)) if cmp != Cmp::Eq => {
                        self.g.take(start, len);
                        self.g.take(i, j + 1 - i);
                        let (y, m) = if matches!(cmp, Cmp::Gt | Cmp::Le) {
                            next_month(year, month)
                        } else {
                            (year, month)
                        };
                        let cmp = if matches!(cmp, Cmp::Gt | Cmp::Ge) {
                            Cmp::Ge
                        } else {
                            Cmp::Lt
                        };
                        dates.push((i, cmp, format!("{y:04}-{m:02}-01")));
                    }
                    (Some((cmp, start, len)), _)
                        if cmp != Cmp::Eq && !self.cue_is_from(start, len) =>
                    {
                        // "after June", "depuis juillet", "antes de marzo":
                        // months of the file's latest year (said).
                        self.g.take(start, len);
                        self.g.take(i, 1);
                        found.push((i, DatePart::Month, cmp, f64::from(month)));
                        month_bound.get_or_insert((start, i + 1 - start));
                    }
                    (cue, year) => {
                        if let Some((_, start, len)) = cue {
                            self.g.take(start, len);
                        }
                        self.g.take(i, 1);
                        found.push((i, DatePart::Month, Cmp::Eq, f64::from(month)));
                        if let Some(year) = year {
                            self.g.take(i + 1, j - i);
                            found.push((j, DatePart::Year, Cmp::Eq, f64::from(year)));
                        }
                    }
                }
                i += 1;
                continue;
            }
            if let Some(year) = year_of(&self.g.tokens[i]) {
                if let Some((a, b)) = self.between(i) {
                    found.push((i, DatePart::Year, Cmp::Ge, f64::from(a)));
                    found.push((i, DatePart::Year, Cmp::Le, f64::from(b)));
                    i += 1;
                    continue;
                }
                self.g.take(i, 1);
                let noun = crate::generator::steps::years::year_noun_before(&self.g, i);
                let cmp = match self.cue_before(i - noun) {
                    Some((cmp, start, len)) => {
                        self.g.take(start, len + noun);
                        cmp
                    }
                    None => Cmp::Eq,
                };
                // "from 2020 onwards", "2015 or later", "desde 2020 en
                // adelante": the tail turns the bound.
                let cmp = match crate::generator::steps::years::tail_after(&self.g, i) {
                    Some((turned, len)) if matches!(cmp, Cmp::Ge | Cmp::Eq) => {
                        self.g.take(i + 1, len);
                        turned
                    }
                    _ => cmp,
                };
                found.push((i, DatePart::Year, cmp, f64::from(year)));
            }
            i += 1;
        }
        self.place_date_filters(found, dates, month_bound)
    }

    /// Places what `date_filters` read on the goal's date column: parts
    /// of dates (`found`), whole days (`dates`), a month bound without
    /// its year and the days said without theirs.
    fn place_date_filters(
        &mut self,
        mut found: Vec<(usize, DatePart, Cmp, f64)>,
        dates: Vec<(usize, Cmp, String)>,
        month_bound: Option<(usize, usize)>,
    ) -> Result<(), GoalProblem> {
        let yearless = std::mem::take(&mut self.yearless_days);
        let yearless_bounds = std::mem::take(&mut self.yearless_bounds);
        let starts = [
            found.first().map(|f| f.0),
            dates.first().map(|d| d.0),
            yearless.first().map(|d| d.0),
            yearless_bounds.first().map(|b| b.0),
        ];
        let Some(first) = starts.into_iter().flatten().next() else {
            return Ok(());
        };
        let column = self.date_column(first)?;
        let year_said = found.iter().any(|f| f.1 == DatePart::Year) || !dates.is_empty();
        if let Some(&(start, next, ..)) = yearless_bounds.first() {
            // "después del 20 de abril": of the file's latest year, said;
            // with a year, a month or another day said apart it stops
            // (which of them bounds which is not said).
            if year_said || !found.is_empty() || !yearless.is_empty() {
                return Err(GoalProblem::Unplaced {
                    words: vec![self.g.between(start, next - 1)],
                    understood: self.understood.clone(),
                });
            }
            // Every bound's words are quoted ("after March 3 and before
            // April 20").
            let last = yearless_bounds.iter().map(|b| b.1).max().unwrap_or(next);
            self.bound_in_the_latest_year(&column, start, last - start);
            for &(_, _, cmp, code) in &yearless_bounds {
                self.add_date_filter(Filter {
                    column: column.clone(),
                    cmp,
                    value: FilterValue::Number(f64::from(code)),
                    part: Some(DatePart::MonthDay),
                });
            }
        }
        if let Some(&day) = yearless.first() {
            let day = self.day_of_the_latest_year(&column, day, year_said || !found.is_empty())?;
            found.extend(day);
        }
        if let (Some((at, len)), false) = (month_bound, year_said) {
            self.bound_in_the_latest_year(&column, at, len);
        }
        for (part, cmp, value) in merge_any_of(found) {
            self.add_date_filter(Filter {
                column: column.clone(),
                cmp,
                value,
                part: Some(part),
            });
        }
        for (_, cmp, date) in dates {
            self.add_date_filter(Filter {
                column: column.clone(),
                cmp,
                value: FilterValue::Date(date),
                part: None,
            });
        }
        Ok(())
    }

    /// "el 15 de abril", "on April 15": one day said without its year
    /// (`steps::days`, its words' place, month and day) is that day of the
    /// file's latest year, said; its month and day are returned to place.
    /// With a year or a month said apart ("on April 15 … in 2024", "in
    /// March and on April 15") it stops.
    fn day_of_the_latest_year(
        &mut self,
        column: &str,
        (start, next, month, day): (usize, usize, u32, u32),
        said_apart: bool,
    ) -> Result<[(usize, DatePart, Cmp, f64); 2], GoalProblem> {
        if said_apart {
            return Err(GoalProblem::Unplaced {
                words: vec![self.g.between(start, next - 1)],
                understood: self.understood.clone(),
            });
        }
        self.bound_in_the_latest_year(column, start, next - start);
        Ok([
            (start, DatePart::Month, Cmp::Eq, f64::from(month)),
            (start, DatePart::Day, Cmp::Eq, f64::from(day)),
        ])
    }

    /// "from June", "de juin": a month's own rows or a bound? Not said;
    /// only a cue of a bound ("after", "depuis", "hasta") makes one.
    fn cue_is_from(&self, start: usize, len: usize) -> bool {
        len == 1
            && matches!(
                self.g.tokens[start].folded.as_str(),
                "from" | "de" | "del" | "du"
            )
    }

    /// "after June" without its year: June of the file's latest year, a
    /// filter found by the code and said as an assumption.
    fn bound_in_the_latest_year(&mut self, date: &str, at: usize, len: usize) {
        let words = self.g.between(at, at + len - 1);
        self.add_date_filter(Filter {
            column: date.to_owned(),
            cmp: Cmp::Eq,
            value: FilterValue::Latest {
                latest: DatePart::Year,
            },
            part: None,
        });
        let said = self.say(
            format!("\"{words}\" is in the last year {date} reaches in the file (the whole file if it covers one year)"),
            format!("« {words} » : dans la dernière année que {date} atteint dans le fichier (tout le fichier s'il couvre une seule année)"),
            format!("«{words}»: en el último año que alcanza {date} en el archivo (todo el archivo si cubre un solo año)"),
        );
        self.assume(said, None);
    }

    fn add_date_filter(&mut self, f: Filter) {
        let shown = f.words(self.lang, |n| format!("{n}"));
        let said = self.say(
            format!("only rows where {shown}"),
            format!("seulement les lignes où {shown}"),
            format!("solo las filas donde {shown}"),
        );
        self.understood.push(said);
        self.filters.push(f);
    }

    /// A month name at `i`; "may" only next to a year or after "in".
    fn month_at(&self, i: usize) -> Option<u32> {
        let t = &self.g.tokens[i];
        let (_, month) = MONTHS.iter().find(|(w, _)| t.folded == *w)?;
        if t.folded == "may" || t.folded == "mar" {
            let year_next = self.g.tokens.get(i + 1).and_then(year_of).is_some();
            let in_before =
                i > 0 && matches!(self.g.tokens[i - 1].folded.as_str(), "in" | "of" | "during");
            if !(year_next || in_before) {
                return None;
            }
        }
        Some(*month)
    }

    /// A year written at `at` ("2024", "de 2024"): the year and the place
    /// after it.
    fn year_after(&self, at: usize) -> Option<(i32, usize)> {
        let t = self.g.tokens.get(at)?;
        if let Some(y) = year_of(t) {
            return Some((y, at + 1));
        }
        if matches!(t.folded.as_str(), "of" | "de" | "del") {
            return self
                .g
                .tokens
                .get(at + 1)
                .and_then(year_of)
                .map(|y| (y, at + 2));
        }
        None
    }

    /// A span of months: "between March and May", "entre mars et mai",
    /// "de marzo a mayo", "June to August", "juin à août", "June-August"
    /// (every month of the span), "between March 2023 and May 2024" (from
    /// one date to the other). A span whose year is unclear ("between
    /// November and February 2024") stops the plan: which winter is meant
    /// is not said.
    fn month_range(&mut self, i: usize) -> Option<MonthRange> {
        let month = |t: &text::Token| MONTHS.iter().find(|(w, _)| t.folded == *w).map(|m| m.1);
        const TO: &[&str] = &["to", "through", "until", "till", "a", "au", "hasta", "al"];
        let a = month(&self.g.tokens[i])?;
        let opener = i
            .checked_sub(1)
            .map(|b| self.g.tokens[b].folded.as_str())
            .filter(|w| ["between", "entre", "from", "de", "desde", "del"].contains(w));
        let before = if opener.is_some() { i - 1 } else { i };
        let (year_a, at) = self
            .year_after(i + 1)
            .map_or((None, i + 1), |(y, n)| (Some(y), n));
        let joiner = self.g.tokens.get(at)?.folded.as_str();
        let between = matches!(opener, Some("between" | "entre"));
        let dash = at == i + 1 && self.g.gap(i).trim_matches(|c: char| c.is_whitespace()) == "-";
        let (b_at, b) = if TO.contains(&joiner) || (between && ["and", "et", "y"].contains(&joiner))
        {
            (at + 1, month(self.g.tokens.get(at + 1)?)?)
        } else if dash {
            (at, month(&self.g.tokens[at])?)
        } else {
            return None;
        };
        let (year_b, next) = self
            .year_after(b_at + 1)
            .map_or((None, b_at + 1), |(y, n)| (Some(y), n));
        if !self.g.free(before, next - before) {
            return None;
        }
        self.g.take(before, next - before);
        let wraps = a > b;
        let range = match (year_a, year_b) {
            (Some(ya), Some(yb)) if (ya, a) <= (yb, b) => {
                let (y, m) = next_month(yb, b);
                MonthRange::Dates {
                    from: format!("{ya:04}-{a:02}-01"),
                    until: format!("{y:04}-{m:02}-01"),
                    next,
                }
            }
            (Some(_), Some(_)) => MonthRange::Unclear {
                start: before,
                len: next - before,
            },
            (Some(_), None) | (None, Some(_)) if wraps => MonthRange::Unclear {
                start: before,
                len: next - before,
            },
            (year_a, year_b) => MonthRange::Months {
                months: if wraps {
                    (a..=12).chain(1..=b).map(f64::from).collect()
                } else {
                    (a..=b).map(f64::from).collect()
                },
                year: year_a.or(year_b),
                next,
            },
        };
        Some(range)
    }

    /// "between 2015 and 2018", "from 2015 to 2018", "entre 2015 et
    /// 2018", "de 2015 à 2018", "desde 2015 hasta 2018".
    fn between(&mut self, i: usize) -> Option<(i32, i32)> {
        let before = i.checked_sub(1)?;
        let opening = self.g.tokens[before].folded.as_str();
        if !matches!(
            opening,
            "between" | "entre" | "from" | "de" | "desde" | "del"
        ) || self.g.used[before]
        {
            return None;
        }
        let and = self.g.tokens.get(i + 1)?;
        if !matches!(
            and.folded.as_str(),
            "and" | "et" | "y" | "to" | "through" | "a" | "au" | "hasta" | "al"
        ) {
            return None;
        }
        let (a, b) = (
            year_of(&self.g.tokens[i])?,
            year_of(self.g.tokens.get(i + 2)?)?,
        );
        self.g.take(before, 4);
        Some((a.min(b), a.max(b)))
    }

    /// The cue before a date at `i`: the comparison it makes, where it
    /// starts and how many words it has.
    fn cue_before(&self, i: usize) -> Option<(Cmp, usize, usize)> {
        let mut cues: Vec<&(&str, Cmp)> = YEAR_CUES.iter().collect();
        cues.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
        cues.into_iter().find_map(|(phrase, cmp)| {
            let len = phrase.split_whitespace().count();
            let start = i.checked_sub(len)?;
            self.g
                .find(phrase)
                .contains(&start)
                .then_some((*cmp, start, len))
        })
    }

    /// The date column a date expression at `at` is about: a date column
    /// named just before it, or a word just before it that starts like one
    /// ("hired" for `hire_date`), or the only date column.
    fn date_column(&mut self, at: usize) -> Result<String, GoalProblem> {
        let dates: Vec<String> = self
            .columns
            .iter()
            .filter(|k| k.kind == ColumnKind::Date)
            .map(|k| k.name.clone())
            .collect();
        if let Some(m) = self
            .mentions
            .iter()
            .rfind(|m| m.start < at && self.kind(&m.column) == ColumnKind::Date)
        {
            return Ok(m.column.clone());
        }
        for i in (0..at).rev().take(4) {
            let t = &self.g.tokens[i];
            if self.g.used[i] || t.folded.chars().count() < 4 {
                continue;
            }
            let stem: String = t.folded.chars().take(4).collect();
            let like: Vec<&String> = dates
                .iter()
                .filter(|d| text::name_words(d).iter().any(|w| w.starts_with(&stem)))
                .collect();
            if like.len() == 1 {
                self.g.take(i, 1);
                return Ok(like[0].clone());
            }
        }
        match dates.as_slice() {
            [only] => Ok(only.clone()),
            [] => Err(GoalProblem::NoDate),
            several => Err(GoalProblem::Ambiguous {
                phrase: self.g.raw(at, 1),
                candidates: several.to_vec(),
            }),
        }
    }
}
