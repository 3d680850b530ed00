//! The board's class-play actions beyond moving: draw offers with their protocol (SPEC §7),
//! resignation, draw claims, a flag that fell on a `<chess-clock>` beside the board, and the
//! score sheet. Each returns the explanation of a refusal in the board's language, or how the
//! game ended.

use crate::state::{BoardState, Explanation, GameOver};
use qitong_classroom::class_game::Refusal;
use qitong_classroom::score_sheet::{rows, SheetRow};
use qitong_rules::{Color, Outcome, SanFormat};

/// The draw-offer state the page shows: the offer on the table, and who may not offer now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferState {
    pub pending: Option<Color>,
    pub barred: [bool; 2],
}

impl BoardState {
    fn refusal(&self, refusal: &Refusal) -> Explanation {
        self.refusal_explanation(refusal)
    }

    /// The game ended off the board (agreement, resignation, claim, flag): say so.
    fn concluded(&mut self, outcome: Outcome, named: Option<Color>) -> GameOver {
        let over = self.game_over_report(outcome, named);
        self.reset_view();
        self.announce(over.message.clone());
        over
    }

    /// The side that has just moved offers a draw, before pressing the clock (SPEC §7: move,
    /// offer, press). Before a move it is the side to move's, and refused: move first.
    pub fn offer_draw(&mut self) -> Result<(), Explanation> {
        let by = self.game.awaiting_press().unwrap_or_else(|| self.position().turn());
        self.game.offer_draw(by).map_err(|r| self.refusal(&r))?;
        self.announce(self.offer_text(OfferNews::Offered, by));
        Ok(())
    }

    /// The side to move answers the opponent's offer: accepted, the game is drawn.
    pub fn answer_draw(&mut self, accept: bool, now_ms: u64) -> Result<Option<GameOver>, Explanation> {
        let by = self.position().turn();
        if accept {
            let outcome = self.game.accept_draw(by, now_ms).map_err(|r| self.refusal(&r))?;
            Ok(Some(self.concluded(outcome, None)))
        } else {
            self.game.decline_draw(by).map_err(|r| self.refusal(&r))?;
            self.announce(self.offer_text(OfferNews::Declined, by));
            Ok(None)
        }
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color, now_ms: u64) -> Result<GameOver, Explanation> {
        let outcome = self.game.resign(side, now_ms).map_err(|r| self.refusal(&r))?;
        Ok(self.concluded(outcome, Some(!side)))
    }

    /// `by` presses the clock after its move: offering with it is over; the opponent's turn.
    pub fn press_clock(&mut self, by: Color, now_ms: u64) -> Result<(), Explanation> {
        self.game.press_clock(by, now_ms).map_err(|r| self.refusal(&r))
    }

    /// The side that has moved and not pressed the clock yet.
    pub fn awaiting_press(&self) -> Option<Color> {
        self.game.awaiting_press()
    }

    /// `by` claims a repetition or fifty-move draw (when the rules make them claimable), on
    /// its own turn only.
    pub fn claim_draw(&mut self, by: Color, now_ms: u64) -> Result<GameOver, Explanation> {
        let outcome = self.game.claim_draw(by, now_ms).map_err(|r| self.refusal(&r))?;
        Ok(self.concluded(outcome, None))
    }

    /// `side`'s flag fell on the clock beside the board.
    pub fn flag_fall(&mut self, side: Color, now_ms: u64) -> Result<GameOver, Explanation> {
        let outcome = self.game.flag_fall(side, now_ms).map_err(|r| self.refusal(&r))?;
        Ok(self.concluded(outcome, Some(!side)))
    }

    pub fn offers(&self) -> OfferState {
        let offers = self.game.draw_offers();
        OfferState { pending: offers.pending(), barred: [offers.is_barred(Color::White), offers.is_barred(Color::Black)] }
    }

    /// The score sheet rows, draw offers marked "(=)".
    pub fn score_sheet(&self, format: SanFormat) -> Vec<SheetRow> {
        rows(self.game.game(), format, self.game.offered_with())
    }

    fn offer_text(&self, news: OfferNews, by: Color) -> String {
        let lang = self.config.lang;
        let side = qitong_words::side_name(by, lang);
        let (zh, en) = match news {
            OfferNews::Offered => ("{side}提和了（交叉食指）。现在按钟。", "{side} offers a draw (index fingers crossed). Now press the clock."),
            OfferNews::Declined => ("{side}不同意和棋，比赛继续。", "{side} declines the draw. Play on."),
        };
        qitong_words::fill(lang.pick(zh, en), &[("side", side)])
    }
}

/// What the board announces of a draw offer.
#[derive(Debug, Clone, Copy)]
enum OfferNews {
    /// `by` offered a draw.
    Offered,
    /// `by` declined the partner's offer.
    Declined,
}

/// The notation of a score sheet by name: `san`, `figurine` or `chinese`.
pub fn sheet_format(name: &str) -> Option<SanFormat> {
    match name.trim().to_ascii_lowercase().as_str() {
        "san" | "" => Some(SanFormat::STANDARD),
        "figurine" | "figurines" => Some(SanFormat::FIGURINES),
        "chinese" | "zh" => Some(SanFormat::CHINESE),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn class_board() -> BoardState {
        let mut state = BoardState::new(Config { class_play: true, lang: qitong_view::lang::Lang::En, ..Config::default() });
        state.set_position(None).expect("start");
        state
    }

    fn play(state: &mut BoardState, text: &str) {
        state.play_text(text).expect(text);
    }

    #[test]
    fn a_draw_is_offered_after_the_move_before_the_press() {
        let mut s = class_board();
        assert_eq!(s.offer_draw().expect_err("before the move").code, "draw-offer-move-first");
        play(&mut s, "e4");
        s.offer_draw().expect("white offers after its move");
        assert!(s.status().0.contains("press the clock"), "{}", s.status().0);
        s.press_clock(Color::White, 0).expect("white presses");
        assert_eq!(s.awaiting_press(), None);
        assert_eq!(s.offers().pending, Some(Color::White));
        assert_eq!(s.answer_draw(false, 0), Ok(None));
        play(&mut s, "e5");
        s.press_clock(Color::Black, 0).expect("black presses");
        play(&mut s, "Nf3");
        let refused = s.offer_draw().expect_err("repeated offer");
        assert_eq!(refused.code, "draw-offer-declined-before");
        assert!(refused.message.contains("declined"));
        assert_eq!(s.offers().barred, [true, false]);
        let sheet = s.score_sheet(SanFormat::STANDARD);
        assert_eq!(sheet[0].white.as_deref(), Some("e4 (=)"));
    }

    #[test]
    fn an_accepted_offer_draws_and_ends_the_game() {
        let mut s = class_board();
        play(&mut s, "e4");
        play(&mut s, "e5");
        s.offer_draw().expect("black offers after e5");
        s.press_clock(Color::Black, 0).expect("press");
        let over = s.answer_draw(true, 0).expect("accepted").expect("over");
        assert_eq!((over.result, over.reason), ("1/2-1/2", "agreement"));
        assert_eq!(s.offer_draw().expect_err("over").code, "game-over");
    }

    #[test]
    fn resignation_flag_and_claims() {
        let mut s = class_board();
        assert_eq!(s.claim_draw(Color::White, 0).expect_err("nothing").code, "no-draw-to-claim");
        assert_eq!(s.claim_draw(Color::Black, 0).expect_err("not black's turn").code, "draw-claim-not-your-turn");
        let over = s.resign(Color::White, 0).expect("resign");
        assert_eq!((over.result, over.winner), ("0-1", Some(Color::Black)));
        assert!(s.flag_fall(Color::Black, 0).is_err());

        let mut t = class_board();
        t.set_position(Some("4k3/8/8/8/8/8/8/4K2Q b - - 0 1")).expect("fen");
        let over = t.flag_fall(Color::Black, 0).expect("flag");
        assert_eq!((over.result, over.winner), ("1-0", Some(Color::White)));
        let mut u = class_board();
        u.set_position(Some("4k3/8/8/8/8/8/8/4K2Q w - - 0 1")).expect("fen");
        let over = u.flag_fall(Color::White, 0).expect("flag");
        assert_eq!((over.result, over.reason), ("1/2-1/2", "timeout-vs-insufficient-material"));
    }

    #[test]
    fn sheet_formats_by_name() {
        assert_eq!(sheet_format("figurine"), Some(SanFormat::FIGURINES));
        assert_eq!(sheet_format("Chinese"), Some(SanFormat::CHINESE));
        assert_eq!(sheet_format("klingon"), None);
    }
}
