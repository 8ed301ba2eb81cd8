//! The languages Glovebox speaks to people: English, French, Spanish.

#![forbid(unsafe_code)]

use serde::{Deserialize, Serialize};

/// A supported language.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
    /// Spanish.
    Es,
}

/// Words only French uses among the three (shared ones such as "de", "la",
/// "total", "en" tell nothing).
const FRENCH_WORDS: &[&str] = &[
    "stp",
    "svp",
    "taille",
    "poids",
    "toutes",
    "confondus",
    "confondues",
    "objectif",
    "objectifs",
    "survie",
    "deuxième",
    "troisième",
    "première",
    "le",
    "les",
    "des",
    "du",
    "au",
    "aux",
    "une",
    "par",
    "pour",
    "dans",
    "sur",
    "avec",
    "sans",
    "et",
    "est",
    "sont",
    "ou",
    "qui",
    "quel",
    "quelle",
    "quels",
    "quelles",
    "combien",
    "moyenne",
    "moyen",
    "moyens",
    "chaque",
    "jour",
    "mois",
    "année",
    "ans",
    "nombre",
    "part",
    "prix",
    "taux",
    "écart",
    "médiane",
    "âge",
    "chiffre",
    "affaires",
    "dépenses",
    "dépensé",
    "depenses",
    "depense",
    "santé",
    "sante",
    "mars",
    "vendu",
    "vendue",
    "vendus",
    "quantité",
    "totale",
    "totaux",
    "plus",
    "moins",
    "mon",
    "ma",
    "mes",
    "nos",
    "notre",
    "je",
    "j",
    "on",
    "il",
    "elle",
    "vous",
    "plaît",
    "région",
    "ventes",
    "valeur",
    "colonne",
    "fichier",
    "lignes",
    "arrondi",
    "depuis",
    "avant",
    "après",
    "ai",
    "été",
    "ce",
    "cette",
    "ces",
    "tout",
    "tous",
    "peux",
    "pouvez",
    "dire",
    "tu",
    "meilleur",
    "meilleure",
    "meilleurs",
    "meilleures",
    "anglais",
    "pourcentage",
    "commande",
    "commandes",
    "l",
    "qu",
    "temps",
    "chargement",
    "accueil",
    "janvier",
    "février",
    "fevrier",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "aout",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
    "decembre",
    // typed quickly, without accents: "age moy 3eme classe", "nb visites
    // blog", "pluie tot a lyon", "nb de villes siege differentes"
    "moy",
    "nb",
    "eme",
    "classe",
    "pluie",
    "visites",
    "ville",
    "villes",
    "siege",
    "differentes",
    "différentes",
    // a letter off: "moyene de Hugo en histoire"
    "moyene",
    "histoire",
];

/// Words only Spanish uses among the three (shared ones such as "de", "la",
/// "total", "en" tell nothing).
const SPANISH_WORDS: &[&str] = &[
    "cuantas",
    "cuantos",
    "vendimos",
    "vendieron",
    "tasa",
    "supervivencia",
    "segunda",
    "segundo",
    "tercera",
    "tercero",
    "primera",
    "clase",
    "socias",
    "el",
    "los",
    "las",
    "del",
    "al",
    "lo",
    "una",
    "unos",
    "unas",
    "por",
    "para",
    "con",
    "sin",
    "y",
    "es",
    "son",
    "qué",
    "cuál",
    "cuáles",
    "cuántos",
    "cuántas",
    "cuánto",
    "cuánta",
    "cada",
    "día",
    "mes",
    "año",
    "años",
    "promedio",
    "media",
    "medio",
    "mediana",
    "suma",
    "ventas",
    "ingresos",
    "precio",
    "número",
    "socios",
    "porcentaje",
    "hay",
    "tiene",
    "tienen",
    "dime",
    "dame",
    "solo",
    "más",
    "mayor",
    "menor",
    "gasto",
    "gasté",
    "gastos",
    "cuota",
    "salario",
    "edad",
    "temperatura",
    "volumen",
    "peso",
    "superficie",
    "desde",
    "antes",
    "después",
    "hasta",
    "mi",
    "mis",
    "nuestro",
    "nuestra",
    "favor",
    "región",
    "viviendas",
    "casas",
    "alumno",
    "estoy",
    "dados",
    "alta",
    "mujeres",
    "hombres",
    "unidades",
    "vendidas",
    "vendidos",
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
    // typed quickly, without accents: "que dia hubo mas visitas", "cuanto
    // ha vendido … frente a su objetivo", "edad prom"
    "dia",
    "hubo",
    "mas",
    "visitas",
    "cuanto",
    "cuanta",
    "vendido",
    "frente",
    "su",
    "objetivo",
    "prom",
    "menos",
    "dinero",
    "departamento",
    "departamentos",
];

/// Words only English uses among the three (shared ones such as "de", "la",
/// "total", "en" tell nothing).
const ENGLISH_WORDS: &[&str] = &[
    "the",
    "of",
    "per",
    "average",
    "mean",
    "how",
    "many",
    "much",
    "what",
    "which",
    "sales",
    "each",
    "day",
    "month",
    "and",
    "is",
    "are",
    "by",
    "in",
    "for",
    "with",
    "to",
    "me",
    "my",
    "our",
    "please",
    "number",
    "price",
    "revenue",
    "year",
    "was",
    "were",
    "did",
    "do",
    "all",
    "together",
    "visits",
    "at",
    "from",
    "there",
    "than",
    "who",
    "when",
    "have",
    "has",
    "had",
    "between",
    // typed quickly: "cheapest city on avg"
    "avg",
    "cheapest",
    "slowest",
    "fastest",
    "highest",
    "lowest",
    "biggest",
    "smallest",
    // things of everyday files no French or Spanish goal says so
    "orders",
    "discount",
    "customers",
    "employees",
    "houses",
    "students",
    "weather",
    "shares",
];

impl Lang {
    /// All languages.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Es];

    /// The one of three words (or sentences) that is in this language.
    pub fn pick<T>(self, en: T, fr: T, es: T) -> T {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
            Lang::Es => es,
        }
    }

    /// ISO 639-1 code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
        }
    }

    /// Guesses the language of a goal from common words and accents.
    pub fn detect(text: &str) -> Lang {
        let lower = text.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        let score = |list: &[&str]| words.iter().filter(|w| list.contains(w)).count();
        // Words of one language only (shared ones such as "de", "la",
        // "total", "en", "entre" tell nothing), and the accents only it uses
        // ("é" is both French and Spanish).
        let fr = score(FRENCH_WORDS)
            + lower
                .matches(['è', 'ê', 'à', 'ç', 'ù', 'â', 'î', 'ô', 'û', 'œ', 'ë'])
                .count();
        let es = score(SPANISH_WORDS) + lower.matches(['ñ', 'á', 'í', 'ó', 'ú', '¿', '¡']).count();
        let en = score(ENGLISH_WORDS);
        if fr > en && fr > es {
            Lang::Fr
        } else if es > en && es >= fr {
            Lang::Es
        } else {
            Lang::En
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_goal_languages() {
        assert_eq!(Lang::detect("average conversion per day"), Lang::En);
        assert_eq!(Lang::detect("moyenne des ventes par région"), Lang::Fr);
        assert_eq!(Lang::detect("promedio de ventas por mes"), Lang::Es);
        for (goal, lang) in [
            ("total visits on 2026-04-15, all pages together", Lang::En),
            ("temps de chargement maximum de la page d'accueil", Lang::Fr),
            ("unidades vendidas de grapadoras en marzo de 2026", Lang::Es),
            ("que region facturo mas en abril", Lang::Es),
            ("on a vendu combien en juin ?", Lang::Fr),
            ("corr taille / poids stp", Lang::Fr),
            ("objectif total, toutes régions confondues", Lang::Fr),
            ("cheapest city on avg", Lang::En),
            ("age moy 3eme classe", Lang::Fr),
            ("que dia hubo mas visitas en total", Lang::Es),
            ("a que departamento le asignamos menos dinero?", Lang::Es),
            ("avrage discount on keyboard orders", Lang::En),
        ] {
            assert_eq!(Lang::detect(goal), lang, "{goal}");
        }
    }
}
