//! Words beside the adjectives that name a measure the same way:
//! comparatives before a number ("cheaper than 200000" keeps
//! `price < 200000`), verbs of money after "combien", "how much",
//! "cuánto" ("combien j'ai payé" totals the money column), and verbs of
//! selling after a count of things of the file ("how many notebooks did we
//! sell" totals the units). Read first by `measure_adjectives`.

use super::lexicon::Op;
use super::reading::{Mention, Reading};
use crate::generator::steps::amounts;
use crate::generator::terms::Cmp;
use crate::generator::text;

/// Comparatives before a number that name their measure: "houses cheaper
/// than 200000" keeps `price < 200000`. (phrase, concept, comparison);
/// longest first where they share words.
const COMPARATIVES: &[(&str, &str, Cmp)] = &[
    ("less expensive than", "price", Cmp::Lt),
    ("more expensive than", "price", Cmp::Gt),
    ("cheaper than", "price", Cmp::Lt),
    ("pricier than", "price", Cmp::Gt),
    ("moins cher que", "price", Cmp::Lt),
    ("moins chere que", "price", Cmp::Lt),
    ("moins chers que", "price", Cmp::Lt),
    ("moins cheres que", "price", Cmp::Lt),
    ("plus cher que", "price", Cmp::Gt),
    ("plus chere que", "price", Cmp::Gt),
    ("plus chers que", "price", Cmp::Gt),
    ("plus cheres que", "price", Cmp::Gt),
    ("mas barato que", "price", Cmp::Lt),
    ("mas barata que", "price", Cmp::Lt),
    ("mas baratos que", "price", Cmp::Lt),
    ("mas baratas que", "price", Cmp::Lt),
    ("mas caro que", "price", Cmp::Gt),
    ("mas cara que", "price", Cmp::Gt),
    ("mas caros que", "price", Cmp::Gt),
    ("mas caras que", "price", Cmp::Gt),
    ("cost more than", "price", Cmp::Gt),
    ("costs more than", "price", Cmp::Gt),
    ("cost less than", "price", Cmp::Lt),
    ("costs less than", "price", Cmp::Lt),
    ("coute plus de", "price", Cmp::Gt),
    ("coutent plus de", "price", Cmp::Gt),
    ("coute moins de", "price", Cmp::Lt),
    ("coutent moins de", "price", Cmp::Lt),
    ("cuesta mas de", "price", Cmp::Gt),
    ("cuestan mas de", "price", Cmp::Gt),
    ("cuesta menos de", "price", Cmp::Lt),
    ("cuestan menos de", "price", Cmp::Lt),
    ("worth more than", "amount", Cmp::Gt),
    ("worth less than", "amount", Cmp::Lt),
    ("worth at least", "amount", Cmp::Ge),
    ("worth over", "amount", Cmp::Gt),
    ("worth under", "amount", Cmp::Lt),
    ("earn more than", "salary", Cmp::Gt),
    ("earns more than", "salary", Cmp::Gt),
    ("earn at least", "salary", Cmp::Ge),
    ("earns at least", "salary", Cmp::Ge),
    ("earn less than", "salary", Cmp::Lt),
    ("earns less than", "salary", Cmp::Lt),
    ("gagne plus de", "salary", Cmp::Gt),
    ("gagnent plus de", "salary", Cmp::Gt),
    ("gagne moins de", "salary", Cmp::Lt),
    ("gagnent moins de", "salary", Cmp::Lt),
    ("gana mas de", "salary", Cmp::Gt),
    ("ganan mas de", "salary", Cmp::Gt),
    ("gana menos de", "salary", Cmp::Lt),
    ("ganan menos de", "salary", Cmp::Lt),
    ("colder than", "temperature", Cmp::Lt),
    ("warmer than", "temperature", Cmp::Gt),
    ("hotter than", "temperature", Cmp::Gt),
    ("heavier than", "weight", Cmp::Gt),
    ("lighter than", "weight", Cmp::Lt),
    ("taller than", "height", Cmp::Gt),
    ("shorter than", "height", Cmp::Lt),
];

/// Verbs of money after "combien" ("combien j'ai payé de loyer",
/// "combien ont rapporté les commandes"): how much, not how many.
const MONEY_VERBS: &[&str] = &[
    "paye",
    "payee",
    "payes",
    "payees",
    "depense",
    "depenses",
    "rapporte",
    "rapportent",
    "coute",
    "coutent",
    "encaisse",
    "facture",
    "verse",
];

/// Verbs of money after "how much" or "cuánto", wherever they stand in
/// the clause ("how much did the Centro region make from notebooks",
/// "¿cuánto me ha costado?"); never "cost" ("how much does a desk lamp
/// cost" asks a price).
const MONEY_VERBS_ANYWHERE: &[&str] = &[
    "make",
    "made",
    "earn",
    "earned",
    "bring",
    "brought",
    "pay",
    "paid",
    "costado",
    "pagado",
    "pague",
    "pagamos",
    "gastado",
    "gaste",
    "gastamos",
    "ganado",
    "facturado",
    "facturo",
    "ingresado",
    "ingresaron",
    "ingresamos",
    "facturaron",
    "ganaron",
];

/// Verbs of paying said with a statistic and no measure ("what do
/// smokers pay on average", "cuánto pagaron de media", "combien paient
/// les assurées en moyenne"), and the concepts of the money paid, in
/// order.
const PAYING: (&[&str], &[&str]) = (
    &[
        "pay", "pays", "paid", "paying", "paient", "payent", "paie", "pagan", "pagaron", "paga",
        "pago", "pagamos", "pague", "cobramos", "cobran", "cobra", "cobro", "cobraron",
    ],
    &["charges", "fee", "fare", "amount", "price"],
);

/// Verbs of earning, and the concepts of the money earned.
const EARNING: (&[&str], &[&str]) = (
    &[
        "earn",
        "earns",
        "earned",
        "earning",
        "gagnent",
        "gagne",
        "gagnes",
        "gana",
        "ganan",
        "ganaron",
        "cobran",
        "cobra",
        "cobraron",
        "touche",
        "touchent",
        "touches",
        "percibieron",
        "perciben",
    ],
    &["salary", "income"],
);

/// Verbs of selling after a count ("how many notebooks did we sell").
pub(super) const SELLING: &[&str] = &[
    "sell",
    "sold",
    "vendu",
    "vendus",
    "vendues",
    "vendre",
    "vendimos",
    "vendieron",
    "vendio",
    "vendido",
    "vendidos",
    "vendidas",
    "vendons",
    "vendez",
    // Said loosely: "how many notebooks did we shift", "… ship to Canada",
    // "combien de classeurs avons-nous écoulés".
    "shift",
    "shifted",
    "ship",
    "shipped",
    "ecoule",
    "ecoules",
    "ecoulees",
    "ecouler",
    // Things bought are units too ("how many monitors did Initech buy").
    "buy",
    "bought",
    "ordered",
    "purchase",
    "purchased",
    "commande",
    "commandes",
    "commandee",
    "commandees",
    "achete",
    "achetes",
    "achetee",
    "achetees",
    "compraron",
    "compramos",
    "compro",
    "comprados",
    "compradas",
    "pidieron",
    // goods moved are goods sold ("¿cuál de las regiones movió más
    // unidades?")
    "movio",
    "movieron",
    "moved",
];

/// Verbs of rain falling, said of a column of rain ("cuántos días cayeron
/// más de 10 mm").
const RAIN_VERBS: &[&str] = &[
    "fell", "tombe", "tombes", "tombee", "tombees", "cayeron", "cayo", "caen", "cae",
];

/// Participles that say a measure again right after it ("l'objectif
/// fixé pour l'Ouest", "the target set for the North", "el objetivo
/// fijado").
const RESTATING: &[&str] = &[
    "set",
    "fixe",
    "fixes",
    "fixee",
    "fixees",
    "assigned",
    "attribue",
    "attribuee",
    "fijado",
    "fijada",
    "asignado",
    "asignada",
    "planned",
    "prevu",
    "prevue",
    "previsto",
    "prevista",
    // what was given: "the discount we gave", "la remise accordée"
    "gave",
    "given",
    "granted",
    "offered",
    "accorde",
    "accordee",
    "accordees",
    "accordes",
    "dimos",
    "concedido",
    "concedida",
    "otorgado",
    "otorgada",
];

/// Who did it, between a measure and its participle ("the discount we
/// gave", "la remise qu'on a accordée").
const DOERS: &[&str] = &[
    "we", "you", "they", "nous", "on", "qu", "que", "that", "a", "avons",
];

/// Phrases of placing an order ("nous ont passé commande"): what the
/// rows of orders are.
const ORDERING: &[&str] = &[
    "passe commande",
    "passe une commande",
    "passe des commandes",
    "passer commande",
    "placed an order",
    "placed orders",
    "hecho un pedido",
    "hicieron un pedido",
    "hicieron pedidos",
];

/// Words between a verb of selling and what it sells ("bought the most
/// notebooks", "movió más unidades", "ont acheté des cahiers").
const BEFORE_THE_THINGS: &[&str] = &[
    "the", "a", "an", "some", "more", "most", "le", "la", "les", "l", "des", "de", "du", "plus",
    "el", "los", "las", "unos", "unas", "mas",
];

/// The word of a count, before the things counted ("how many", "combien
/// de", "cuántas").
/// "the number of", "nb de", "número de", "cantidad de" count too ("nombre"
/// only in French: in Spanish it is a name).
const COUNTING: &[&str] = &[
    "many", "combien", "cuantos", "cuantas", "number", "nb", "numero", "cantidad",
];

/// Words that may stand between "combien" and its verb of money.
const BEFORE_MONEY_VERB: &[&str] = &[
    "j", "ai", "a", "as", "avons", "avez", "ont", "on", "nous", "vous", "ils", "elles", "m", "me",
    "t", "te", "ca", "cela", "il", "elle", "en",
];

/// Words of a statistic of money, before they are read ("on average",
/// "de media", "au total").
const STATS_OF_MONEY: &[&str] = &[
    "average", "mean", "avg", "moyenne", "moy", "media", "promedio", "prom", "median", "mediane",
    "mediana", "total",
];

/// Verbs of costing in the present, said of one thing ("Combien coûte un
/// cahier ?", "¿Cuánto cuesta una casa en Bath?"): they ask a price.
const COSTS: &[&str] = &["coute", "coutent", "cuesta", "cuestan"];

/// Words between a verb of costing and the one thing it is said of
/// ("coûte en moyenne un cahier", "nos cuesta de media una casa").
const BETWEEN_COST_AND_THING: &[&str] = &[
    "en", "moyenne", "de", "media", "promedio", "nous", "nos", "me", "te", "vous",
];

/// Auxiliaries before a past participle of costing ("combien a coute le
/// loyer", "¿cuánto ha costado?"): the money spent, not a price.
const COST_AUXILIARIES: &[&str] = &["a", "ont", "avait", "avaient", "ha", "han", "habia"];

/// Verbs of looking after accounts ("the accounts Dana Kim manages",
/// "dana kim looks after", "gérés par", "que lleva Hugo").
const MANAGING: &[&str] = &[
    "manages",
    "managed",
    "manage",
    "managing",
    "looks after",
    "look after",
    "handles",
    "handled",
    "gere",
    "geres",
    "geree",
    "gerees",
    "gerent",
    "suit",
    "suivis",
    "gestiona",
    "gestionados",
    "gestionadas",
    "lleva",
    "llevan",
    "llevados",
    "dirige",
    "dirigen",
    "dirigida",
    "dirigido",
    "runs",
    "run",
    "leads",
    "heads",
];

/// Words of a column of the people who look after rows.
const MANAGER_COLUMNS: &[&str] = &[
    "manager",
    "gerente",
    "directeur",
    "director",
    "responsable",
    "gestionnaire",
    "gestor",
    "encargado",
    "owner",
    "rep",
];

impl Reading<'_> {
    /// "add up the credit limits of the accounts Dana Kim manages", "nb
    /// de clients gérés par dana kim": a verb of looking after, where the
    /// plan keeps the rows of one value of a manager's column, says that
    /// filter again; it is placed.
    pub fn managed_by(&mut self) {
        let managed = self.filters.iter().any(|f| {
            text::name_words(&f.column)
                .iter()
                .any(|w| MANAGER_COLUMNS.contains(&w.as_str()))
        });
        if managed {
            self.g.take_all(MANAGING);
        }
    }

    /// "How many notebooks did we sell?", "combien de classeurs avons-nous
    /// vendus ?": things of the file counted with a verb of selling are
    /// its units sold, the one column of quantities, when the things are
    /// values of the file (not its rows: "how many orders did we sell"
    /// still counts orders).
    pub fn how_many_sold(&mut self) {
        let counting = |word: &str| {
            COUNTING.contains(&word) || (word == "nombre" && self.lang == crate::lang::Lang::Fr)
        };
        let Some(count_at) =
            (0..self.g.tokens.len()).find(|&i| counting(self.g.tokens[i].folded.as_str()))
        else {
            return;
        };
        let Some(verb) = (count_at + 1..self.g.tokens.len())
            .find(|&i| SELLING.contains(&self.g.tokens[i].folded.as_str()) && self.g.free(i, 1))
        else {
            return;
        };
        let things = (count_at + 1..verb).any(|i| self.names_a_value(i));
        let rows = (count_at + 1..verb).any(|i| {
            self.rows_said.contains(&i) || super::words::is_row_noun(&self.g.tokens[i].key)
        });
        if !things || rows {
            return;
        }
        if let Some(column) = self.the_quantity_column() {
            self.verb_names(verb, column);
        }
    }

    /// "which region sells the most staplers", "où vend-on le plus
    /// d'agrafeuses", "¿dónde se venden más grapadoras?": things of the
    /// file said right after a verb of selling and "the most" (or "the
    /// fewest") are ranked by their units sold, the one column of
    /// quantities — never the rows ("sells the most orders" counts them)
    /// nor a thing described ("the most expensive lamps").
    pub fn sells_the_most(&mut self) {
        const SELLING_NOW: &[&str] = &[
            "sell", "sells", "shifts", "vend", "vendent", "ecoule", "ecoulent", "vende", "venden",
        ];
        const MOST: &[&str] = &["most", "fewest", "least", "plus", "moins", "mas", "menos"];
        const BETWEEN: &[&str] = &[
            "on", "t", "il", "we", "they", "the", "le", "la", "se", "ils",
        ];
        const OF: &[&str] = &["of", "de", "d"];
        let n = self.g.tokens.len();
        let Some(verb) = (0..n).find(|&i| {
            let w = self.g.tokens[i].folded.as_str();
            (SELLING.contains(&w) || SELLING_NOW.contains(&w)) && self.g.free(i, 1)
        }) else {
            return;
        };
        let mut at = verb + 1;
        while at < n && BETWEEN.contains(&self.g.tokens[at].folded.as_str()) {
            at += 1;
        }
        if !self
            .g
            .tokens
            .get(at)
            .is_some_and(|t| MOST.contains(&t.folded.as_str()))
        {
            return;
        }
        let mut thing = at + 1;
        while thing < n && OF.contains(&self.g.tokens[thing].folded.as_str()) {
            thing += 1;
        }
        let said = thing < n && self.g.tokens[thing].clause == self.g.tokens[verb].clause;
        let rows = said
            && (self.rows_said.contains(&thing)
                || super::words::is_row_noun(&self.g.tokens[thing].key));
        if !said || rows || !self.names_a_value(thing) {
            return;
        }
        if let Some(column) = self.the_quantity_column() {
            self.verb_names(verb, column);
        }
    }

    /// The files' one column of quantities of things (units, not money).
    fn the_quantity_column(&self) -> Option<String> {
        let quantities: Vec<&String> = self
            .columns
            .iter()
            .filter(|k| {
                super::is_number(k.kind)
                    && !super::recipe::priced(&k.name)
                    && super::recipe::counts_things(&k.name)
            })
            .map(|k| &k.name)
            .collect();
        match quantities.as_slice() {
            [one] => Some((*one).clone()),
            _ => None,
        }
    }

    /// "Who paid the most for their ticket?": what was paid for, after a
    /// verb of paying, is the fare paid — never the column of ticket
    /// numbers. Read before the columns.
    pub fn paid_for_a_ticket(&mut self) {
        const FOR_IT: &[&str] = &[
            "for their ticket",
            "for his ticket",
            "for her ticket",
            "for the ticket",
            "for a ticket",
            "for their tickets",
            "pour leur billet",
            "pour son billet",
            "pour le billet",
            "por su billete",
            "por el billete",
        ];
        let paid = self
            .g
            .tokens
            .iter()
            .any(|t| PAYING.0.contains(&t.folded.as_str()));
        if paid {
            self.g.take_all(FOR_IT);
        }
    }

    /// "clientes que compraron bolígrafos", "which region moved the most
    /// units", "the target set for the North", "cayeron más de 10 mm":
    /// a verb that only says again what is placed beside it — a verb of
    /// selling before or right after the things sold or their quantity, a
    /// participle right after the measure it restates, rain falling beside
    /// a column of rain — is placed with it.
    pub fn verbs_beside_placed(&mut self) {
        for phrase in ORDERING {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            for at in 0..self.g.tokens.len() {
                if self.g.says_at(at, &words) {
                    self.g.take(at, words.len());
                }
            }
        }
        for i in 0..self.g.tokens.len() {
            if self.g.used[i] {
                continue;
            }
            let w = self.g.tokens[i].folded.as_str();
            let beside = if SELLING.contains(&w) {
                // "casques commandés", "notebooks sold": the participle
                // right after the things.
                let thing_before = i > 0
                    && self.g.used[i - 1]
                    && self.g.tokens[i - 1].clause == self.g.tokens[i].clause
                    && self.names_a_value(i - 1);
                self.things_after(i) || thing_before
            } else if RESTATING.contains(&w) {
                let mut at = i;
                while at > 0 && DOERS.contains(&self.g.tokens[at - 1].folded.as_str()) {
                    at -= 1;
                }
                self.mentions.iter().any(|m| m.start + m.len == at)
            } else if RAIN_VERBS.contains(&w) {
                self.filters.iter().any(|f| rain_column(&f.column))
                    || self.mentions.iter().any(|m| rain_column(&m.column))
            } else {
                false
            };
            if beside {
                self.g.take(i, 1);
            }
        }
    }

    /// The first word after the verb at `verb`, past articles and "more",
    /// is placed: a value of the data or a mention of a column of numbers.
    fn things_after(&self, verb: usize) -> bool {
        let Some(j) = (verb + 1..self.g.tokens.len().min(verb + 4))
            .find(|&j| !BEFORE_THE_THINGS.contains(&self.g.tokens[j].folded.as_str()))
        else {
            return false;
        };
        let t = &self.g.tokens[j];
        let quantity = self.mentions.iter().any(|m| {
            m.start == j
                && self
                    .columns
                    .iter()
                    .any(|k| k.name == m.column && super::is_number(k.kind))
        });
        t.clause == self.g.tokens[verb].clause
            && self.g.used[j]
            && (quantity || self.names_a_value(j))
    }

    /// The verb at `verb` names `column` (one mention of it); when the goal
    /// names that column already, the verb says it again.
    fn verb_names(&mut self, verb: usize, column: String) {
        if self.mentions.iter().any(|m| m.column == column) {
            self.g.take(verb, 1);
            return;
        }
        self.g.take(verb, 1);
        self.mentions.push(Mention {
            start: verb,
            len: 1,
            column,
        });
        self.mentions.sort_by_key(|m| m.start);
    }

    /// The word at `i` is a value of a text column of the inputs ("notebooks"
    /// for `Notebook`), or a word for one ("grapadoras" for `Stapler`).
    pub(super) fn names_a_value(&self, i: usize) -> bool {
        let t = &self.g.tokens[i];
        // a word for a value, or the first word of one ("lámparas de
        // escritorio")
        let mut first_words = super::conditions::VALUE_SYNONYMS
            .iter()
            .flat_map(|group| group.iter())
            .filter_map(|w| w.split_whitespace().next());
        if first_words.any(|w| w.len() > 2 && (text::same_word(w, &t.folded) || w == t.key)) {
            return true;
        }
        self.inputs
            .iter()
            .flat_map(|input| &input.columns)
            .flat_map(|c| &c.values)
            .any(|v| {
                let v = text::fold(v);
                v == t.folded || v == t.key
            })
    }

    /// The verb of money that makes the word at `at` ask how much:
    /// "combien" with only pronouns and auxiliaries before the verb, or
    /// right after it ("how many" otherwise); "how much" and "cuánto" with
    /// the verb anywhere after them in the clause ("how much did the Centro
    /// region make").
    fn money_verb_after(&self, at: usize) -> Option<usize> {
        let tokens = &self.g.tokens;
        let word = tokens[at].folded.as_str();
        let how_much = (word == "much" && at > 0 && tokens[at - 1].folded == "how")
            || matches!(word, "cuanto" | "cuanta");
        let free_verb = |i: usize, verbs: &[&str]| {
            verbs.contains(&tokens[i].folded.as_str()) && self.g.free(i, 1)
        };
        if how_much {
            return (at + 1..tokens.len())
                .take_while(|&i| tokens[i].clause == tokens[at].clause)
                .find(|&i| free_verb(i, MONEY_VERBS_ANYWHERE));
        }
        if word != "combien" {
            return None;
        }
        // "les agrafeuses nous ont rapporté combien en avril ?": the verb
        // right before, "combien" asking no noun of its own.
        let no_noun = tokens
            .get(at + 1)
            .is_none_or(|n| !matches!(n.folded.as_str(), "de" | "d"));
        if at > 0
            && no_noun
            && free_verb(at - 1, MONEY_VERBS)
            && self.cost_of_one_at() != Some(at - 1)
        {
            return Some(at - 1);
        }
        let mut verb = at + 1;
        while verb < tokens.len() && BEFORE_MONEY_VERB.contains(&tokens[verb].folded.as_str()) {
            verb += 1;
        }
        (verb < tokens.len() && free_verb(verb, MONEY_VERBS)).then_some(verb)
    }

    /// "la région Centre nous a rapporté combien", "combien a coûté …" of
    /// files with no column of money: a verb of money in the clause of
    /// "combien" asks money, not a count of rows. Returns the verb, for
    /// the plan to stop on it.
    pub fn money_without_its_column(&self) -> Option<String> {
        let tokens = &self.g.tokens;
        let no_money = [
            "amount", "revenue", "price", "fare", "fee", "charges", "salary",
        ]
        .iter()
        .all(|c| self.one_column_for(c).is_none());
        if !no_money {
            return None;
        }
        // "combien de maisons coûtent…" counts houses.
        let alone = |i: usize| {
            tokens[i].folded == "combien"
                && tokens
                    .get(i + 1)
                    .is_none_or(|n| !matches!(n.folded.as_str(), "de" | "d"))
        };
        let asked = (0..tokens.len()).filter(|&i| alone(i));
        asked.map(|i| &tokens[i]).find_map(|c| {
            tokens
                .iter()
                .find(|t| t.clause == c.clause && MONEY_VERBS.contains(&t.folded.as_str()))
                .map(|t| t.raw.clone())
        })
    }

    /// Where a verb of costing in the present is said of one thing of a
    /// file that has prices (see [`COSTS`]): a thing of the file ("un
    /// cahier", "le cahier", "un cahier coûte"), or a row of a file with
    /// no column of amounts ("une maison"). A budget's "combien nous coûte
    /// le loyer" (no prices) and an order's "combien coûte une commande"
    /// (its amount) are left to the other readings.
    fn cost_of_one_at(&self) -> Option<usize> {
        let tokens = &self.g.tokens;
        let priced = self
            .columns
            .iter()
            .any(|k| super::is_number(k.kind) && super::recipe::priced(&k.name));
        if !priced {
            return None;
        }
        let no_amount = self.one_column_for("amount").is_none();
        let a_thing = |j: usize, clause: usize| {
            let t = &tokens[j];
            t.clause == clause
                && (self.names_a_value(j) || (no_amount && super::words::is_row_noun(&t.key)))
        };
        (0..tokens.len()).find(|&i| {
            let t = &tokens[i];
            let present = COSTS.contains(&t.folded.as_str())
                && !t.raw.to_lowercase().ends_with('é')
                && i.checked_sub(1)
                    .is_none_or(|j| !COST_AUXILIARIES.contains(&tokens[j].folded.as_str()));
            let after = (i + 1..tokens.len()).find(|&j| {
                let w = tokens[j].folded.as_str();
                !BETWEEN_COST_AND_THING.contains(&w)
                    && !matches!(w, "un" | "une" | "una" | "uno")
                    && !super::lexicon::ARTICLES.contains(&w)
            });
            // "Un cahier coûte combien ?": the thing, with its article,
            // before the verb; "combien de maisons coûtent plus de …"
            // counts houses by their price.
            let before = i.checked_sub(1).filter(|&j| {
                j > 0
                    && matches!(
                        tokens[j - 1].folded.as_str(),
                        "un" | "une" | "una" | "le" | "la" | "el" | "l"
                    )
            });
            let compared = tokens
                .get(i + 1)
                .is_some_and(|n| matches!(n.folded.as_str(), "plus" | "moins" | "mas" | "menos"));
            present
                && !compared
                && after
                    .into_iter()
                    .chain(before)
                    .any(|j| a_thing(j, t.clause))
        })
    }

    /// "Combien coûte un cahier ?", "¿Cuánto cuesta un cuaderno?": the
    /// price of one thing, which no total of amounts answers. Returns the
    /// verb, for the plan to stop on it, unless a statistic is said and
    /// the file has one column of prices ("¿Cuánto cuesta de media una
    /// casa en Bath?", read by [`Reading::price_of_one`]).
    pub fn cost_of_one(&self) -> Option<String> {
        let at = self.cost_of_one_at()?;
        let stat = self
            .g
            .tokens
            .iter()
            .any(|t| STATS_OF_MONEY.contains(&t.folded.as_str()) && t.folded != "total");
        (!stat || self.one_column_for("price").is_none()).then(|| self.g.tokens[at].raw.clone())
    }

    /// "¿Cuánto cuesta de media una casa en Bath?": the verb of costing
    /// said of one thing names the file's one column of prices.
    pub fn price_of_one(&mut self) {
        let Some(at) = self.cost_of_one_at() else {
            return;
        };
        if let Some(column) = self.one_column_for("price") {
            self.verb_names(at, column);
        }
    }

    /// "combien pour les courses Picard ?", "combien en tout ?", "combien
    /// au total ?": "combien" with no noun of rows in the goal asks an
    /// amount, the file's one column of money.
    fn combien_alone(&self, at: usize) -> bool {
        let word = |i: usize| self.g.tokens.get(i).map_or("", |t| t.folded.as_str());
        // "Et les femmes, combien ?", "les commandes livrées, combien ?"
        // count rows: no noun of rows may be said.
        let rows_said = self.g.tokens.iter().any(|t| {
            super::words::is_row_noun(&t.key)
                || super::words::PEOPLE_NOUNS.contains(&t.key.as_str())
        });
        word(at) == "combien"
            && self.g.free(at, 1)
            && !rows_said
            && (word(at + 1) == "pour"
                || (word(at + 1) == "en" && word(at + 2) == "tout")
                || (word(at + 1) == "au" && word(at + 2) == "total"))
    }

    /// "combien j'ai payé de loyer", "combien ont rapporté les commandes
    /// livrées", "how much did the Centro region make", "¿cuánto me ha
    /// costado?": the money is the one column of amounts (or else of
    /// revenue) of the file. Several, or none: left to the other readings.
    pub fn how_much_paid(&mut self) {
        let n = self.g.tokens.len();
        for at in 0..n {
            if self.combien_alone(at) {
                // The word stays free for the count, read as the total.
                if let Some(column) = ["amount", "revenue"]
                    .iter()
                    .find_map(|c| self.one_column_for(c))
                {
                    if !self.mentions.iter().any(|m| m.column == column) {
                        self.mentions.push(Mention {
                            start: at,
                            len: 1,
                            column,
                        });
                        self.mentions.sort_by_key(|m| m.start);
                    }
                }
                continue;
            }
            let Some(verb) = self.money_verb_after(at) else {
                continue;
            };
            let Some(column) = ["amount", "revenue"]
                .iter()
                .find_map(|c| self.one_column_for(c))
            else {
                continue;
            };
            self.verb_names(verb, column);
        }
    }

    /// "what do smokers pay on average", "what our Sales people earn on
    /// average", "cuánto pagaron de media los pasajeros", "cuánto nos
    /// pagan de cuota": a verb of paying or earning names the one column
    /// of its money (charges, fee, fare…; salary) when no other column of
    /// numbers is said as a measure; said after that column ("pagan de
    /// cuota") it is only its verb.
    pub fn paid_or_earned(&mut self) {
        // "¿Cuántos socios pagan…?" counts people: no statistic of money.
        // The statistic's word may not be read yet ("on average", "de
        // media").
        // "Combien de clients paient au total ?" counts people, not money.
        let counts_rows = self.g.tokens.iter().enumerate().any(|(i, t)| {
            let next = self.g.tokens.get(i + 1).map_or("", |n| n.folded.as_str());
            matches!(t.folded.as_str(), "many" | "cuantos" | "cuantas")
                || (t.folded == "combien" && matches!(next, "de" | "d"))
        });
        let stat_word = !counts_rows
            && (0..self.g.tokens.len()).any(|i| {
                self.g.free(i, 1) && STATS_OF_MONEY.contains(&self.g.tokens[i].folded.as_str())
            });
        if !stat_word && !self.ops.iter().any(|(_, o)| matches!(o, Op::Stat(_))) {
            return;
        }
        for (verbs, concepts) in [PAYING, EARNING] {
            for verb in 0..self.g.tokens.len() {
                if !self.g.free(verb, 1) || !verbs.contains(&self.g.tokens[verb].folded.as_str()) {
                    continue;
                }
                let Some(column) = concepts.iter().find_map(|c| self.one_column_for(c)) else {
                    continue;
                };
                let other_measure = self.mentions.iter().any(|m| {
                    m.column != column
                        && super::is_number(self.kind(&m.column))
                        && !self.said_as_condition(m)
                });
                // "with a bmi over 30 pay": the number is the bmi's, never
                // the money's the verb would name.
                let number_before = (verb.saturating_sub(3)..verb)
                    .any(|i| text::number(&self.g.tokens[i]).is_some());
                if self.mentions.iter().any(|m| m.column == column) {
                    self.g.take(verb, 1);
                } else if !other_measure && !number_before {
                    self.verb_names(verb, column);
                }
            }
        }
    }

    /// The one column of what people earn (salary, income), if any.
    pub fn earned_column(&self) -> Option<String> {
        EARNING.1.iter().find_map(|c| self.one_column_for(c))
    }

    /// "what does the tallest person in Lille earn?": a verb of earning
    /// left unplaced in a file with one column of what people earn, which
    /// the recipe does not use, asks that column — the plan must not
    /// answer without it. The verb's place is returned.
    pub fn earning_left_out(&self, recipe: &super::Recipe) -> Option<usize> {
        let column = self.earned_column()?;
        if super::recipe_columns(recipe).contains(&column.as_str()) {
            return None;
        }
        (0..self.g.tokens.len())
            .find(|&i| self.g.free(i, 1) && EARNING.0.contains(&self.g.tokens[i].folded.as_str()))
    }

    /// "a bmi over 30", "sans enfants", "with children": a column of
    /// numbers said as a condition (a number right after it, or a word of
    /// having or lacking right before it), not as a measure.
    fn said_as_condition(&self, m: &Mention) -> bool {
        let tokens = &self.g.tokens;
        let number_after = (m.start + m.len..(m.start + m.len + 3).min(tokens.len()))
            .any(|i| text::number(&tokens[i]).is_some());
        let having_before = m.start.checked_sub(1).is_some_and(|i| {
            matches!(
                tokens[i].folded.as_str(),
                "with" | "without" | "avec" | "sans" | "con" | "sin" | "no"
            )
        });
        number_after || having_before
    }

    /// "cheaper than 200000", "plus chères que 300 000", "más baratos que
    /// 150000": the one column the comparative's concept names, compared
    /// with the number after it (a unit after the number is taken too when
    /// it fits the column). No column, or several, or a price beside an
    /// amount: left unread.
    pub fn comparative_filters(&mut self) {
        for (phrase, concept, cmp) in COMPARATIVES {
            let len = phrase.split_whitespace().count();
            for at in self.g.find(phrase) {
                let Some((value, number_len)) = amounts::number_at(&self.g, at + len) else {
                    continue;
                };
                if !self.g.free(at, len + number_len) {
                    continue;
                }
                let Some(column) = self.one_column_for(concept) else {
                    continue;
                };
                // "orders cheaper than 100": the amount of an order, or its
                // unit price? With an amount beside the price, not said.
                let amount_beside = self
                    .columns
                    .iter()
                    .any(|k| k.name != column && super::recipe::summed(&k.name));
                if *concept == "price" && amount_beside {
                    continue;
                }
                let end = at + len + number_len;
                let unit = amounts::unit_len(&self.g, end, &column);
                self.g.take(at, end + unit - at);
                self.ops.retain(|(i, _)| !(at..end).contains(i));
                amounts::add(self, column, *cmp, value);
            }
        }
    }
}

/// A column of rain ("precipitation_mm", "pluie", "lluvia").
fn rain_column(name: &str) -> bool {
    text::name_words(name).iter().any(|w| {
        [
            "precipitation",
            "rain",
            "rainfall",
            "pluie",
            "lluvia",
            "precip",
        ]
        .contains(&w.as_str())
    })
}
