//! Writes PGN export format: the tags (Seven Tag Roster first, `SetUp`/`FEN` for a non-standard
//! start), a blank line, then the movetext wrapped at 80 columns with move numbers, NAGs as `$n`,
//! comments and variations, and the result.

use super::{order_tags, PgnGame, PgnMove, PgnVariation, SEVEN_TAG_ROSTER};
use crate::{Color, Position};

/// PGN lines are at most this long (a longer single token gets a line of its own).
const WIDTH: usize = 80;

/// Several games, separated by blank lines.
pub fn write_pgn(games: &[PgnGame]) -> String {
    games.iter().map(game_text).collect::<Vec<_>>().join("\n")
}

/// Builds wrapped movetext.
struct Wrapper {
    out: String,
    line_len: usize,
    /// Put the next word right after the previous one (after `(`).
    glue: bool,
}

impl Wrapper {
    fn word(&mut self, word: &str) {
        let len = word.chars().count();
        if self.line_len > 0 && self.line_len + 1 + len > WIDTH {
            self.out.push('\n');
            self.line_len = 0;
        } else if self.line_len > 0 && !self.glue {
            self.out.push(' ');
            self.line_len += 1;
        }
        self.glue = false;
        self.out.push_str(word);
        self.line_len += len;
    }

    /// A word written without a space before it (a closing parenthesis).
    fn glued(&mut self, word: &str) {
        self.glue = true;
        self.word(word);
    }

    fn end_line(&mut self) {
        if self.line_len > 0 {
            self.out.push('\n');
            self.line_len = 0;
        }
        self.glue = false;
    }

    /// `{...}` split into words so it can wrap; a comment containing `}` becomes a `;` comment,
    /// which runs to the end of its line.
    fn comment(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.iter().any(|w| w.contains('}')) {
            self.word(&format!(";{}", words.join(" ")));
            self.end_line();
            return;
        }
        match words.as_slice() {
            [] => self.word("{}"),
            [only] => self.word(&format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.word(&format!("{{{first}"));
                for w in middle {
                    self.word(w);
                }
                self.word(&format!("{last}}}"));
            }
        }
    }

    /// A line of moves starting with move `number`, `turn` to move.
    fn line(&mut self, mut number: u32, mut turn: Color, comments: &[String], moves: &[PgnMove]) {
        for c in comments {
            self.comment(c);
        }
        let mut needs_number = true;
        for m in moves {
            if turn.is_white() {
                self.word(&format!("{number}."));
            } else if needs_number {
                self.word(&format!("{number}..."));
            }
            self.word(&m.san);
            needs_number = false;
            for nag in &m.nags {
                self.word(&format!("${nag}"));
            }
            for c in &m.comments {
                self.comment(c);
                needs_number = true;
            }
            for PgnVariation { comments, moves } in &m.variations {
                self.word("(");
                self.glue = true;
                self.line(number, turn, comments, moves);
                self.glued(")");
                needs_number = true;
            }
            if !turn.is_white() {
                number = number.saturating_add(1);
            }
            turn = !turn;
        }
    }
}

/// `[Name "value"]` with `\` and `"` escaped; line breaks in a value become spaces.
fn tag_line(out: &mut String, name: &str, value: &str) {
    let mut escaped = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                escaped.push('\\');
                escaped.push(c);
            }
            '\n' | '\r' => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// One game in export format, ending with a newline.
pub(super) fn game_text(game: &PgnGame) -> String {
    let mut out = String::new();
    let mut tags = game.tags.clone();
    order_tags(&mut tags);
    let roster_len = tags.iter().take_while(|(name, _)| SEVEN_TAG_ROSTER.contains(&name.as_str())).count();
    let (roster, others) = tags.split_at(roster_len);
    for (name, value) in roster {
        tag_line(&mut out, name, value);
    }
    if game.start != Position::new() {
        tag_line(&mut out, "SetUp", "1");
        tag_line(&mut out, "FEN", &game.start.fen());
    }
    for (name, value) in others {
        tag_line(&mut out, name, value);
    }
    let mut movetext = Wrapper { out: String::new(), line_len: 0, glue: false };
    movetext.line(game.start.fullmoves(), game.start.turn(), &game.comments, &game.moves);
    if let Some(result) = game.result {
        movetext.word(result.as_str());
    }
    movetext.end_line();
    if !out.is_empty() && !movetext.out.is_empty() {
        out.push('\n');
    }
    out.push_str(&movetext.out);
    out
}
