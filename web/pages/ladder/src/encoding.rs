//! Which encoding an imported file's bytes are in: what Excel saves as CSV is UTF-8 (with a
//! byte-order mark: "CSV UTF-8"), UTF-16 ("Unicode text"), GBK on a Chinese system (GB18030 is
//! its superset) or Windows-1252 on a Western one. A file is read in the first of these that
//! reads it cleanly, and refused when none does, rather than imported with U+FFFD in its names.
//!
//! The order: a byte-order mark decides; then UTF-16 by its NUL bytes (ASCII in UTF-16 is half
//! NULs, and would also pass as UTF-8); then UTF-8; then Windows-1252, only when every byte
//! over 0x7F is a Latin letter or quote standing alone between ASCII bytes (`Zoë`, `José`,
//! `Björn`) — a GBK name is two high bytes in a row, so GBK is never read as Windows-1252;
//! then GB18030. UTF-8, UTF-16 and Windows-1252 are decoded here; GB18030 by the browser's
//! `TextDecoder` (`fatal`), since its tables would cost the teacher module ~100 KB.

use qitong_view::lang::Lang;

/// An encoding a ladder file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    Windows1252,
    Gb18030,
}

impl Encoding {
    /// Its name for the teacher, as Excel's "Save as" names it.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le | Encoding::Utf16Be => lang.pick("UTF-16（Unicode 文本）", "UTF-16 (Unicode text)"),
            Encoding::Windows1252 => lang.pick("Windows-1252（西欧）", "Windows-1252 (Western European)"),
            Encoding::Gb18030 => lang.pick("GBK（GB18030，中文 Excel 的 CSV）", "GBK (GB18030, Chinese Excel's CSV)"),
        }
    }
}

/// Reads `bytes` as text (see the module docs); `gb18030` decodes strictly, `None` on any
/// byte sequence that is not GB18030. `None` when no encoding reads the file cleanly.
pub fn decode(bytes: &[u8], gb18030: impl FnOnce(&[u8]) -> Option<String>) -> Option<(String, Encoding)> {
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => return utf8(rest).map(|t| (t, Encoding::Utf8)),
        [0xFF, 0xFE, rest @ ..] => return utf16(rest, false).map(|t| (t, Encoding::Utf16Le)),
        [0xFE, 0xFF, rest @ ..] => return utf16(rest, true).map(|t| (t, Encoding::Utf16Be)),
        _ => {}
    }
    if let Some(big_endian) = utf16_without_mark(bytes) {
        let encoding = if big_endian { Encoding::Utf16Be } else { Encoding::Utf16Le };
        return utf16(bytes, big_endian).map(|t| (t, encoding));
    }
    if let Some(text) = utf8(bytes) {
        return Some((text, Encoding::Utf8));
    }
    if let Some(text) = windows_1252(bytes) {
        return Some((text, Encoding::Windows1252));
    }
    gb18030(bytes).map(|t| (t, Encoding::Gb18030))
}

fn utf8(bytes: &[u8]) -> Option<String> {
    String::from_utf8(bytes.to_vec()).ok()
}

fn utf16(bytes: &[u8], big_endian: bool) -> Option<String> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    let units = bytes.chunks_exact(2).map(|p| if big_endian { u16::from_be_bytes([p[0], p[1]]) } else { u16::from_le_bytes([p[0], p[1]]) });
    char::decode_utf16(units).collect::<Result<String, _>>().ok()
}

/// UTF-16 without a byte-order mark: an even length, and NUL bytes on one side of the pairs
/// only, in at least a quarter of them (a CSV's commas, digits and line ends are ASCII).
/// `Some(true)` for big-endian.
fn utf16_without_mark(bytes: &[u8]) -> Option<bool> {
    if bytes.len() < 2 || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let pairs = bytes.len() / 2;
    let (mut first, mut second) = (0, 0);
    for p in bytes.chunks_exact(2) {
        first += usize::from(p[0] == 0);
        second += usize::from(p[1] == 0);
    }
    match (first, second) {
        (0, n) if n * 4 >= pairs => Some(false),
        (n, 0) if n * 4 >= pairs => Some(true),
        _ => None,
    }
}

/// Windows-1252's characters for 0x80-0x9F (0 where it has none); 0xA0-0xFF are Latin-1's.
const WINDOWS_1252_HIGH: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C,
    0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// Windows-1252, only for bytes that cannot be GBK text (see the module docs).
fn windows_1252(bytes: &[u8]) -> Option<String> {
    let letter = |b: u8| matches!(b, 0x8A | 0x8C | 0x8E | 0x91 | 0x92 | 0x9A | 0x9C | 0x9E | 0x9F | 0xC0..=0xFF) && b != 0xD7 && b != 0xF7;
    let high = |i: usize| bytes.get(i).is_some_and(|b| *b >= 0x80);
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for (i, &b) in bytes.iter().enumerate() {
        if b < 0x80 {
            text.push(char::from(b));
            continue;
        }
        if !letter(b) || high(i + 1) || (i > 0 && high(i - 1)) {
            return None;
        }
        let code = if b < 0xA0 { u32::from(WINDOWS_1252_HIGH[usize::from(b - 0x80)]) } else { u32::from(b) };
        text.push(char::from_u32(code)?);
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_gbk(_: &[u8]) -> Option<String> {
        None
    }

    fn utf16_bytes(text: &str, big_endian: bool) -> Vec<u8> {
        text.encode_utf16().flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
    }

    #[test]
    fn utf8_with_or_without_a_mark() {
        let text = "name\n小明\nZoë\n";
        assert_eq!(decode(text.as_bytes(), no_gbk), Some((text.to_string(), Encoding::Utf8)));
        let marked = [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat();
        assert_eq!(decode(&marked, no_gbk), Some((text.to_string(), Encoding::Utf8)));
    }

    #[test]
    fn utf16_by_its_mark_or_its_nul_bytes() {
        let text = "name,points\r\n小明,10\r\nZoë,0\r\n";
        for big_endian in [false, true] {
            let bare = utf16_bytes(text, big_endian);
            let mark = if big_endian { [0xFE, 0xFF] } else { [0xFF, 0xFE] };
            let expected = if big_endian { Encoding::Utf16Be } else { Encoding::Utf16Le };
            assert_eq!(decode(&bare, no_gbk), Some((text.to_string(), expected)));
            assert_eq!(decode(&[&mark[..], &bare].concat(), no_gbk), Some((text.to_string(), expected)));
        }
        // An odd length or a lone surrogate is not UTF-16.
        assert_eq!(decode(&[0xFF, 0xFE, b'a', 0, b'b'], no_gbk), None);
        assert_eq!(decode(&[0xFF, 0xFE, 0x00, 0xD8, b'a', 0], no_gbk), None);
    }

    #[test]
    fn western_names_are_windows_1252_and_gbk_never_is() {
        // "name\nZoë\nJosé\nBjörn\nO’Brien\n" as Windows-1252 saves it.
        let bytes = b"name\nZo\xEB\nJos\xE9\nBj\xF6rn\nO\x92Brien\n";
        let read = decode(bytes, |_| panic!("not asked"));
        assert_eq!(read, Some(("name\nZoë\nJosé\nBjörn\nO\u{2019}Brien\n".to_string(), Encoding::Windows1252)));
        // 张三 in GBK: two high bytes in a row, which Windows-1252 would show as "ÕÅÈý".
        let gbk = b"name\n\xD5\xC5\xC8\xFD\n";
        let mut asked = false;
        assert_eq!(
            decode(gbk, |_| {
                asked = true;
                Some("name\n张三\n".into())
            }),
            Some(("name\n张三\n".into(), Encoding::Gb18030))
        );
        assert!(asked);
        // Not a letter (× is 0xD7), or an undefined byte: not Windows-1252 either.
        assert_eq!(decode(b"name\n3\xD74\n", no_gbk), None);
        assert_eq!(decode(b"name\nA\x81\n", no_gbk), None);
    }

    #[test]
    fn nothing_reads_it_cleanly_so_it_is_refused() {
        assert_eq!(decode(b"name\n\xFF\xFF\xFE\n", no_gbk), None);
        assert_eq!(decode(&[0xEF, 0xBB, 0xBF, b'a', 0xFF], no_gbk), None, "a UTF-8 mark, then bad bytes");
    }
}
