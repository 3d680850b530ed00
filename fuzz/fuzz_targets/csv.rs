//! CSV: reading any text never panics; records written back with `write_record` read as the
//! same fields; record lines grow and stay within the text; errors have a line and column
//! from 1 within the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::format::csv;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Physical lines as the reader counts them: CRLF, LF or a lone CR end a line.
    let lines = text.replace("\r\n", "\n").matches(['\n', '\r']).count() + 1;
    match csv::parse(text) {
        Ok(records) => {
            let mut previous = 0;
            for r in &records {
                assert!(r.line > previous && r.line <= lines, "line {} after {previous} of {lines}", r.line);
                assert!(!r.fields.is_empty());
                previous = r.line;
            }
            let mut written = String::new();
            for r in &records {
                csv::write_record(&mut written, &r.fields);
            }
            let read_back = csv::parse(&written).map(|rs| rs.into_iter().map(|r| r.fields).collect::<Vec<_>>());
            let fields: Vec<Vec<String>> = records.into_iter().map(|r| r.fields).collect();
            assert_eq!(read_back, Ok(fields), "{text:?} was written as {written:?}");
        }
        Err(e) => {
            assert!((1..=lines).contains(&e.line) && e.column >= 1, "{e:?} of {lines} lines");
            assert!(!e.to_string().is_empty());
        }
    }
});
