//! Every word of a goal accounted for. After the planner has placed what it
//! understood (operations, columns, values, conditions, groupings, periods,
//! rounding), each word left is either a known filler — grammar, politeness,
//! question and format words, listed here per language — or part of a
//! context clause that asks nothing ("I'm preparing the board meeting"), or
//! the goal stops and names it: a word the planner cannot place may be a
//! condition it would otherwise drop without a word.

use super::reading::Goal;
use super::text;
use crate::lang::Lang;

/// Words that carry no condition and no measure, in English, French and
/// Spanish, folded (lower case, no accents). Matched against a word as
/// written and in its singular form.
pub const FILLERS: &[&str] = &[
    // English: grammar
    "the",
    // typed quickly: "houses w garage", "avg membership fee"
    "w",
    "membership",
    "a",
    "an",
    "of",
    "in",
    "on",
    "at",
    "for",
    "among",
    "amongst",
    "parmi",
    "chez",
    "to",
    "and",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "am",
    "do",
    "does",
    "did",
    "done",
    "have",
    "has",
    "had",
    "with",
    "from",
    "into",
    "as",
    "it",
    "its",
    // "donnez sa moyenne"
    "sa",
    "ses",
    "this",
    "that",
    "these",
    "those",
    "there",
    "here",
    "then",
    "puis",
    "ensuite",
    "luego",
    "so",
    "what",
    "whats",
    "anyway",
    "anyhow",
    "bref",
    "enfin",
    "bueno",
    "which",
    "who",
    "whose",
    "cuyo",
    "cuya",
    "cuyos",
    "cuyas",
    "whom",
    "how",
    "where",
    "when",
    "why",
    "i",
    "im",
    "ive",
    "me",
    "my",
    "mine",
    "we",
    "our",
    "ours",
    "us",
    "you",
    "your",
    "they",
    "their",
    "them",
    "he",
    "she",
    "his",
    "her",
    "one",
    "any",
    "some",
    "all",
    "overall",
    "afterwards",
    "afterward",
    "whole",
    "entire",
    "across",
    "s",
    "t",
    "ll",
    "d",
    "re",
    "ve",
    "m",
    "also",
    "just",
    "really",
    "actually",
    "exactly",
    "roughly",
    "approximately",
    "about",
    "around",
    "up",
    "out",
    "over",
    "again",
    "now",
    "currently",
    // ("today" is a date condition: never a filler)
    "value",
    "values",
    "figure",
    "number",
    "numbers",
    "amount",
    "level",
    "overall",
    "both",
    "each",
    "every",
    "per",
    "by",
    "or",
    "either",
    "than",
    "too",
    "very",
    "quite",
    "rather",
    "much",
    "many",
    "lot",
    "lots",
    "bit",
    "little",
    "together",
    "altogether",
    "combined",
    "between",
    // ("vs"/"versus" compare values: placed by compared_values, or unplaced)
    "against",
    "bring",
    "brings",
    "brought",
    "make",
    "makes",
    "made",
    "placed",
    "registrada",
    "confondues",
    "confondus",
    "confondu",
    "aboard",
    "board",
    "bord",
    "bordo",
    "partis",
    "parti",
    "ordered",
    "commandee",
    "commandees",
    "pedida",
    "pedidas",
    "sell",
    "sells",
    "vendre",
    "vender",
    "survey",
    "enquete",
    "encuesta",
    "relevee",
    "relevees",
    "recorded",
    "came",
    "affect",
    "affects",
    "windier",
    "iban",
    "tu",
    "vitesse",
    "velocidad",
    "precio",
    "took",
    "come",
    "comes",
    "vient",
    "viennent",
    "viene",
    "vienen",
    "collected",
    "recaudado",
    "recaudada",
    "encaisse",
    "encaisses",
    "given",
    "compare",
    "comparer",
    "compara",
    "comparar",
    "live",
    "lives",
    "living",
    "vivent",
    "habitent",
    "habite",
    "vive",
    "viven",
    "vendio",
    "vendieron",
    "during",
    "pendant",
    "durante",
    "selling",
    "sold",
    "vendu",
    "vendus",
    "vendue",
    "vendues",
    "vendido",
    "vendidos",
    "vendida",
    "vendidas",
    "goes",
    "myself",
    "gaste",
    "gastamos",
    "adoptaron",
    "adoptados",
    "adoptadas",
    "adoptes",
    "adoptees",
    "registrado",
    "registrados",
    "dieron",
    "dados",
    "dadas",
    "dado",
    "hizo",
    "hicieron",
    "realizo",
    "realizaron",
    "earn",
    "earns",
    "earned",
    "generate",
    "generates",
    "generated",
    // (the rows themselves are ROW_NOUNS, fillers too)
    "ever",
    "recorded",
    "measured",
    "registered",
    "enregistre",
    "enregistree",
    "mesure",
    "registrado",
    "registrada",
    "medido",
    "medida",
    "paid",
    "paye",
    "payee",
    "pagado",
    "pagada",
    "lol",
    "haha",
    "contain",
    "contains",
    "effectue",
    "effectuez",
    "realiza",
    "realice",
    "asks",
    "weigh",
    "weighs",
    "fell",
    "tombe",
    "tombee",
    "cayo",
    "vite",
    "stp",
    "corresponde",
    "corresponden",
    "correspond",
    "corresponds",
    "generaron",
    "generee",
    "club",
    "euro",
    "eur",
    "dollar",
    "usd",
    "fois",
    "hubo",
    "habia",
    "estan",
    "esta",
    "ahora",
    "maintenant",
    "now",
    "company",
    "business",
    "firm",
    "entreprise",
    "societe",
    "empresa",
    "compania",
    // "parmi ceux de Berlin": the rows said again, the place read apart.
    "ceux",
    "celles",
    "everyone",
    "everybody",
    "plain",
    "persons",
    "individu",
    "individual",
    "home",
    "observation",
    "case",
    "cas",
    "caso",
    // Verbs that only carry the question: "the highest price the stock
    // reached", "pets that went to owners under 30", "orders that ended
    // up being returned", "departments based in Berlin", "les 2 régions
    // qui font le plus de CA", "tenían más de 60 años", "pedidos que
    // acabaron cancelados" ("gagné", "va" and "avaient" stay unplaced:
    // "combien j'ai gagné", "va-t-on vendre" ask what the data cannot say)
    "reached",
    "reach",
    "went",
    "ended",
    "being",
    "based",
    "partie",
    "vend",
    "font",
    "tenia",
    "tenian",
    "tuvo",
    "tuvieron",
    "hicimos",
    "acabaron",
    "acabo",
    "adopto",
    "estuvo",
    "estuvieron",
    "else",
    "installe",
    "installes",
    "installee",
    "installees",
    "appear",
    "appears",
    "apparaissent",
    "aparecen",
    "aparece",
    "adopt",
    "adopts",
    "adoptent",
    "adoptan",
    // who ran a row: "polls conducted by Newspoll", "patients the file
    // covers", "matches that belong to the 1970 season"
    "conducted",
    "cover",
    "covers",
    "belong",
    "belongs",
    "headed",
    // How: methods and verbs of the question
    "using",
    "use",
    "used",
    "via",
    "method",
    "methode",
    "metodo",
    "utilisant",
    "usando",
    "follow",
    "follows",
    "suit",
    "suivent",
    "sigue",
    "siguen",
    // Verbs that only say a row is there: passengers "travelling" in a
    // class, shares "traded" on a day ("travelling alone" still leaves
    // "alone" unplaced)
    "travelling",
    "traveling",
    "travelled",
    "traveled",
    "voyageaient",
    "voyageait",
    "viajaban",
    "viajaba",
    "viajaron",
    "traded",
    "trading",
    "echange",
    "echanges",
    "echangee",
    "echangees",
    "negociado",
    "negociados",
    "negociada",
    // the share a file of daily prices is about: "did the stock close
    // above 200"
    "stock",
    // English: asking, politeness, format
    "please",
    "pls",
    "plz",
    // "a correlation is fine"
    "fine",
    "thanks",
    "thank",
    "kindly",
    "hi",
    "hello",
    "hey",
    "can",
    "could",
    "would",
    "will",
    "should",
    "shall",
    "may",
    "might",
    "must",
    "let",
    "lets",
    "want",
    "wanted",
    "need",
    "needed",
    "like",
    "love",
    "wonder",
    "wondering",
    "curious",
    "know",
    "tell",
    "show",
    "give",
    "get",
    "got",
    "find",
    "found",
    "compute",
    "computed",
    "calculate",
    "calculated",
    "calculation",
    "work",
    "works",
    "travaille",
    "travaillent",
    "trabaja",
    "trabajan",
    "figure",
    "determine",
    "identify",
    "anyone",
    "anybody",
    "identifie",
    "identifiez",
    "identifica",
    "identifique",
    "see",
    "look",
    "display",
    "print",
    "return",
    "list",
    "provide",
    "share",
    "quick",
    "quickly",
    "simple",
    "simply",
    "briefly",
    "answer",
    "result",
    "results",
    "output",
    "format",
    "formatted",
    "number",
    "table",
    "tables",
    "chart",
    "graph",
    "plot",
    "summary",
    "summarize",
    "only",
    "single",
    "just",
    "precisely",
    "data",
    "dataset",
    "datasets",
    "file",
    "files",
    "csv",
    "spreadsheet",
    "sheet",
    "records",
    "rows",
    "entries",
    "lines",
    "column",
    "columns",
    "field",
    "fields",
    "dataframe",
    "ok",
    "okay",
    "well",
    "right",
    "sure",
    "yes",
    "etc",
    "everything",
    "anything",
    "something",
    "thing",
    "things",
    "stuff",
    "info",
    "information",
    "stat",
    "stats",
    "statistic",
    "statistics",
    "metric",
    "measure",
    "kpi",
    "calc",
    // French: grammar
    "le",
    "la",
    "l",
    "les",
    "un",
    "une",
    "de",
    "des",
    "du",
    "d",
    "et",
    "ou",
    "en",
    "au",
    "aux",
    "a",
    "dans",
    "sur",
    "pour",
    "par",
    "avec",
    "est",
    "sont",
    "etait",
    "etaient",
    "ete",
    "etre",
    "ce",
    "c",
    "cet",
    "cette",
    "ces",
    "ca",
    "cela",
    "qui",
    "que",
    "qu",
    "quoi",
    "quel",
    "quelle",
    "quels",
    "quelles",
    "comment",
    "ou",
    "quand",
    "pourquoi",
    "je",
    "j",
    "moi",
    "me",
    "m",
    "mon",
    "ma",
    "mes",
    "nous",
    "notre",
    "nos",
    "vous",
    "votre",
    "vos",
    "on",
    "il",
    "elle",
    "ils",
    "elles",
    "leur",
    "leurs",
    "se",
    "s",
    "y",
    "tout",
    "tous",
    "toute",
    "toutes",
    "ensemble",
    "global",
    "globale",
    "globalement",
    "aussi",
    "juste",
    "seul",
    "exactement",
    "environ",
    "actuellement",
    "valeur",
    "valeurs",
    "chiffre",
    "chiffres",
    "niveau",
    "t",
    "plus",
    "tres",
    "bien",
    "beaucoup",
    "chaque",
    "avoir",
    "ai",
    "as",
    "avez",
    "avons",
    "ont",
    "eu",
    // "quel service dispose du plus gros budget", "¿qué región dispone
    // de más presupuesto?": to have
    // "how much credit we extend to retail customers"
    "extend",
    // "quel responsable a reçu l'objectif le plus bas"
    "recu",
    "recue",
    "dispose",
    "disposent",
    "possede",
    "possedent",
    "dispone",
    "disponen",
    "fait",
    "faire",
    "entre",
    "rapporte",
    "rapportent",
    // French: asking, politeness, format
    "merci",
    "svp",
    "stp",
    "plait",
    "peux",
    "peut",
    "pouvez",
    "pourrais",
    "pourriez",
    "voudrais",
    "voulais",
    "veux",
    "aimerais",
    "besoin",
    "savoir",
    "dire",
    "dis",
    "dites",
    "donne",
    "donner",
    "donnez",
    "montre",
    "montrer",
    "montrez",
    "affiche",
    "afficher",
    "affichez",
    "calcule",
    "calculer",
    "calculez",
    "trouve",
    "trouver",
    "trouvez",
    "voir",
    "indique",
    "indiquer",
    "indiquez",
    "bonjour",
    "salut",
    "rapide",
    "rapidement",
    "simple",
    "reponse",
    "resultat",
    "resultats",
    "tableau",
    "graphique",
    "resume",
    "seulement",
    "uniquement",
    "donnee",
    "donnees",
    "fichier",
    "fichiers",
    "lignes",
    "colonne",
    "colonnes",
    "champ",
    "enregistrements",
    "chose",
    "info",
    "infos",
    "statistique",
    "statistiques",
    "oui",
    // Spanish: grammar
    "el",
    "la",
    "los",
    "las",
    "lo",
    "un",
    "una",
    "unos",
    "unas",
    "de",
    "del",
    "al",
    "y",
    "e",
    "o",
    "u",
    "en",
    "con",
    "por",
    "para",
    "es",
    "son",
    "era",
    "eran",
    "fue",
    "fueron",
    "ser",
    "estar",
    "esta",
    "este",
    "estos",
    "estas",
    "ese",
    "esa",
    "esos",
    "esas",
    "eso",
    "esto",
    "que",
    "quien",
    "como",
    "donde",
    "cuando",
    "porque",
    "yo",
    "me",
    "mi",
    "mis",
    "nosotros",
    "nuestro",
    "nuestra",
    "nuestros",
    "nuestras",
    "nos",
    "usted",
    "ustedes",
    "su",
    "sus",
    "se",
    "le",
    "les",
    "todo",
    "toda",
    "todos",
    "todas",
    "general",
    "global",
    "tambien",
    "solo",
    "exactamente",
    "aproximadamente",
    "actualmente",
    "valor",
    "valores",
    "cifra",
    "cifras",
    "nivel",
    "muy",
    "bien",
    "mucho",
    "muchos",
    "hay",
    "ha",
    "han",
    "he",
    "hemos",
    "tiene",
    "tienen",
    "tenemos",
    "hacer",
    "hace",
    // Spanish: asking, politeness, format
    "favor",
    "gracias",
    "hola",
    "puedes",
    "puede",
    "podrias",
    "podria",
    "quiero",
    "quisiera",
    "queria",
    "necesito",
    "saber",
    "dime",
    "dices",
    "dinos",
    "decirme",
    "decir",
    "dame",
    "dar",
    "da",
    "muestra",
    "muestrame",
    "mostrar",
    "calcula",
    "calcular",
    "calculame",
    "encuentra",
    "encontrar",
    "ver",
    "indica",
    "indicar",
    "rapido",
    "rapidamente",
    "simple",
    "respuesta",
    "resultado",
    "resultados",
    "tabla",
    "grafico",
    "resumen",
    "solamente",
    "unicamente",
    "dato",
    "datos",
    "archivo",
    "archivos",
    "filas",
    "columna",
    "columnas",
    "campo",
    "registros",
    "cosa",
    "estadistica",
    "estadisticas",
    "si",
];

/// Nouns that name the rows themselves: "which city has the most people"
/// counts rows.
pub const ROW_NOUNS: &[&str] = &[
    // rows of public tables, only where the file shows them
    // (`THING_ROWS`): matches of a league, households, polls, interviews
    "match",
    "matche", // the singular "matches" is read as
    "game",
    "household",
    "poll",
    "sondage",
    "interview",
    "depense",
    "gasto",
    "client",
    "customer",
    "cliente",
    "insured",
    "assure",
    "asegurado",
    "policyholder",
    "reading",
    "measurement",
    "mesure",
    "releve",
    "medicion",
    "lectura",
    "pasajero",
    "passager",
    "voyageur",
    "viajero",
    "people",
    "ppl",
    "folk",
    "folks",
    "gente",
    "animal",
    "animaux",
    "animales",
    "seance",
    "seances",
    "person",
    "personne",
    "gens",
    "persona",
    "passenger",
    "student",
    "eleve",
    "etudiant",
    "alumno",
    "estudiante",
    "member",
    "adherent",
    "staff",
    "respondent",
    "encuestado",
    "repondant",
    "repondante",
    "membre",
    "miembro",
    "socio",
    "department",
    "departement",
    "departamento",
    "house",
    "home",
    "maison",
    "logement",
    "casa",
    "vivienda",
    "transaction",
    "case",
    "caso",
    "row",
    "line",
    "record",
    "entry",
    "ligne",
    "fila",
    "registro",
    "enregistrement",
    // Nouns of the rows of public datasets, said in the plural (a place
    // in the singular may name a grouping: "by state").
    "patient",
    "paciente",
    "pupil",
    "sample",
    "muestra",
    "echantillon",
    "subject",
    "sujet",
    "sujeto",
    "participant",
    "participante",
    "individual",
    "individu",
    "individuo",
    "observation",
    "observacion",
    "specimen",
    "worker",
    "trabajador",
    "travailleur",
    "applicant",
    "demandeur",
    "solicitante",
    "application",
    "solicitud",
    "towns",
    "neighbourhoods",
    "neighborhoods",
    "quartiers",
    "barrios",
];

/// Nouns of things a dataset's rows may be, each with the words of file
/// or column names that show the rows are such things ("the cars" of
/// mtcars.csv, whose columns say mpg and hp; never the orders of an
/// orders file).
pub const THING_ROWS: &[(&[&str], &[&str])] = &[
    (
        &["match", "matche", "game"],
        &["match", "game", "goal", "team", "score"],
    ),
    (&["household"], &["household", "hh", "hhsize", "hhld"]),
    (&["poll", "sondage"], &["poll", "pollster", "sondage"]),
    (&["interview"], &["interview", "interviewer"]),
    (
        &[
            "car",
            "voiture",
            "coche",
            "automobile",
            "vehicle",
            "vehicule",
            "vehiculo",
        ],
        &[
            "car",
            "auto",
            "mpg",
            "hp",
            "horsepower",
            "cyl",
            "cylinder",
            "displ",
            "hwy",
            "cty",
            "drv",
            "vehicle",
            "engine",
        ],
    ),
    (
        // "the companies" (never "the company", the whole of one's firm)
        &["companie"],
        &[
            "company",
            "firm",
            "forbes",
            "marketvalue",
            "market",
            "assets",
            "profits",
        ],
    ),
    (
        &["player", "joueur", "jugador"],
        &[
            "player", "baseball", "league", "hits", "homer", "atbat", "runs", "rbi",
        ],
    ),
    (
        // hospital stays: "which hospital recorded the most stays"
        &[
            "stay",
            "sejour",
            "estancia",
            "admission",
            "hospitalisation",
            "hospitalization",
        ],
        &["los", "admission", "admit"],
    ),
    (
        // spells of unemployment, episodes of illness
        &["spell", "episode"],
        &["spell", "episode"],
    ),
    (
        &["mammal", "mammifere", "mamifero"],
        &["mammal", "sleep", "genus", "vore", "brainwt", "bodywt"],
    ),
];

/// True when `key` (a word's singular form) names rows: a noun of
/// [`ROW_NOUNS`] or of [`THING_ROWS`] (the latter checked against the
/// files by `Reading::things_where_rows_are_not`).
pub fn is_row_noun(key: &str) -> bool {
    ROW_NOUNS.contains(&key) || THING_ROWS.iter().any(|(nouns, _)| nouns.contains(&key))
}

/// Words that exclude rows, in a clause of their own ("leaving out the
/// summer months", "sans les loyers", "excepto Madrid").
pub(super) const EXCLUDING: &[&str] = &[
    "leaving",
    "leave",
    "excluding",
    "except",
    "without",
    "omitting",
    "ignoring",
    "apart",
    "aside",
    "not",
    "sans",
    "sauf",
    "hors",
    "excepte",
    "excepto",
    "salvo",
    "sin",
    "menos",
];

/// "Combien de répondants sont étudiants ?", "how many members are
/// students": a noun of rows said after a copula, beside another noun of
/// the rows before it, is a condition on the rows the data may not hold —
/// never a filler. The word, when one is.
pub fn rows_said_to_be(goal: &Goal) -> Option<String> {
    const COPULAS: &[&str] = &[
        "are", "is", "were", "was", "sont", "est", "etaient", "etait", "son", "es", "eran", "era",
        "fueron", "fue",
    ];
    let rows = |i: usize| {
        let t = &goal.tokens[i];
        is_row_noun(&t.key) || PEOPLE_NOUNS.contains(&t.key.as_str())
    };
    (1..goal.tokens.len()).find_map(|i| {
        let t = &goal.tokens[i];
        let after_copula = COPULAS.contains(&goal.tokens[i - 1].folded.as_str());
        let other_before = (0..i - 1)
            .any(|j| rows(j) && goal.tokens[j].clause == t.clause && goal.tokens[j].key != t.key);
        (!goal.used[i] && after_copula && rows(i) && other_before).then(|| t.raw.clone())
    })
}

/// Words of people said as rows ("combien de clients", "the
/// patients"), fillers only where the rows are people.
pub const PEOPLE_NOUNS: &[&str] = &[
    "ppl",
    "adherent",
    "staff",
    "folk",
    "folks",
    "gente",
    "client",
    "customer",
    "cliente",
    "passenger",
    "passager",
    "pasajero",
    "viajero",
    "student",
    "eleve",
    "etudiant",
    "alumno",
    "estudiante",
    "member",
    "membre",
    "miembro",
    "socio",
    "respondent",
    "encuestado",
    "repondant",
    "person",
    "personne",
    "persona",
    "people",
    "gens",
    "patient",
    "paciente",
    "pupil",
    "participant",
    "individual",
    "subject",
    "insured",
    "assure",
    "asegurado",
    "policyholder",
    "worker",
    "trabajador",
    "travailleur",
    "applicant",
    "demandeur",
    "solicitante",
];

/// Words that make a clause ask something even when nothing else in it was
/// placed: a clause holding one of them is never set aside as context.
const RESTRICTION_WORDS: &[&str] = &[
    "among",
    "amongst",
    "parmi",
    "only",
    "except",
    "excluding",
    "exclude",
    "without",
    "ignore",
    "ignoring",
    "but",
    "not",
    "no",
    "where",
    "whose",
    "if",
    "unless",
    "before",
    "after",
    "since",
    "until",
    "between",
    "during",
    "remove",
    "drop",
    "filter",
    "keep",
    "sauf",
    "hors",
    "sans",
    "seulement",
    "uniquement",
    "exclure",
    "ignorer",
    "avant",
    "apres",
    "depuis",
    "jusqu",
    "entre",
    "pendant",
    "si",
    "excepto",
    "salvo",
    "sin",
    "solo",
    "solamente",
    "antes",
    "despues",
    "desde",
    "hasta",
    "durante",
    "excluir",
    "ignorar",
    "quitar",
];

/// True when `token` is a filler word.
pub fn is_filler(token: &text::Token) -> bool {
    [token.folded.as_str(), token.key.as_str()]
        .iter()
        .any(|w| FILLERS.contains(w) || is_row_noun(w))
}

/// "¿en qué mes…?": "mes" is "my" in French, a filler; in Spanish it is
/// a month, never dropped unread ("¿qué mes tuvo el mayor volumen?" asks
/// for a month, not the largest day).
/// "el mes de marzo" names its month: a filler there.
fn a_spanish_month(goal: &Goal, lang: Lang, at: usize) -> bool {
    let month_named = matches!(
        goal.tokens.get(at + 1).map(|t| t.folded.as_str()),
        Some("de" | "del")
    ) && goal.tokens.get(at + 2).is_some_and(|t| {
        super::conditions::MONTHS
            .iter()
            .any(|(m, _)| *m == t.folded)
    });
    lang == Lang::Es && goal.tokens[at].folded == "mes" && !month_named
}

/// A filler written like a name inside its clause ("le CA de l'Est",
/// "regions Sur y Este"): a value the data may not hold, never dropped.
/// The first word of a clause, "I" and words in capitals ("EUR") are not.
fn named_like_a_value(goal: &Goal, at: usize) -> bool {
    let token = &goal.tokens[at];
    let first_of_clause = at == 0 || goal.tokens[at - 1].clause != token.clause;
    // "sprays C and D": a capital letter alone is a name ("D" is no
    // French article there), except "I".
    let letter = token.raw.chars().count() == 1
        && token.raw.chars().all(char::is_uppercase)
        && token.raw != "I";
    if letter && !first_of_clause {
        return true;
    }
    let mut chars = token.raw.chars();
    let title_case = chars.next().is_some_and(char::is_uppercase)
        && chars.clone().next().is_some()
        && chars.all(|c| !c.is_uppercase());
    title_case && !first_of_clause
}

/// "how many columns", "combien de colonnes": the columns are what is
/// counted, not a format word; the recipes count rows, so it is named.
fn counts_the_columns(goal: &Goal, at: usize) -> bool {
    const COLUMNS: &[&str] = &[
        "column", "columns", "colonne", "colonnes", "columna", "columnas", "field", "fields",
    ];
    const COUNTING: &[&str] = &[
        "many", "number", "nombre", "numero", "combien", "cuantas", "cuantos", "count", "de", "d",
        "of",
    ];
    COLUMNS.contains(&goal.tokens[at].folded.as_str())
        && at
            .checked_sub(1)
            .is_some_and(|i| COUNTING.contains(&goal.tokens[i].folded.as_str()))
        && goal.tokens[..at].iter().rev().take(3).any(|t| {
            matches!(
                t.folded.as_str(),
                "many"
                    | "number"
                    | "nombre"
                    | "numero"
                    | "combien"
                    | "cuantas"
                    | "cuantos"
                    | "count"
            )
        })
}

/// "pour la maison", "for the home", "para la casa": a dwelling after
/// "for" is a spending category asked for, not the rows of a housing file;
/// it is named, never dropped. In the plural ("for homes with a garage",
/// "pour les maisons") it names the rows.
fn a_place_asked_for(goal: &Goal, at: usize) -> bool {
    const DWELLINGS: &[&str] = &["house", "home", "maison", "casa", "vivienda", "hogar"];
    let word = &goal.tokens[at];
    if !DWELLINGS.contains(&word.key.as_str()) || word.key != word.folded {
        return false;
    }
    let mut i = at;
    while i > 0 && crate::generator::lexicon::ARTICLES.contains(&goal.tokens[i - 1].folded.as_str())
    {
        i -= 1;
    }
    i > 0 && FOR.contains(&goal.tokens[i - 1].folded.as_str())
}

/// "for", "pour", "para": what is asked for follows.
const FOR: &[&str] = &["for", "pour", "para"];

/// "le cumul des montants par mois", "cumulative sales by date": a running
/// total over time, which no recipe computes ("cumul de pluie par ville",
/// a total per place, is a sum): the word, to name in the stop.
pub fn running_total(goal: &Goal) -> Option<String> {
    const TIME: &[&str] = &["date", "fecha", "time", "temps", "tiempo"];
    // "moi", "mes" are also "me" and "my" in French ("donne-moi le cumul").
    const PRONOUNS: &[&str] = &["moi", "mes"];
    let cumul = goal
        .tokens
        .iter()
        .find(|t| t.folded.starts_with("cumul") || t.folded.starts_with("acumulad"))?;
    let over_time = goal.tokens.iter().any(|t| {
        TIME.contains(&t.key.as_str())
            || (!PRONOUNS.contains(&t.folded.as_str())
                && crate::generator::lexicon::PERIODS
                    .iter()
                    .any(|(p, _)| *p == t.key || *p == t.folded))
    });
    over_time.then(|| cumul.raw.clone())
}

/// "for each level of y" with no grouping read: "each" after "for" asks
/// one answer per group, never a filler to drop ("for each patient", a
/// noun of the rows, asks nothing more).
fn a_grouping_asked(goal: &Goal, at: usize) -> bool {
    const EACH: &[&str] = &["each", "every", "chaque", "cada"];
    EACH.contains(&goal.tokens[at].folded.as_str())
        && at > 0
        && FOR.contains(&goal.tokens[at - 1].folded.as_str())
        && goal
            .tokens
            .get(at + 1)
            .is_none_or(|next| !is_row_noun(&next.key))
}

/// "at least 3 bedrooms but no more than 2 bathrooms": "but" between two
/// conditions read joins them (both are kept).
fn but_between_conditions(goal: &Goal, at: usize) -> bool {
    const BUT: &[&str] = &["but", "mais", "pero"];
    BUT.contains(&goal.tokens[at].folded.as_str())
        && at > 0
        && goal.used[at - 1]
        && goal.used.get(at + 1).is_some_and(|u| *u)
}

/// "avaient quel âge", "had what age": the verb only carries the measure
/// asked after it ("avaient" alone stays unplaced: "combien avaient des
/// enfants" asks what the data may not say).
fn had_what(goal: &Goal, at: usize) -> bool {
    const HAD: &[&str] = &["avaient", "avait", "had", "ont"];
    const WHAT: &[&str] = &["quel", "quelle", "what"];
    HAD.contains(&goal.tokens[at].folded.as_str())
        && goal
            .tokens
            .get(at + 1)
            .is_some_and(|t| WHAT.contains(&t.folded.as_str()))
}

/// "desde México", "depuis le Mexique": a word of time before a value
/// read as a condition (not a time) says where from.
fn from_a_place(goal: &Goal, at: usize) -> bool {
    const FROM: &[&str] = &["desde", "depuis"];
    if !FROM.contains(&goal.tokens[at].folded.as_str()) {
        return false;
    }
    let next = goal.skip_articles(at + 1);
    // "depuis l'été", "desde el verano": a season is a time ("fall" too,
    // which the season reading leaves to its other meanings).
    goal.tokens.get(next).is_some_and(|t| {
        goal.used[next]
            && !says_a_time(t)
            && !(crate::generator::steps::latest::is_season(&t.key) || t.key == "fall")
            && t.clause == goal.tokens[at].clause
    })
}

/// Words of time that restrict only with a time beside them: "before
/// lunch", "desde la oficina" ask nothing; "since 2020", "avant mars" do.
const TIME_WORDS: &[&str] = &[
    "before", "after", "since", "until", "during", "avant", "apres", "depuis", "jusqu", "pendant",
    "antes", "despues", "desde", "hasta", "durante",
];

/// True when `token` is a word of time that restricts only with a time
/// beside it ("before", "pendant", "desde").
pub fn is_time_word(token: &text::Token) -> bool {
    TIME_WORDS.contains(&token.folded.as_str())
}

/// A number, a month or a period word: a time a time word can restrict by.
pub fn says_a_time(token: &text::Token) -> bool {
    token.folded.starts_with(|c: char| c.is_ascii_digit())
        || super::conditions::MONTHS
            .iter()
            .any(|(m, _)| *m == token.folded)
        || crate::generator::lexicon::PERIODS
            .iter()
            .any(|(p, _)| *p == token.key)
}

/// "…, but what's the average?", "…, mais donne-moi…", "…, pero quiero…":
/// a "but" that opens a clause after another one joins the two; it
/// restricts nothing unless a negation follows ("but not the North").
fn joins_clauses(goal: &Goal, at: usize) -> bool {
    let token = &goal.tokens[at];
    let opens = at > 0 && goal.tokens[at - 1].clause != token.clause;
    let negated = goal.tokens.get(at + 1).is_some_and(|n| {
        matches!(
            n.folded.as_str(),
            "not" | "no" | "pas" | "sans" | "sin" | "except" | "excepto" | "sauf" | "only"
        )
    });
    opens && !negated && matches!(token.folded.as_str(), "but" | "mais" | "pero")
}

/// True when `token` makes its clause ask something (a number, a
/// restriction word, a comparison sign).
pub fn asks_something(token: &text::Token) -> bool {
    token.folded.starts_with(|c: char| c.is_ascii_digit())
        || RESTRICTION_WORDS.contains(&token.folded.as_str())
        || matches!(
            token.key.as_str(),
            "<" | ">" | "<=" | ">=" | "=" | "!=" | "%"
        )
}

/// What is left of a goal once the planner has placed what it understood.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Leftovers {
    /// Words that are neither placed nor fillers, as written.
    pub unplaced: Vec<String>,
    /// Clauses set aside as context: nothing in them was placed and
    /// nothing in them asks (no number, no restriction word).
    pub context: Vec<String>,
}

/// Words that open a clause naming what the question is about ("lo del
/// mercado, ¿cuánto…?", "as for the rent, how much…", "pour le loyer,
/// combien…"): such a clause is the question's subject, never context.
const TOPIC_OPENERS: &[&[&str]] = &[
    &["lo"],
    &["as", "for"],
    &["regarding"],
    &["concerning"],
    &["about", "the"],
    &["quant", "a"],
    &["quant", "au"],
    &["quant", "aux"],
    &["concernant"],
    &["en", "cuanto", "a"],
    &["en", "cuanto", "al"],
    &["respecto", "a"],
    &["respecto", "al"],
    &["pour", "le"],
    &["pour", "la"],
    &["pour", "les"],
    &["pour", "l"],
    &["for", "the"],
    &["para", "el"],
    &["para", "la"],
    &["para", "los"],
    &["para", "las"],
];

/// The most words of a clause that only names a population ("Les
/// retraités :", "Retirees:", "los jubilados,").
const MAX_POPULATION_WORDS: usize = 3;

/// Articles a clause naming a population opens with.
pub(super) const POPULATION_ARTICLES: &[&str] =
    &["the", "les", "des", "ces", "los", "las", "these"];

/// "Retirees: average bmi", "Les retraités : IMC moyen ?": a short clause
/// of its own ending on a plural noun, no one speaking in it, names which
/// rows are asked about — never context ("Pen and paper ready" does not
/// end on a plural; a greeting of one word, "Greetings!", has no colon).
fn a_population_alone(goal: &Goal, members: &[usize]) -> bool {
    let Some(&last) = members.last() else {
        return false;
    };
    let t = &goal.tokens[last];
    // "in thousands", "Using Python's statistics" open on a preposition
    // or a verb; "Les familles nombreuses (trois enfants et plus)" is
    // explained by its brackets.
    // "Retirees:" alone, before a colon ("Greetings!", "Cheers" are not)
    let first = goal.tokens[members[0]].folded.as_str();
    let alone = members.len() == 1 && goal.gap(last).trim_start().starts_with(':');
    let opens_on_the_noun = alone || POPULATION_ARTICLES.contains(&first);
    members.len() <= MAX_POPULATION_WORDS
        && opens_on_the_noun
        && !goal.gap(last).contains('(')
        && t.folded != t.key
        && !members
            .iter()
            .any(|&i| super::stories::VOICE.contains(&goal.tokens[i].folded.as_str()))
}

/// The words that ask the answer to show one thing only: "just the
/// name", "juste le prix", "solo la fecha", "únicamente el total".
pub const JUST: &[&str] = &[
    "just",
    "only",
    "juste",
    "seulement",
    "uniquement",
    "solo",
    "solamente",
    "unicamente",
];

/// Possessives before the thing a "just …" clause asks for: "just its
/// name", "juste leur total", "solo su precio".
pub const POSSESSIVES: &[&str] = &[
    "their", "its", "his", "her", "leur", "son", "sa", "su", "sus",
];

/// "just the manager's name", "solo el jefe", "juste le responsable": a
/// clause set aside that asks the answer to show a person — "just" and
/// an article, then a word for a person (false for "just its name",
/// "just the final number", "solo el precio").
pub fn asks_another_thing_shown(clause: &str) -> bool {
    let tokens = text::tokens(clause);
    let opens = tokens
        .first()
        .is_some_and(|t| JUST.contains(&t.folded.as_str()))
        && tokens.get(1).is_some_and(|t| {
            crate::generator::lexicon::ARTICLES.contains(&t.folded.as_str())
                || POSSESSIVES.contains(&t.folded.as_str())
        });
    opens
        && tokens
            .iter()
            .skip(2)
            .any(|t| super::occasions::says_an_occasion(t) || super::recipe::names_a_person(&t.key))
}

/// True when the clause starting at `first` opens with a topic word.
fn opens_a_topic(goal: &Goal, first: usize) -> bool {
    TOPIC_OPENERS.iter().any(|words| goal.says_at(first, words))
}

/// Verbs that only carry a question asked with "did"/"do": "how many
/// orders did Northwind place?", "how many pets did Riverside place?".
const VERBS_AFTER_DID: &[&str] = &["place", "make", "get", "receive", "take"];

/// The word at `i` is one of `VERBS_AFTER_DID`, with "did", "do" or
/// "does" before it in its clause.
fn verb_after_did(goal: &Goal, i: usize) -> bool {
    let t = &goal.tokens[i];
    VERBS_AFTER_DID.contains(&t.folded.as_str())
        && goal.tokens[..i]
            .iter()
            .any(|b| b.clause == t.clause && matches!(b.folded.as_str(), "did" | "do" | "does"))
}

/// Verbs of the instructions benchmarks and colleagues write ("Report the
/// p-value", "Perform a t-test", "Run an ANOVA", "… and report its mean").
const INSTRUCTION_VERBS: &[&str] = &[
    "create",
    "fais",
    "faites",
    "haz",
    "haga",
    "report",
    "perform",
    "run",
    "apply",
    "conduct",
    "use",
    "effectue",
    "effectuez",
    "realiza",
    "realice",
    "reporta",
    "reporte",
    "informe",
    "donnez",
    "donne",
    "calcule",
    "calculez",
    "calcula",
];

/// What an instruction verb's object starts with.
const OBJECT_STARTS: &[&str] = &[
    "the", "its", "their", "a", "an", "how", "whether", "both", "all", "le", "la", "les", "l",
    "un", "une", "el", "una",
];

/// The word at `i` is an instruction verb with its object after it
/// ("report the F statistic", "Apply min-max scaling to …" first in its
/// clause); "For the HR report, …" is no instruction.
fn instruction_verb(goal: &Goal, i: usize) -> bool {
    let t = &goal.tokens[i];
    // "… and report F and the p-value": after "and", "then", a verb of
    // reporting opens an instruction as at the start of its clause ("who
    // cycle and run" does not).
    let reporting = matches!(
        t.folded.as_str(),
        "report" | "reporta" | "reporte" | "informe" | "donne" | "donnez" | "calcule" | "calcula"
    );
    let first_of_clause = i == 0
        || goal.tokens[i - 1].clause != t.clause
        || (reporting
            && matches!(
                goal.tokens[i - 1].folded.as_str(),
                "and" | "then" | "et" | "puis" | "y" | "luego" | "e"
            ));
    let object_after = goal.tokens.get(i + 1).is_some_and(|next| {
        next.clause == t.clause
            && (first_of_clause || OBJECT_STARTS.contains(&next.folded.as_str()))
    });
    INSTRUCTION_VERBS.contains(&t.folded.as_str()) && object_after
}

/// How an outlier rule is said around "IQR" and "z-score": "the 1.5 IQR
/// rule", "(1.5 × IQR)", "according to the IQR method", "a z-score above 3
/// in absolute value" — the multipliers the outlier steps use (1.5 and 3),
/// and the words around them. Another multiplier is never placed.
fn outlier_rule_words(goal: &Goal, i: usize) -> bool {
    let near = |words: &[&str], reach: usize| {
        (i.saturating_sub(reach)..(i + reach + 1).min(goal.tokens.len()))
            .any(|j| j != i && words.contains(&goal.tokens[j].folded.as_str()))
    };
    let t = &goal.tokens[i];
    match t.folded.as_str() {
        "1.5" | "1,5" => near(&["iqr", "rir", "interquartile"], 2),
        "3" => near(&["score", "zscore", "z"], 3) && near(&["above", "beyond", "over", "than"], 2),
        "above" | "beyond" | "over" => {
            goal.tokens.get(i + 1).is_some_and(|n| n.folded == "3")
                && near(&["score", "zscore", "z"], 2)
        }
        "×" | "x" | "*" => near(&["iqr"], 1) && near(&["1.5", "1,5"], 1),
        "rule" | "regle" | "regla" | "according" | "absolute" | "absolue" | "absoluto"
        | "value" => near(&["iqr", "score", "zscore", "outlier", "outliers"], 4),
        _ => false,
    }
}

/// "Why did sales drop?", "pourquoi la 3C a-t-elle des notes plus basses
/// ?", "¿por qué bajaron las ventas?": a cause is asked, which no
/// computation gives; the word is returned, for the plan to stop on it.
pub fn asks_why(goal: &Goal) -> Option<String> {
    let t = &goal.tokens;
    (0..t.len()).find_map(|i| {
        let word = t[i].folded.as_str();
        let spanish = word == "por"
            && t.get(i + 1)
                .is_some_and(|n| n.raw == "qué" || n.raw == "Qué");
        if matches!(word, "why" | "pourquoi") {
            Some(t[i].raw.clone())
        } else {
            spanish.then(|| goal.raw(i, 2))
        }
    })
}

/// Where the goal asks which one of the rows or groups ("lequel a le plus
/// petit budget ?", "which one sold the most?"): the answer must name it,
/// never give only a number.
pub fn which_one(goal: &Goal) -> Option<usize> {
    let t = &goal.tokens;
    (0..t.len()).find(|&i| {
        matches!(
            t[i].folded.as_str(),
            "lequel" | "laquelle" | "lesquels" | "lesquelles"
        ) || (t[i].folded == "which"
            && t.get(i + 1)
                .is_some_and(|n| matches!(n.folded.as_str(), "one" | "ones")))
    })
}

/// Verbs that only say where a part of a total goes: "quelle part du
/// total revient à l'Ouest", "what share goes to the West".
pub const SHARE_VERBS: &[&str] = &[
    "revient a",
    "revient au",
    "reviennent a",
    "reviennent aux",
    "goes to",
    "go to",
    "corresponde a",
    "corresponde al",
];

/// Verbs that give a part its share, read only when a share is asked
/// ("Quelle part des visites va au blog ?", "quelle part du budget part
/// dans le loyer", "what share went to rent", "¿qué parte se fue en
/// alquiler?"); elsewhere they may say a future ("va a vender").
const SHARE_ONLY_VERBS: &[&str] = &[
    "va au",
    "va aux",
    "va a la",
    "vont au",
    "vont aux",
    "vont a la",
    "part dans",
    "partent dans",
    "part en",
    "went to",
    "falls to",
    "fall to",
    "goes on",
    "go on",
    "went on",
    "se va en",
    "se van en",
    "se fue en",
    "se fueron en",
    "se lleva",
    "se llevan",
    "se llevo",
    "does get",
];

/// Places the verbs of a share (`SHARE_VERBS` always, and
/// `SHARE_ONLY_VERBS` when a share is asked).
pub fn take_share_verbs(goal: &mut Goal) {
    goal.take_all(SHARE_VERBS);
    if goal
        .tokens
        .iter()
        .any(|t| SHARE_WORDS.contains(&t.folded.as_str()))
    {
        goal.take_all(SHARE_ONLY_VERBS);
    }
}

/// Words that ask a share, for [`SHARE_ONLY_VERBS`].
const SHARE_WORDS: &[&str] = &[
    "share",
    "part",
    "parte",
    "percentage",
    "pourcentage",
    "porcentaje",
    "proportion",
    "proporcion",
    "percent",
    "pct",
    "%",
    "slice",
];

/// "¿cuántos pedidos canceló Initech y qué país compra más?", "how many
/// orders did Initech cancel and which country buys the most?": a count
/// asked, then after "and" a second question that ranks — two questions,
/// which read together would rank the groups by the count. Returns the two
/// questions' words, for the plan to ask one at a time.
pub fn two_questions(goal: &Goal) -> Option<(String, String)> {
    const COUNTS: &[&str] = &["how", "combien", "cuantos", "cuantas", "cuanto", "cuanta"];
    const AND: &[&str] = &["and", "et", "y", "e"];
    const WHICH: &[&str] = &[
        "which", "who", "quel", "quelle", "quels", "quelles", "cual", "cuales", "quien", "quienes",
    ];
    const RANKING: &[&str] = &[
        "most", "more", "best", "worst", "highest", "lowest", "least", "top", "plus", "mieux",
        "moins", "pire", "mas", "mejor", "peor", "menos",
    ];
    let t = &goal.tokens;
    let first = t.iter().position(|w| COUNTS.contains(&w.folded.as_str()))?;
    let counted = t[first].folded != "how"
        || t.get(first + 1)
            .is_some_and(|n| matches!(n.folded.as_str(), "many" | "much"));
    if !counted {
        return None;
    }
    let second = (first + 2..t.len()).find(|&i| {
        let asks =
            WHICH.contains(&t[i].folded.as_str()) || matches!(t[i].raw.as_str(), "qué" | "Qué");
        asks && AND.contains(&t[i - 1].folded.as_str())
    })?;
    // "… et quel est leur plafond total ?": a second question of its own.
    const IS: &[&str] = &[
        "is", "are", "was", "est", "sont", "etait", "es", "son", "fue",
    ];
    let ranks = t[second..]
        .iter()
        .any(|w| RANKING.contains(&w.folded.as_str()))
        || t.get(second + 1)
            .is_some_and(|w| IS.contains(&w.folded.as_str()));
    ranks.then(|| {
        (
            goal.raw(first, second - 1 - first),
            goal.raw(second, t.len() - second),
        )
    })
}

/// Sorts the words the planner did not use into fillers, context clauses
/// and unplaced words.
pub fn leftovers(goal: &Goal, lang: Lang) -> Leftovers {
    let clauses = goal.tokens.last().map_or(0, |t| t.clause + 1);
    let mut out = Leftovers::default();
    for clause in 0..clauses {
        let members: Vec<usize> = (0..goal.tokens.len())
            .filter(|&i| goal.tokens[i].clause == clause)
            .collect();
        if members.is_empty() {
            continue;
        }
        let placed = members.iter().any(|&i| goal.used[i]);
        let timed = members.iter().any(|&i| says_a_time(&goal.tokens[i]));
        let asks = members.iter().any(|&i| {
            let t = &goal.tokens[i];
            asks_something(t) && (timed || !TIME_WORDS.contains(&t.folded.as_str()))
        });
        let open: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| {
                !goal.used[i]
                    && !joins_clauses(goal, i)
                    && !verb_after_did(goal, i)
                    && !instruction_verb(goal, i)
                    && !outlier_rule_words(goal, i)
                    && !had_what(goal, i)
                    && !but_between_conditions(goal, i)
                    && !from_a_place(goal, i)
                    && (!is_filler(&goal.tokens[i])
                        || a_spanish_month(goal, lang, i)
                        || named_like_a_value(goal, i)
                        || counts_the_columns(goal, i)
                        || a_place_asked_for(goal, i)
                        || a_grouping_asked(goal, i))
            })
            .collect();
        if open.is_empty() {
            continue;
        }
        // "…, leaving out the summer months": a clause that excludes or
        // says a time restricts the rows; never set aside.
        let restricts = members.iter().any(|&i| {
            let t = &goal.tokens[i];
            EXCLUDING.contains(&t.folded.as_str())
                || super::conditions::MONTHS
                    .iter()
                    .any(|(m, _)| *m == t.folded)
                || crate::generator::steps::latest::is_season(&t.key)
        });
        if !placed
            && !asks
            && !restricts
            && clauses > 1
            && !opens_a_topic(goal, members[0])
            && !a_population_alone(goal, &members)
        {
            let (first, last) = (members[0], members[members.len() - 1]);
            out.context.push(goal.between(first, last));
            continue;
        }
        out.unplaced
            .extend(open.iter().map(|&i| goal.tokens[i].raw.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(text: &str, used: &[&str]) -> Goal {
        let tokens = text::tokens(text);
        let used = tokens
            .iter()
            .map(|t| used.contains(&t.folded.as_str()))
            .collect();
        Goal {
            text: text.to_owned(),
            tokens,
            used,
        }
    }

    #[test]
    fn spanish_mes_is_a_month_unless_it_names_one() {
        let g = Goal::new("en qué mes fue mayor el volumen");
        assert_eq!(
            leftovers(&g, Lang::Es).unplaced,
            ["mes", "mayor", "volumen"]
        );
        let g = Goal::new("mes");
        assert_eq!(leftovers(&g, Lang::Fr), Leftovers::default(), "French: my");
        let g = Goal::new("el mes de marzo");
        let left = leftovers(&g, Lang::Es);
        assert!(!left.unplaced.contains(&"mes".to_owned()), "{left:?}");
    }

    #[test]
    fn a_capital_letter_alone_is_never_a_filler() {
        let g = goal(
            "mean count for sprays C and D",
            &["mean", "count", "sprays", "c"],
        );
        assert_eq!(leftovers(&g, Lang::En).unplaced, ["D"]);
        let g = goal("I want the mean count", &["mean", "count"]);
        assert_eq!(leftovers(&g, Lang::En), Leftovers::default());
    }

    #[test]
    fn fillers_are_accounted_and_content_words_are_not() {
        let g = goal(
            "Could you please tell me the average fare of the passengers who paid cash?",
            &["average", "fare"],
        );
        assert_eq!(leftovers(&g, Lang::En).unplaced, ["cash"]);
        let g = goal(
            "¿Me puedes dar la media de la edad, por favor?",
            &["media", "edad"],
        );
        assert_eq!(leftovers(&g, Lang::En), Leftovers::default());
        let g = goal(
            "Pourriez-vous me donner la moyenne des notes s'il vous plaît",
            &["moyenne", "notes"],
        );
        assert_eq!(leftovers(&g, Lang::En), Leftovers::default());
        let g = goal(
            "average fare, not for the first class",
            &["average", "fare", "first", "class"],
        );
        assert_eq!(
            leftovers(&g, Lang::En).unplaced,
            ["not"],
            "a negation is never a filler"
        );
    }

    #[test]
    fn a_clause_that_asks_nothing_is_context_but_one_with_a_condition_is_not() {
        let g = goal(
            "I'm preparing the board meeting. What was our total revenue?",
            &["total", "revenue"],
        );
        assert_eq!(
            leftovers(&g, Lang::En),
            Leftovers {
                unplaced: vec![],
                context: vec!["I'm preparing the board meeting".into()],
            }
        );
        let g = goal(
            "What was our total revenue? Only for orders after 2015.",
            &["total", "revenue"],
        );
        assert_eq!(
            leftovers(&g, Lang::En).unplaced,
            ["orders", "after", "2015"]
        );
    }
}
