//! The two languages of the course (zh-CN first, English second), shared by the lessons, the
//! classroom texts and the browser views.

use core::fmt;
use core::str::FromStr;

/// The two languages of the course; Chinese first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    /// Simplified Chinese (zh-CN), the course's first language.
    Zh,
    /// English, the second.
    En,
}

impl Lang {
    /// The BCP 47 tag used for `lang` attributes and speech synthesis.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// Picks the text of this language from a pair.
    pub fn pick<T>(self, zh: T, en: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A `lang` value that is neither Chinese nor English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLangError(pub String);

impl fmt::Display for ParseLangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported language '{}': use zh-CN or en", self.0)
    }
}

impl std::error::Error for ParseLangError {}

impl FromStr for Lang {
    type Err = ParseLangError;
    /// Accepts any `zh*` tag as Chinese and any `en*` tag as English (case-insensitive).
    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        let lower = s.trim().to_ascii_lowercase();
        if lower == "zh" || lower.starts_with("zh-") {
            Ok(Lang::Zh)
        } else if lower == "en" || lower.starts_with("en-") {
            Ok(Lang::En)
        } else {
            Err(ParseLangError(s.to_string()))
        }
    }
}
