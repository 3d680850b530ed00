//! Texts of a lesson: every string in Chinese and English side by side, and verse lines with
//! pinyin for the ruby text over the characters.

use crate::lang::Lang;

/// A text in both languages of the course. Lesson files must give both (empty counts as missing).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    /// Simplified Chinese (zh-CN), shown first.
    pub zh: String,
    /// English.
    pub en: String,
}

impl Text {
    /// A text from its two languages.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Text {
        Text { zh: zh.into(), en: en.into() }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        lang.pick(&self.zh, &self.en)
    }
}

/// One line of a verse or narration, with its pinyin when the lesson gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line in both languages.
    pub text: Text,
    /// The reading of the Chinese line, one syllable per Chinese character, separated by spaces
    /// (`chéng bǎo tōng xíng`); punctuation may stand between them.
    pub pinyin: Option<String>,
}

/// Is `c` a Chinese character (CJK unified ideographs and extension A)?
pub fn is_han(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}')
}

/// The syllables of a pinyin line: its space-separated words with punctuation removed, skipping
/// words that were only punctuation.
pub fn syllables(pinyin: &str) -> Vec<&str> {
    pinyin.split(|c: char| c.is_whitespace() || "，。、；：！？,.;:!?（）()“”\"'‘’《》·-".contains(c)).filter(|word| !word.is_empty()).collect()
}

impl Line {
    /// The line cut for ruby text: each Chinese character with its syllable, and every other
    /// run of characters (punctuation, digits, Latin letters) with none. Without pinyin, or when
    /// the counts differ (the validator reports that), every character comes without a reading.
    pub fn ruby(&self) -> Vec<(String, Option<&str>)> {
        let han = self.text.zh.chars().filter(|&c| is_han(c)).count();
        let mut readings = match &self.pinyin {
            Some(p) if syllables(p).len() == han => syllables(p).into_iter(),
            _ => Vec::new().into_iter(),
        };
        let mut out: Vec<(String, Option<&str>)> = Vec::new();
        for c in self.text.zh.chars() {
            if is_han(c) {
                out.push((c.to_string(), readings.next()));
            } else {
                match out.last_mut() {
                    Some((run, None)) if !run.chars().any(is_han) => run.push(c),
                    _ => out.push((c.to_string(), None)),
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_pairs_each_character_with_its_syllable() {
        let line = Line { text: Text::new("车，马！", "rook, knight!"), pinyin: Some("jū, mǎ!".into()) };
        let ruby = line.ruby();
        assert_eq!(ruby, vec![("车".into(), Some("jū")), ("，".into(), None), ("马".into(), Some("mǎ")), ("！".into(), None)]);
        let wrong = Line { text: Text::new("车马", "x"), pinyin: Some("jū".into()) };
        assert!(wrong.ruby().iter().all(|(_, r)| r.is_none()));
    }

    #[test]
    fn syllables_skip_punctuation() {
        assert_eq!(syllables("chéng bǎo tōng xíng zhěng qí pán， héng shù"), ["chéng", "bǎo", "tōng", "xíng", "zhěng", "qí", "pán", "héng", "shù"]);
        assert_eq!(Text::new("车", "rook").get(Lang::En), "rook");
    }
}
