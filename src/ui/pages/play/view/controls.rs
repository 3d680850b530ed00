//! The "Play a friend" page's controls beside the board (wasm32 only): whose turn it is, the
//! start button, the draw offer between a move and the press of the clock (SPEC §7), the press,
//! the answer to an offer, resignation with its confirmation, the last refusal, and the press
//! that sets a saved game's clock going again.

use crate::ui::pages::play::words::PlayText;
use super::Page;
use crate::classroom::clock::ClockState;
use crate::lang::Lang;
use crate::rules::Color;
use crate::ui::dom::page::{button, el, set_attr};
use crate::ui::pages::play::words::side_text;

impl Page {
    pub(super) fn render_controls(&self, state: ClockState, over: bool, lang: Lang) {
        let doc = &self.doc;
        let c = &self.controls;
        c.set_text_content(None);
        let say = |class: &str, text: &str| el(doc, "p", class, text);
        // A saved game waiting for the players' choice: only the offer above speaks.
        if over || self.saved.borrow().is_some() {
            return;
        }
        let Some(board) = self.board() else { return };
        let (turn, offers) = board.with_state(|s| (s.position().turn(), s.offers()));
        match state {
            ClockState::NotStarted => {
                let _ = c.append_child(&say("turn", self.t(PlayText::Ready)));
                let start = button(doc, "primary big", self.t(PlayText::Start));
                set_attr(&start, "data-action", "start");
                let _ = c.append_child(&start);
            }
            ClockState::Paused { .. } if self.resumed.get() => {
                let _ = c.append_child(&say("turn", self.t(PlayText::SavedPaused)));
                let go = button(doc, "primary big", self.t(PlayText::SavedResume));
                set_attr(&go, "data-action", "resume-clock");
                let _ = c.append_child(&go);
            }
            ClockState::Paused { .. } => {
                let _ = c.append_child(&say("turn", self.t(PlayText::Paused)));
            }
            _ => match board.with_state(|s| s.awaiting_press()) {
                // Between the move and the press: offer now, or press (SPEC §7).
                Some(mover) => {
                    let _ = c.append_child(&say("turn", &side_text(PlayText::Moved, mover, lang)));
                    if offers.pending == Some(mover) {
                        let _ = c.append_child(&say("offer-note", &side_text(PlayText::OfferMade, mover, lang)));
                    } else {
                        let offer = button(doc, "", self.t(PlayText::Offer));
                        set_attr(&offer, "data-action", "offer");
                        let _ = c.append_child(&offer);
                    }
                    let press = button(doc, "primary big", &side_text(PlayText::Press, mover, lang));
                    set_attr(&press, "data-action", "press");
                    let _ = c.append_child(&press);
                }
                None => {
                    let _ = c.append_child(&say("turn", &side_text(PlayText::ToMove, turn, lang)));
                    if offers.pending == Some(!turn) {
                        let _ = c.append_child(&say("offer-note", &side_text(PlayText::OfferPending, !turn, lang)));
                        let row = el(doc, "div", "row", "");
                        for (code, action) in [(PlayText::Accept, "answer:yes"), (PlayText::Decline, "answer:no")] {
                            let b = button(doc, "", self.t(code));
                            set_attr(&b, "data-action", action);
                            let _ = row.append_child(&b);
                        }
                        let _ = c.append_child(&row);
                    }
                }
            },
        }
        let message = self.message.borrow();
        if !message.is_empty() {
            let note = say("message", &message);
            set_attr(&note, "role", "alert");
            let _ = c.append_child(&note);
        }
        if state != ClockState::NotStarted {
            match self.resign_asked.get() {
                Some(side) => {
                    let ask = el(doc, "div", "confirm", "");
                    set_attr(&ask, "role", "group");
                    let _ = ask.append_child(&say("", &side_text(PlayText::ResignConfirm, side, lang)));
                    let yes = button(doc, "danger", self.t(PlayText::Yes));
                    set_attr(&yes, "data-action", "resign-yes");
                    let no = button(doc, "", self.t(PlayText::No));
                    set_attr(&no, "data-action", "resign-no");
                    let _ = ask.append_child(&yes);
                    let _ = ask.append_child(&no);
                    let _ = c.append_child(&ask);
                }
                None => {
                    let row = el(doc, "div", "row", "");
                    for side in [Color::White, Color::Black] {
                        let b = button(doc, "quiet", &side_text(PlayText::Resign, side, lang));
                        set_attr(&b, "data-action", &format!("resign:{}", side.name()));
                        let _ = row.append_child(&b);
                    }
                    let _ = c.append_child(&row);
                }
            }
        }
    }
}
