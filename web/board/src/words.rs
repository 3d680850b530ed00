//! The `<chess-board>`'s own zh-CN / English texts: square and piece labels, the move, selection
//! and turn announcements, the toolbar, the promotion chooser and the typed-move errors.
//!
//! The explanations of refused moves and the game endings are `qitong_words::describe`'s (keyed by
//! the core's types); this table holds only what the board itself says around them, in the same
//! manner: a template per code with `{name}` placeholders filled by `words::fill`.

use qitong_rules::{Bitboard, CastlingSide, Color, Piece, Role, Square};
use qitong_view::texts::texts;
use qitong_words::{fill, role_name, side_name, Lang};

texts! {
    /// The board's own texts: templates with `{name}` placeholders, filled by [`say`]. The key
    /// is the code a refusal's `explanation.code` carries (`move-text-unreadable` ...).
    pub enum BoardText {
        Board = "board" => ("国际象棋棋盘", "Chess board"),
        Empty = "empty" => ("空格", "empty"),
        Selected = "selected" => ("已选中", "selected"),
        CanMoveHere = "can-move-here" => ("可以走到这里", "can move here"),
        CanCapture = "can-capture" => ("可以吃掉", "can capture"),
        LastMove = "last-move" => ("上一步", "last move"),
        InCheck = "in-check" => ("被将军", "in check"),
        Marked = "marked" => ("请看这里", "look here"),
        Attacked = "attacked" => ("被攻击", "attacked"),
        Touched = "touched" => ("摸过了", "touched"),
        Star = "star" => ("星星", "star"),
        Found = "found" => ("找到了", "found"),
        Lit = "lit" => ("请注意", "highlighted"),
        Painted = "painted" => ("涂好了", "painted"),
        Outside = "outside" => ("范围外", "outside the area"),
        ToMove = "to-move" => ("轮到{side}走。", "{side} to move."),
        Moved = "moved" => ("{side}{piece}从 {from} 走到 {to}", "{side} {piece} from {from} to {to}"),
        Captured = "captured" => ("{side}{piece}从 {from} 吃掉 {to} 的{captured}", "{side} {piece} from {from} takes the {captured} on {to}"),
        EnPassant = "en-passant" => ("，吃过路兵", ", en passant"),
        CastledKingSide = "castled-king-side" => ("{side}王车易位（短易位）", "{side} castles king side"),
        CastledQueenSide = "castled-queen-side" => ("{side}王车易位（长易位）", "{side} castles queen side"),
        Promoted = "promoted" => ("，兵升变为{piece}", ", and the pawn becomes a {piece}"),
        Check = "check" => ("将军！", "Check!"),
        Refused = "refused" => ("这一步不行。", "That move is not allowed."),
        PickedUp = "picked-up" => ("拿起 {square} 的{piece}。可以走到：{dests}。", "Picked up the {piece} on {square}. It can go to {dests}."),
        PickedUpStuck = "picked-up-stuck" => ("拿起 {square} 的{piece}。它现在没有路可走。", "Picked up the {piece} on {square}. It has no move right now."),
        PutDown = "put-down" => ("放下了。", "Put down."),
        Promotion = "promotion" => ("兵升变：选一个棋子", "Promotion: choose a piece"),
        PromotionCancelled = "promotion-cancelled" => ("没有升变，兵回到原来的格子。", "No promotion: the pawn goes back."),
        MoveBox = "move-box" => ("输入走法（例如 e4、Nf3、e2e4）", "Type a move (like e4, Nf3 or e2e4)"),
        MoveBoxPlaceholder = "move-box-placeholder" => ("走法：e4、Nf3", "move: e4, Nf3"),
        Play = "play" => ("走", "Play"),
        Pen = "pen" => ("画笔：画箭头和圆圈", "Pen: draw arrows and circles"),
        Clear = "clear" => ("清除箭头和圆圈", "Clear arrows and circles"),
        Flip = "flip" => ("翻转棋盘", "Flip the board"),
        Adjust = "adjust" => ("摆正棋子（我摆正）", "Adjust a piece (I adjust)"),
        AdjustPick = "adjust-pick" => ("先说“我摆正”，再点你要摆正的棋子。", "Say \"I adjust\", then tap the piece to adjust."),
        Adjusted = "adjusted" => ("我摆正：{square} 的棋子摆好了，不用走它。", "I adjust: the piece on {square} is straight again, no need to move it."),
        Fouls = "fouls" => ("送王犯规：白方 {white}，黑方 {black}（满 {limit} 次判负）", "Fouls: White {white}, Black {black} (at {limit} the game is lost)"),
        Close = "close" => ("知道了", "Got it"),
        TookBack = "took-back" => ("悔棋：收回了 {san}。", "Took back {san}."),
        NewPosition = "new-position" => ("新的局面。", "A new position."),
        ComputerThinking = "computer-thinking" => ("电脑在想……", "The computer is thinking..."),
        // The computer opponent's failures are its extension's words (`crate::opponent`).
        Turned = "turned" => ("棋盘转过来了：{side}在下面。", "The board turned: {side} is at the bottom."),
        GameOverShort = "game-over-short" => ("这盘棋结束了：{result}", "The game is over: {result}"),
        MoveTextUnreadable = "move-text-unreadable" => ("看不懂“{text}”。试试这样写：e4、Nf3、O-O 或 e2e4。", "I can't read \"{text}\". Try e4, Nf3, O-O or e2e4."),
        MoveTextAmbiguous = "move-text-ambiguous" => (
            "好几个棋子都能走到那里（{squares}），请写清楚是哪一个，例如 Nbd2。",
            "Several pieces can go there ({squares}). Say which one, like Nbd2.",
        ),
        MoveTextNoPiece = "move-text-no-piece" => ("没有这样的棋子能走到 {to}。", "No such piece can go to {to}."),
        MoveTextCorrected = "move-text-corrected" => ("（按 {san} 走了）", "(played as {san})"),
    }
}

/// The board's `text` with its values filled in.
pub fn say(text: BoardText, args: &[(&str, &str)], lang: Lang) -> String {
    fill(text.text(lang), args)
}

/// A piece as a child names it: 白兵 / 黑马, "white pawn" / "black knight".
pub fn piece_name(piece: Piece, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{}{}", if piece.color == Color::White { "白" } else { "黑" }, piece.role.zh_name()),
        Lang::En => format!("{} {}", piece.color.name(), piece.role.name()),
    }
}

/// Squares as a list: `e3、e4` / `e3, e4`.
pub fn square_list(squares: Bitboard, lang: Lang) -> String {
    let names: Vec<String> = squares.map(|sq| sq.to_string()).collect();
    names.join(lang.pick("、", ", "))
}

/// What happened in a move, for the spoken/visible announcement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveFacts {
    pub mover: Color,
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub captured: Option<Role>,
    pub en_passant: bool,
    pub castle: Option<CastlingSide>,
    pub promotion: Option<Role>,
    pub check: bool,
}

/// The announcement of a move: "白方马从 g1 走到 f3", "White bishop from b5 takes the knight
/// on c6. Check!".
pub fn move_sentence(facts: &MoveFacts, lang: Lang) -> String {
    let side = side_name(facts.mover, lang);
    let (from, to) = (facts.from.to_string(), facts.to.to_string());
    let mut text = match (facts.castle, facts.captured) {
        (Some(CastlingSide::KingSide), _) => say(BoardText::CastledKingSide, &[("side", side)], lang),
        (Some(CastlingSide::QueenSide), _) => say(BoardText::CastledQueenSide, &[("side", side)], lang),
        (None, Some(captured)) => say(
            BoardText::Captured,
            &[("side", side), ("piece", role_name(facts.role, lang)), ("from", &from), ("to", &to), ("captured", role_name(captured, lang))],
            lang,
        ),
        (None, None) => say(BoardText::Moved, &[("side", side), ("piece", role_name(facts.role, lang)), ("from", &from), ("to", &to)], lang),
    };
    if facts.en_passant {
        text.push_str(&say(BoardText::EnPassant, &[], lang));
    }
    if let Some(role) = facts.promotion {
        text.push_str(&say(BoardText::Promoted, &[("piece", role_name(role, lang))], lang));
    }
    text.push_str(lang.pick("。", "."));
    if facts.check {
        text.push_str(lang.pick("", " "));
        text.push_str(&say(BoardText::Check, &[], lang));
    }
    text
}

/// The announcement when a piece is picked up, naming where it can go.
pub fn pick_up_sentence(square: Square, piece: Piece, dests: Bitboard, lang: Lang) -> String {
    let sq = square.to_string();
    let name = role_name(piece.role, lang);
    if dests.is_empty() {
        say(BoardText::PickedUpStuck, &[("square", &sq), ("piece", name)], lang)
    } else {
        say(BoardText::PickedUp, &[("square", &sq), ("piece", name), ("dests", &square_list(dests, lang))], lang)
    }
}

/// The fouls line of class play.
pub fn fouls_line(white: u8, black: u8, limit: Option<u8>, lang: Lang) -> String {
    let limit = limit.map_or_else(|| "-".to_string(), |l| l.to_string());
    say(BoardText::Fouls, &[("white", &white.to_string()), ("black", &black.to_string()), ("limit", &limit)], lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_has_both_languages_with_the_same_placeholders() {
        qitong_view::texts::assert_complete(BoardText::ALL, BoardText::text);
        for &text in BoardText::ALL {
            let (zh, en) = (text.text(Lang::Zh), text.text(Lang::En));
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) || text == BoardText::MoveBoxPlaceholder, "{text:?}");
            assert!(en.is_ascii(), "{text:?}: {en}");
        }
        assert_eq!(BoardText::from_key("move-text-unreadable"), Some(BoardText::MoveTextUnreadable));
        assert_eq!(say(BoardText::ToMove, &[("side", "White")], Lang::En), "White to move.");
    }

    #[test]
    fn pieces_are_named_as_children_say_them() {
        assert_eq!(piece_name(Role::Knight.of(Color::Black), Lang::Zh), "黑马");
        assert_eq!(piece_name(Role::Pawn.of(Color::White), Lang::En), "white pawn");
    }

    fn facts(role: Role, from: Square, to: Square) -> MoveFacts {
        MoveFacts { mover: Color::White, role, from, to, captured: None, en_passant: false, castle: None, promotion: None, check: false }
    }

    #[test]
    fn moves_are_announced_in_both_languages() {
        let quiet = facts(Role::Knight, Square::G1, Square::F3);
        assert_eq!(move_sentence(&quiet, Lang::Zh), "白方马从 g1 走到 f3。");
        assert_eq!(move_sentence(&quiet, Lang::En), "White knight from g1 to f3.");
        let capture = MoveFacts { captured: Some(Role::Knight), check: true, ..facts(Role::Bishop, Square::B5, Square::C6) };
        assert_eq!(move_sentence(&capture, Lang::En), "White bishop from b5 takes the knight on c6. Check!");
        assert_eq!(move_sentence(&capture, Lang::Zh), "白方象从 b5 吃掉 c6 的马。将军！");
        let castle = MoveFacts { castle: Some(CastlingSide::QueenSide), ..facts(Role::King, Square::E1, Square::C1) };
        assert_eq!(move_sentence(&castle, Lang::Zh), "白方王车易位（长易位）。");
        let ep = MoveFacts { captured: Some(Role::Pawn), en_passant: true, ..facts(Role::Pawn, Square::E5, Square::D6) };
        assert_eq!(move_sentence(&ep, Lang::En), "White pawn from e5 takes the pawn on d6, en passant.");
        let promo = MoveFacts { promotion: Some(Role::Knight), ..facts(Role::Pawn, Square::A7, Square::A8) };
        assert_eq!(move_sentence(&promo, Lang::En), "White pawn from a7 to a8, and the pawn becomes a knight.");
    }

    #[test]
    fn picking_up_names_the_destinations() {
        let pawn = Role::Pawn.of(Color::White);
        let dests = Bitboard::from_square(Square::E3).with(Square::E4);
        assert_eq!(pick_up_sentence(Square::E2, pawn, dests, Lang::Zh), "拿起 e2 的兵。可以走到：e3、e4。");
        assert_eq!(pick_up_sentence(Square::E2, pawn, Bitboard::EMPTY, Lang::En), "Picked up the pawn on e2. It has no move right now.");
        assert_eq!(fouls_line(1, 0, Some(3), Lang::En), "Fouls: White 1, Black 0 (at 3 the game is lost)");
    }
}
