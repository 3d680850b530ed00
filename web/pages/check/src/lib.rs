//! The "Check my lesson" page (teacher): its state, words and problem list's render (plain Rust) and its view (the
//! teacher module only), which brings `www/check.html`'s markup to life.

pub mod render;
pub mod report;
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;
#[cfg(target_arch = "wasm32")]
pub mod worker;

/// The elements of `www/check.html` that the view keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    LangSwitch,
    StorageNote,
    DropZone,
    FileInput,
    FileName,
    Text,
    Summary,
    Problems,
    Preview,
    CheckButton,
    /// The note that a long file was read and checked but not put into the text box.
    Held,
    HeldText,
    OpenHeld,
    /// The button that asks `www/check-worker.js` again after it failed.
    Retry,
    /// The preview's offer, after a long text was checked off the page's thread, and its button.
    Offer,
    ShowPreview,
}

impl Part {
    /// Every part, in declaration order (the view keeps them in a list by `part as usize`).
    pub const ALL: [Part; 16] = [
        Part::LangSwitch,
        Part::StorageNote,
        Part::DropZone,
        Part::FileInput,
        Part::FileName,
        Part::Text,
        Part::Summary,
        Part::Problems,
        Part::Preview,
        Part::CheckButton,
        Part::Held,
        Part::HeldText,
        Part::OpenHeld,
        Part::Retry,
        Part::Offer,
        Part::ShowPreview,
    ];

    /// Its selector in the page.
    pub fn selector(self) -> &'static str {
        match self {
            Part::LangSwitch => "#lang-switch",
            Part::StorageNote => "#storage-note",
            Part::DropZone => "#drop-zone",
            Part::FileInput => "#file-input",
            Part::FileName => "#file-name",
            Part::Text => "#lesson-text",
            Part::Summary => "#summary",
            Part::Problems => "#problems",
            Part::Preview => "#preview",
            Part::CheckButton => "#check-button",
            Part::Held => "#held",
            Part::HeldText => "#held-text",
            Part::OpenHeld => "#open-held",
            Part::Retry => "#check-retry",
            Part::Offer => "#preview-offer",
            Part::ShowPreview => "#show-preview",
        }
    }
}

#[cfg(test)]
mod tests {
    /// The view finds its parts in the page, with the element types it takes them for.
    #[test]
    fn the_page_has_the_views_parts() {
        let html = include_str!("../../../../www/check.html");
        let tag_of = |id: &str| {
            let at = html.find(&format!("id=\"{id}\""))?;
            let start = html[..at].rfind('<')?;
            html[start + 1..].split([' ', '>']).next()
        };
        for (i, part) in super::Part::ALL.into_iter().enumerate() {
            assert_eq!(part as usize, i, "{part:?} is in its place");
            let id = part.selector().trim_start_matches('#');
            assert_eq!(html.matches(&format!("id=\"{id}\"")).count(), 1, "{part:?}");
            let expected = match id {
                "file-input" | "file-name" => "input",
                "lesson-text" => "textarea",
                _ => continue,
            };
            assert_eq!(tag_of(id), Some(expected), "{part:?}");
        }
    }
}
