//! Reads PGN games from tokens: the tag section, then movetext with move numbers, comments, NAGs,
//! variations (kept as a tree) and the result, checking every move against the rules.

use super::lexer::{Lexed, Lexer, Token};
use super::{is_null_move, order_tags, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnResult, PgnVariation, MAX_VARIATION_DEPTH};
use crate::{parse_move_text, Mode, Position};

/// Every game in `text`, or the first error.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    pgn_games(text).collect()
}

/// The games in `text` one by one. After a game with an error, reading goes on with the next
/// game (from the next tag section after that game's moves).
pub fn pgn_games(text: &str) -> PgnGames<'_> {
    PgnGames { lexer: Lexer::new(text), peeked: None, done: false }
}

/// Iterator over the games of a PGN text; see [`pgn_games`].
pub struct PgnGames<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Lexed<'a>>,
    done: bool,
}

/// A line of moves being read: the main line or an open variation.
struct Frame {
    comments: Vec<String>,
    moves: Vec<PgnMove>,
    /// The position after the moves so far.
    pos: Position,
    /// The position before the last move (where a variation of it starts).
    before_last: Position,
}

impl Frame {
    fn new(pos: Position) -> Frame {
        Frame { comments: Vec::new(), moves: Vec::new(), pos, before_last: pos }
    }
}

/// What a game's movetext gives: the comments before the first move, the main line, the result.
type Movetext = (Vec<String>, Vec<PgnMove>, Option<PgnResult>);

/// Glyphs written after a move (`e4!?`) or alone, as NAGs.
fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "+=" | "⩲" => 14,
        "=+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" => 18,
        "-+" => 19,
        _ => return None,
    })
}

/// A move number prefix (`12.`, `12...`, or a bare `12`) split off a word.
fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return word;
    }
    let after_digits = &word[digits..];
    let rest = after_digits.trim_start_matches('.');
    if rest.len() == after_digits.len() && !rest.is_empty() {
        word // digits not followed by dots: `0-0`, `1-0`
    } else {
        rest
    }
}

impl<'a> PgnGames<'a> {
    fn next_lexed(&mut self) -> Option<Result<Lexed<'a>, PgnError>> {
        match self.peeked.take() {
            Some(lexed) => Some(Ok(lexed)),
            None => self.lexer.next_token(),
        }
    }

    /// Skips the rest of a game after an error: up to its result, or the next tag section that
    /// follows some movetext.
    fn recover(&mut self, mut in_movetext: bool) {
        let mut in_tag = false;
        while let Some(next) = self.next_lexed() {
            let Ok(Lexed { token, line }) = next else { continue };
            match token {
                Token::TagOpen if in_movetext => {
                    self.peeked = Some(Lexed { token, line });
                    return;
                }
                Token::TagOpen => in_tag = true,
                Token::TagClose => in_tag = false,
                Token::Str(_) => {}
                Token::Word(_) if in_tag => {}
                Token::Word(w) if w.parse::<PgnResult>().is_ok() => return,
                _ => in_movetext = true,
            }
        }
    }

    /// Reads `[Name "value"]` pairs into `tags`, and the start position a `FEN` tag gives into
    /// `start`.
    fn tag_section(&mut self, tags: &mut Vec<(String, String)>, start: &mut Position) -> Result<(), PgnError> {
        loop {
            match self.next_lexed().transpose()? {
                Some(Lexed { token: Token::TagOpen, line }) => {
                    let (name, value) = self.tag_pair(line)?;
                    match name.as_str() {
                        "FEN" => {
                            *start =
                                Position::from_fen(&value, Mode::Standard).map_err(|error| PgnError { line, kind: PgnErrorKind::Fen { error } })?;
                        }
                        "SetUp" => {}
                        _ => tags.push((name, value)),
                    }
                }
                other => {
                    self.peeked = other;
                    order_tags(tags);
                    return Ok(());
                }
            }
        }
    }

    /// Whether the next token opens a tag pair.
    fn at_tag(&self) -> bool {
        matches!(self.peeked, Some(Lexed { token: Token::TagOpen, .. }))
    }

    /// The rest of a tag pair after `[`.
    fn tag_pair(&mut self, line: usize) -> Result<(String, String), PgnError> {
        let bad = |found: &str| PgnError { line, kind: PgnErrorKind::BadTag { found: found.chars().take(24).collect() } };
        let name = match self.next_lexed().transpose()? {
            Some(Lexed { token: Token::Word(name), .. }) => name.to_string(),
            _ => return Err(bad("[")),
        };
        let value = match self.next_lexed().transpose()? {
            Some(Lexed { token: Token::Str(value), .. }) => value,
            _ => return Err(bad(&format!("[{name}"))),
        };
        match self.next_lexed().transpose()? {
            Some(Lexed { token: Token::TagClose, .. }) => Ok((name, value)),
            _ => Err(bad(&format!("[{name} \"{value}\""))),
        }
    }

    /// Reads one game; `None` when the text has no more tokens. Text that holds nothing of a
    /// game (only move numbers, say) is passed over, since writing it back would give nothing.
    fn game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        loop {
            match self.game_or_nothing()? {
                Ok(game) if game == PgnGame::default() => continue,
                read => return Some(read),
            }
        }
    }

    fn game_or_nothing(&mut self) -> Option<Result<PgnGame, PgnError>> {
        let first = match self.next_lexed()? {
            Ok(lexed) => lexed,
            Err(e) => return Some(Err(e)),
        };
        self.peeked = Some(first);
        let (mut tags, mut start) = (Vec::new(), Position::new());
        loop {
            if let Err(e) = self.tag_section(&mut tags, &mut start) {
                self.recover(false);
                return Some(Err(e));
            }
            match self.movetext(start) {
                // Tags after movetext that kept nothing (a bare move number, a stray NAG) go on
                // with this game's tags: written back, that game could not be told apart from
                // the next one, so it is not read as a game of its own either.
                Ok((comments, moves, None)) if comments.is_empty() && moves.is_empty() && self.at_tag() => {}
                Ok((comments, moves, result)) => return Some(Ok(PgnGame { tags, start, comments, moves, result })),
                Err(e) => {
                    self.recover(true);
                    return Some(Err(e));
                }
            }
        }
    }

    /// Reads moves up to the result, the next game's tags or the end of the text.
    fn movetext(&mut self, start: Position) -> Result<Movetext, PgnError> {
        let mut stack: Vec<Frame> = vec![Frame::new(start)];
        let mut result = None;
        let mut last_line = 1;
        while let Some(next) = self.next_lexed() {
            let Lexed { token, line } = next?;
            last_line = line;
            let depth = stack.len() - 1;
            let Some(frame) = stack.last_mut() else { break };
            match token {
                Token::TagOpen if depth == 0 => {
                    self.peeked = Some(Lexed { token: Token::TagOpen, line });
                    break;
                }
                Token::TagOpen | Token::TagClose | Token::Str(_) => {
                    let found = match token {
                        Token::Str(s) => format!("\"{}\"", s.chars().take(20).collect::<String>()),
                        Token::TagOpen => "[".to_string(),
                        _ => "]".to_string(),
                    };
                    return Err(PgnError { line, kind: PgnErrorKind::Unexpected { found } });
                }
                Token::Comment(text) => match frame.moves.last_mut() {
                    Some(m) => m.comments.push(text),
                    None => frame.comments.push(text),
                },
                Token::Nag(nag) => {
                    if let Some(m) = frame.moves.last_mut() {
                        m.nags.push(nag);
                    }
                }
                Token::VariationOpen => {
                    if frame.moves.is_empty() {
                        return Err(PgnError { line, kind: PgnErrorKind::VariationWithoutMove });
                    }
                    if depth >= MAX_VARIATION_DEPTH {
                        return Err(PgnError { line, kind: PgnErrorKind::TooDeep });
                    }
                    let from = frame.before_last;
                    stack.push(Frame::new(from));
                }
                Token::VariationClose => {
                    if depth == 0 {
                        return Err(PgnError { line, kind: PgnErrorKind::UnmatchedParen });
                    }
                    let Some(closed) = stack.pop() else { break };
                    let variation = PgnVariation { comments: closed.comments, moves: closed.moves };
                    if let Some(m) = stack.last_mut().and_then(|parent| parent.moves.last_mut()) {
                        m.variations.push(variation);
                    }
                }
                Token::Word(word) => {
                    if let Ok(r) = word.parse::<PgnResult>() {
                        if depth == 0 {
                            result = Some(r);
                            break;
                        }
                        continue;
                    }
                    if word == "}" {
                        return Err(PgnError { line, kind: PgnErrorKind::Unexpected { found: word.to_string() } });
                    }
                    // Before the move number is split off: `0000` is a null move, not a number.
                    if is_null_move(word) {
                        read_null_move(frame, line)?;
                        continue;
                    }
                    let word = strip_move_number(word);
                    if is_null_move(word) {
                        read_null_move(frame, line)?;
                        continue;
                    }
                    let dots_only = word.chars().all(|c| c == '.');
                    if dots_only || word.eq_ignore_ascii_case("e.p.") || word.eq_ignore_ascii_case("ep") {
                        continue;
                    }
                    if let Some(nag) = glyph_nag(word) {
                        if let Some(m) = frame.moves.last_mut() {
                            m.nags.push(nag);
                        }
                        continue;
                    }
                    read_move(frame, word, line)?;
                }
            }
        }
        if stack.len() > 1 {
            return Err(PgnError { line: last_line, kind: PgnErrorKind::UnclosedVariation });
        }
        let main = stack.pop().unwrap_or_else(|| Frame::new(start));
        Ok((main.comments, main.moves, result))
    }
}

/// A null move (`--`, `Z0`, `0000`): the side to move passes, unless it is in check.
fn read_null_move(frame: &mut Frame, line: usize) -> Result<(), PgnError> {
    let pos = frame.pos;
    let after = pos.pass().ok_or(PgnError { line, kind: PgnErrorKind::NullMoveInCheck { number: pos.fullmoves(), color: pos.turn() } })?;
    frame.moves.push(PgnMove::null());
    frame.before_last = pos;
    frame.pos = after;
    Ok(())
}

/// Reads a move (with any glyphs attached, `Nf3!?`) and adds it to the line.
fn read_move(frame: &mut Frame, word: &str, line: usize) -> Result<(), PgnError> {
    let glyph_start = word.trim_end_matches(['!', '?']).len();
    let (text, glyph) = word.split_at(glyph_start);
    let pos = frame.pos;
    let (mv, _corrections) = parse_move_text(&pos, text).map_err(|error| PgnError {
        line,
        kind: PgnErrorKind::Move { number: pos.fullmoves(), color: pos.turn(), text: word.chars().take(24).collect(), error },
    })?;
    let mut m = PgnMove::new(&pos, mv);
    m.nags.extend(glyph_nag(glyph));
    frame.moves.push(m);
    frame.before_last = pos;
    frame.pos = pos.play_unchecked(&mv);
    Ok(())
}

impl Iterator for PgnGames<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.done {
            return None;
        }
        let game = self.game();
        if game.is_none() {
            self.done = true;
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_split_off() {
        assert_eq!(strip_move_number("12."), "");
        assert_eq!(strip_move_number("12...Nf3"), "Nf3");
        assert_eq!(strip_move_number("7"), "");
        assert_eq!(strip_move_number("0-0"), "0-0");
        assert_eq!(strip_move_number("e4"), "e4");
    }

    /// Found by the `pgn` fuzz target: a tag section, a bare move number, then more tags read as
    /// two games, the first of them tags only; written back, the two merged into one game.
    #[test]
    fn tags_after_empty_movetext_belong_to_the_same_game() {
        let text = "[Event \"Class\"]\n[Round \"1\"]8\n[White \"小明\"] 1-0\n";
        let games = read_pgn(text).expect("readable");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("Class"));
        assert_eq!(games[0].tag("White"), Some("小明"));
        assert_eq!(games[0].result, Some(PgnResult::WhiteWins));
        let written = super::super::write_pgn(&games);
        assert_eq!(read_pgn(&written), Ok(games));
        // A NAG before any move keeps nothing either; a move does start the movetext.
        assert_eq!(read_pgn("[A \"1\"] $3 [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"] *").map(|g| g.len()), Ok(1));
        assert_eq!(read_pgn("[A \"1\"] 1. e4 [B \"2\"] *").map(|g| g.len()), Ok(2));
    }

    #[test]
    fn glyphs_are_nags() {
        assert_eq!(["!", "?", "!!", "??", "!?", "?!"].map(glyph_nag), [1, 2, 3, 4, 5, 6].map(Some));
        assert_eq!(glyph_nag("+-"), Some(18));
        assert_eq!(glyph_nag("!!!"), None);
    }
}
