//! A points question's view: the two players' points and the result, the field for the change,
//! and the worked answer when revealed.

use crate::kinds::{text_input, Context, KindView};
use crate::words::{word, word_with, Word};
use qitong_classroom::award::Row;
use qitong_classroom::points::{Points, Score};
use qitong_lessons::kinds::points::PointsCalculator;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_view::node::{el, Node};
use qitong_words::fill;

impl KindView for PointsCalculator {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let (spec, lang) = (self.spec(), p.lang);
        let (a, b) = match &spec.names {
            Some((a, b)) => (a.get(lang).to_owned(), b.get(lang).to_owned()),
            None => (word(Word::PlayerA, lang).to_owned(), word(Word::PlayerB, lang).to_owned()),
        };
        let result = match spec.score {
            Score::Win => word_with(Word::ResultWin, &[("a", &a)], lang),
            Score::Loss => word_with(Word::ResultLoss, &[("b", &b)], lang),
            Score::Draw => word(Word::ResultDraw, lang).to_owned(),
        };
        let q = word_with(
            Word::PointsQuestion,
            &[("a", &a), ("b", &b), ("pa", &spec.a.to_string()), ("pb", &spec.b.to_string()), ("result", &result)],
            lang,
        );
        out.push(el("p").class("lp-question").text(q));
        out.push(text_input(word_with(Word::PointsLabel, &[("a", &a)], lang), lang, done));
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        p.revealed.then(|| worked_points(self, p.lang))
    }
}

/// A points question's worked answer: the difference D, who gained by the table's row, the
/// cell's formula and its value (≈ where the table rounds it to a tenth), and both changes.
pub fn worked_points(c: &PointsCalculator, lang: Lang) -> String {
    let spec = c.spec();
    let award = &spec.award;
    let (a, b) = match &spec.names {
        Some((a, b)) => (a.get(lang), b.get(lang)),
        None => (word(Word::PlayerA, lang), word(Word::PlayerB, lang)),
    };
    let who = match award.row {
        Row::Draw => lang.pick("和棋，分少的一方得分", "a draw: the player with fewer points gains"),
        Row::LowerWins => lang.pick("分少的一方赢了", "the player with fewer points won"),
        Row::HigherWins => lang.pick("分多的一方赢了", "the player with more points won"),
        Row::EvenWin => lang.pick("分一样多，赢的一方得分", "equal points: the winner gains"),
    };
    let (formula, mut cell) = (award.row.formula(award.column), award.amount.to_string());
    if formula != cell {
        cell.insert_str(0, if award.was_rounded() { " ≈ " } else { " = " });
        cell.insert_str(0, formula);
    }
    let signed = |p: Points| {
        let mut said = p.to_string();
        if p > Points::ZERO {
            said.insert(0, '+');
        }
        said
    };
    let (hi, lo) = (spec.a.max(spec.b).to_string(), spec.a.min(spec.b).to_string());
    let (d, da, db) = (award.difference.to_string(), signed(award.delta_a), signed(award.delta_b));
    let template = lang.pick(
        "分差 D = {hi} − {lo} = {d}；{who}：{cell}；所以{a} {da} 分，{b} {db} 分",
        "D = {hi} − {lo} = {d}; {who}: {cell}; so {a} gets {da} and {b} {db}",
    );
    let said = fill(template, &[("hi", &hi), ("lo", &lo), ("d", &d), ("who", who), ("cell", &cell), ("a", a), ("da", &da), ("b", b), ("db", &db)]);
    word_with(Word::AnswerIs, &[("answer", &said)], lang)
}
