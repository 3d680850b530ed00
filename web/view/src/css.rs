//! The stylesheets as the wasm carries them: [`minified_css!`] takes comments and the spaces a
//! browser does not need out of a stylesheet at compile time, so the `.css` files keep their
//! comments (which say why) and the modules do not carry them (about 1.5 KB gzipped each).
//!
//! Only what cannot change the meaning goes: comments, runs of white space (to one space), and
//! the space next to `{`, `}`, `;` and `,` and after `:`, and a rule's last `;`. A space before `:` stays (`.a :hover`
//! is not `.a:hover`), and so do those around `+`, `-`, `>` and `~` (`calc(1px + 2px)`);
//! quoted strings are copied as they are.

/// Writes `css` minified into `out` when `write` (else only counts) and returns its length.
pub const fn minify(css: &[u8], out: &mut [u8], write: bool) -> usize {
    let (mut i, mut len, mut space, mut last) = (0, 0, false, 0u8);
    while i < css.len() {
        let c = css[i];
        if c == b'/' && i + 1 < css.len() && css[i + 1] == b'*' {
            // A comment separates like a space (`a/**/b` is two words).
            i += 2;
            while i < css.len() && !(css[i] == b'*' && i + 1 < css.len() && css[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            space = true;
            continue;
        }
        if matches!(c, b' ' | b'\n' | b'\t' | b'\r' | b'\x0c') {
            space = true;
            i += 1;
            continue;
        }
        if space && len > 0 && !matches!(last, b'{' | b'}' | b';' | b',' | b':') && !matches!(c, b'{' | b'}' | b';' | b',') {
            if write {
                out[len] = b' ';
            }
            len += 1;
        }
        space = false;
        // A rule's last `;` is not needed.
        if c == b'}' && last == b';' {
            len -= 1;
        }
        // A quoted string, escapes and all, as it is.
        let end = if c == b'"' || c == b'\'' { string_end(css, i) } else { i + 1 };
        while i < end && i < css.len() {
            if write {
                out[len] = css[i];
            }
            len += 1;
            i += 1;
        }
        last = css[end - 1];
    }
    len
}

/// Where the string starting at `start` (its quote) ends: after its closing quote.
const fn string_end(css: &[u8], start: usize) -> usize {
    let quote = css[start];
    let mut i = start + 1;
    while i < css.len() && css[i] != quote {
        i += if css[i] == b'\\' { 2 } else { 1 };
    }
    if i < css.len() {
        i + 1
    } else {
        css.len()
    }
}

/// A stylesheet (a `&'static str` constant expression) minified at compile time
/// (`qitong_view::css::minified_css!`).
#[doc(hidden)]
#[macro_export]
macro_rules! __minified_css {
    ($css:expr) => {{
        const SOURCE: &str = $css;
        const LEN: usize = $crate::css::minify(SOURCE.as_bytes(), &mut [], false);
        const BYTES: [u8; LEN] = {
            let mut out = [0u8; LEN];
            $crate::css::minify(SOURCE.as_bytes(), &mut out, true);
            out
        };
        // Only ASCII is taken out, never part of a character: the rest is the source's UTF-8.
        match core::str::from_utf8(&BYTES) {
            Ok(css) => css,
            Err(_) => panic!("minified CSS is UTF-8"),
        }
    }};
}
pub use crate::__minified_css as minified_css;

#[cfg(test)]
mod tests {
    use super::*;

    fn min(css: &str) -> String {
        let mut out = vec![0; minify(css.as_bytes(), &mut [], false)];
        minify(css.as_bytes(), &mut out, true);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn only_what_a_browser_does_not_need_goes() {
        assert_eq!(min("/* why */\n.a {\n  color: red;\n  margin: 0 auto;\n}\n"), ".a{color:red;margin:0 auto}");
        assert_eq!(min(".a :hover, .b > .c { width: calc(1px + 2px) !important }"), ".a :hover,.b > .c{width:calc(1px + 2px) !important}");
        assert_eq!(min("a/**/b{content: \"  /* kept */ \\\" \" ; x:'a  b'}"), "a b{content:\"  /* kept */ \\\" \";x:'a  b'}");
        assert_eq!(min("@media (max-width: 900px) and (hover: none) {\n  .x { top: 0 }\n}"), "@media (max-width:900px) and (hover:none){.x{top:0}}");
        assert_eq!(min("  "), "");
        assert_eq!(min("a { content: \"unclosed"), "a{content:\"unclosed");
        assert_eq!(min(".x{} /* unclosed"), ".x{}");
        assert_eq!(min(":host { font-family: system-ui, \"PingFang SC\", sans-serif; }"), ":host{font-family:system-ui,\"PingFang SC\",sans-serif}");
        assert_eq!(min("a { content: \";\" }"), "a{content:\";\"}");
    }

    #[test]
    fn the_macro_minifies_at_compile_time() {
        const CSS: &str = minified_css!(concat!(".a {\n  color: red;\n}\n", "/* b */ .b > .c { top: 0 }"));
        assert_eq!(CSS, ".a{color:red}.b > .c{top:0}");
    }
}
