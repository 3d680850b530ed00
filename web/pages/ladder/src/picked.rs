//! What a file the teacher picks to import may be, before it is read: a JSON backup or a CSV
//! roster, told by its name, and the most bytes each may have. Below both the state (which
//! refuses a file too large) and the words (which say why), so that neither needs the other.

use qitong_classroom::ladder::{CsvFile, ImportFile};

/// The most bytes a picked file may have: a JSON backup's limit or a CSV file's, by its name.
pub fn import_limit(name: &str) -> usize {
    match name.to_ascii_lowercase().ends_with(".json") {
        true => ImportFile::Json.limit(),
        false => ImportFile::Csv(CsvFile::Roster).limit(),
    }
}
