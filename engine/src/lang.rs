//! The languages Glovebox speaks to people: English, French, Spanish.

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

impl Lang {
    /// All languages.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Es];

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
        let fr = score(&[
            "le", "la", "les", "des", "du", "de", "par", "moyenne", "combien", "quel", "quelle",
            "ventes", "total", "chaque", "jour", "mois", "et", "est", "sont", "région",
        ]) + lower.matches(['é', 'è', 'ê', 'à', 'ç', 'ù']).count();
        let es = score(&[
            "el", "los", "las", "del", "por", "promedio", "cuántos", "cuál", "ventas", "cada",
            "día", "mes", "y", "es", "son", "región", "media", "suma",
        ]) + lower.matches(['ñ', 'á', 'í', 'ó', 'ú', '¿']).count();
        let en = score(&[
            "the", "of", "per", "average", "how", "many", "what", "which", "sales", "each", "day",
            "month", "and", "is", "are", "total", "by",
        ]);
        if fr > en && fr >= es {
            Lang::Fr
        } else if es > en && es > fr {
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
    }
}
