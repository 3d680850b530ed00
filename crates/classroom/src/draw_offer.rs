//! The draw-offer protocol of the handout (提和, SPEC §7), as a small state machine.
//!
//! - An offer is made only on your own time, in this order: make your move, offer, press the
//!   clock (so between your move and your press); the hand signal is the two index fingers
//!   crossed (rule 18).
//! - An offer cannot be withdrawn. The opponent, in their own time, accepts (says so) or
//!   declines (says so, or simply moves).
//! - After your offer is declined you may not offer again until the opponent has made an offer
//!   that you declined ("任何人都不能连续提和").

use core::fmt;
use qitong_rules::Color;

/// Who has an offer on the table, and who may not offer for now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DrawOffers {
    pending: Option<Color>,
    barred: [bool; 2],
    /// The side that has made its move and not yet pressed the clock: it may still offer.
    moved: Option<Color>,
}

/// Why an offer, an answer or a withdrawal was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawOfferError {
    /// Offers are made only on your own time: after your move, before you press the clock.
    NotYourTurn,
    /// It is your turn, but the offer comes after your move: move first.
    MoveFirst,
    /// Your last offer was declined; you must wait for the opponent to offer and for you to decline.
    OfferedBefore,
    /// You already have an offer on the table.
    AlreadyOffered,
    /// Your opponent's offer is waiting for your answer: accept it or decline it first.
    AnswerPendingOffer,
    /// There is no offer from the opponent to answer.
    NoOffer,
    /// An offer is answered in your own time, once the offerer has pressed the clock.
    WaitForYourTurn,
    /// An offer cannot be taken back.
    CannotWithdraw,
}

impl DrawOfferError {
    /// A stable machine-readable code, for the JS API (the UI's kid wording is keyed by the error).
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(self) -> &'static str {
        match self {
            DrawOfferError::NotYourTurn => "draw-offer-not-your-turn",
            DrawOfferError::MoveFirst => "draw-offer-move-first",
            DrawOfferError::OfferedBefore => "draw-offer-declined-before",
            DrawOfferError::AlreadyOffered => "draw-offer-already-made",
            DrawOfferError::AnswerPendingOffer => "draw-offer-answer-first",
            DrawOfferError::NoOffer => "draw-offer-none",
            DrawOfferError::WaitForYourTurn => "draw-offer-wait-your-turn",
            DrawOfferError::CannotWithdraw => "draw-offer-cannot-withdraw",
        }
    }
}

impl fmt::Display for DrawOfferError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawOfferError::NotYourTurn => "you may offer a draw only on your own time: after your move, before you press the clock",
            DrawOfferError::MoveFirst => "make your move first, then offer the draw, then press the clock",
            DrawOfferError::OfferedBefore => {
                "your last draw offer was declined: you may offer again only after your opponent has offered and you declined"
            }
            DrawOfferError::AlreadyOffered => "you have already offered a draw",
            DrawOfferError::AnswerPendingOffer => "your opponent offered a draw: accept it or decline it first",
            DrawOfferError::NoOffer => "there is no draw offer from your opponent",
            DrawOfferError::WaitForYourTurn => "answer the draw offer on your own turn, once your opponent has pressed the clock",
            DrawOfferError::CannotWithdraw => "a draw offer cannot be taken back",
        })
    }
}

impl std::error::Error for DrawOfferError {}

impl DrawOffers {
    pub fn new() -> DrawOffers {
        DrawOffers::default()
    }

    /// The side whose offer waits for an answer.
    pub fn pending(&self) -> Option<Color> {
        self.pending
    }

    /// May `color` not offer at the moment because its last offer was declined?
    pub fn is_barred(&self, color: Color) -> bool {
        self.barred[color.index()]
    }

    /// The side that has moved and not yet pressed the clock.
    pub fn moved(&self) -> Option<Color> {
        self.moved
    }

    /// Would an offer by `by` be accepted now (with `to_move` to move on the board)?
    pub fn check_offer(&self, by: Color, to_move: Color) -> Result<(), DrawOfferError> {
        if self.moved != Some(by) {
            return Err(if by == to_move && self.moved.is_none() { DrawOfferError::MoveFirst } else { DrawOfferError::NotYourTurn });
        }
        match self.pending {
            Some(c) if c == by => return Err(DrawOfferError::AlreadyOffered),
            Some(_) => return Err(DrawOfferError::AnswerPendingOffer),
            None => {}
        }
        if self.is_barred(by) {
            return Err(DrawOfferError::OfferedBefore);
        }
        Ok(())
    }

    /// `by` offers a draw after its move, before pressing the clock.
    pub fn offer(&mut self, by: Color, to_move: Color) -> Result<(), DrawOfferError> {
        self.check_offer(by, to_move)?;
        self.pending = Some(by);
        Ok(())
    }

    fn check_answer(&self, by: Color, to_move: Color) -> Result<(), DrawOfferError> {
        if self.pending != Some(!by) {
            return Err(DrawOfferError::NoOffer);
        }
        if by != to_move || self.moved == Some(!by) {
            return Err(DrawOfferError::WaitForYourTurn);
        }
        Ok(())
    }

    /// `by` accepts the opponent's offer: the game is drawn by agreement.
    pub fn accept(&mut self, by: Color, to_move: Color) -> Result<(), DrawOfferError> {
        self.check_answer(by, to_move)?;
        self.pending = None;
        Ok(())
    }

    /// `by` declines the opponent's offer: the offerer is barred, and `by`'s own bar (if any)
    /// is lifted, since `by` has now declined an offer of the opponent's.
    pub fn decline(&mut self, by: Color, to_move: Color) -> Result<(), DrawOfferError> {
        self.check_answer(by, to_move)?;
        self.pending = None;
        self.barred[(!by).index()] = true;
        self.barred[by.index()] = false;
        Ok(())
    }

    /// Offers are never withdrawn; this always refuses, so the board can explain why.
    pub fn withdraw(&self, by: Color) -> Result<(), DrawOfferError> {
        match self.pending {
            Some(c) if c == by => Err(DrawOfferError::CannotWithdraw),
            _ => Err(DrawOfferError::NoOffer),
        }
    }

    /// `mover` has made a move: it may offer until it presses the clock. Moving instead of
    /// answering declines the opponent's offer.
    pub fn on_move(&mut self, mover: Color) {
        if self.pending == Some(!mover) {
            self.pending = None;
            self.barred[(!mover).index()] = true;
            self.barred[mover.index()] = false;
        }
        self.moved = Some(mover);
    }

    /// `by` pressed the clock after its move: no more offering with this move; the opponent
    /// may answer now.
    pub fn on_press(&mut self, by: Color) {
        if self.moved == Some(by) {
            self.moved = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    /// `by` moves (on its turn), optionally offers, then presses the clock.
    fn turn(d: &mut DrawOffers, by: Color, offer: bool) {
        d.on_move(by);
        if offer {
            d.offer(by, !by).expect("offer after the move");
        }
        d.on_press(by);
    }

    #[test]
    fn move_then_offer_then_press() {
        let mut d = DrawOffers::new();
        assert_eq!(d.offer(White, White), Err(DrawOfferError::MoveFirst), "the offer comes after the move");
        assert_eq!(d.offer(Black, White), Err(DrawOfferError::NotYourTurn));
        d.on_move(White);
        assert_eq!(d.offer(Black, Black), Err(DrawOfferError::NotYourTurn), "White has not pressed yet");
        d.offer(White, Black).expect("white offers after moving, before pressing");
        assert_eq!(d.pending(), Some(White));
        assert_eq!(d.offer(White, Black), Err(DrawOfferError::AlreadyOffered));
        d.on_press(White);
        assert_eq!(d.offer(White, Black), Err(DrawOfferError::NotYourTurn), "after the press it is too late");
    }

    #[test]
    fn offer_cannot_be_withdrawn() {
        let mut d = DrawOffers::new();
        assert_eq!(d.withdraw(White), Err(DrawOfferError::NoOffer));
        d.on_move(White);
        d.offer(White, Black).expect("offer");
        assert_eq!(d.withdraw(White), Err(DrawOfferError::CannotWithdraw));
        assert_eq!(d.pending(), Some(White));
    }

    #[test]
    fn the_answer_comes_in_the_answerers_own_time() {
        let mut d = DrawOffers::new();
        d.on_move(White);
        d.offer(White, Black).expect("offer");
        assert_eq!(d.accept(Black, Black), Err(DrawOfferError::WaitForYourTurn), "White has not pressed yet");
        d.on_press(White);
        assert_eq!(d.accept(White, Black), Err(DrawOfferError::NoOffer));
        d.accept(Black, Black).expect("black accepts");
        assert_eq!(d.pending(), None);
    }

    #[test]
    fn declined_offer_bars_repeating_until_the_opponent_offers_and_is_declined() {
        let mut d = DrawOffers::new();
        turn(&mut d, White, true);
        d.decline(Black, Black).expect("declined");
        turn(&mut d, Black, false);
        d.on_move(White);
        assert_eq!(d.offer(White, Black), Err(DrawOfferError::OfferedBefore));
        d.on_press(White);
        // Black offers; White declines by simply moving: White's bar is lifted, Black's set.
        turn(&mut d, Black, true);
        d.on_move(White);
        assert!(d.is_barred(Black));
        assert!(!d.is_barred(White));
        d.on_press(White);
        d.on_move(Black);
        assert_eq!(d.offer(Black, White), Err(DrawOfferError::OfferedBefore));
        d.on_press(Black);
        d.on_move(White);
        d.offer(White, Black).expect("white may offer again");
    }

    #[test]
    fn moving_declines_an_offer() {
        let mut d = DrawOffers::new();
        turn(&mut d, White, true);
        turn(&mut d, Black, false);
        assert_eq!(d.pending(), None);
        assert!(d.is_barred(White));
    }

    #[test]
    fn every_error_has_a_code_and_message() {
        use DrawOfferError::*;
        let all = [NotYourTurn, MoveFirst, OfferedBefore, AlreadyOffered, AnswerPendingOffer, NoOffer, WaitForYourTurn, CannotWithdraw];
        let codes: std::collections::HashSet<_> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes.len(), all.len());
        assert!(all.iter().all(|e| !e.to_string().is_empty()));
    }
}
