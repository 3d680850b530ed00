//! The points calculator's reasoning in words (zh-CN and English): from two players' points and
//! a result to the handout's table cell, the formula with the numbers put in, the rounding, and
//! both new totals and levels — what the points page shows, step by step.

use qitong_classroom::award::{award, Column, Row};
use qitong_classroom::levels::Level;
use qitong_classroom::points::{Points, Score};
use qitong_view::lang::Lang;
use qitong_view::texts::texts;

/// One player's line of the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerAfter {
    pub before: Points,
    pub change: Points,
    pub after: Points,
    pub level_before: String,
    pub level_after: String,
}

/// The calculator's answer: the steps in words and both players' new totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calculation {
    pub steps: Vec<String>,
    pub a: PlayerAfter,
    pub b: PlayerAfter,
}

/// The three results a teacher can choose, as their buttons' actions.
pub const RESULTS: [(PointsText, Score); 3] = [(PointsText::AWins, Score::Win), (PointsText::Draw, Score::Draw), (PointsText::BWins, Score::Loss)];

texts! {
    /// The points calculator's fixed texts.
    pub enum PointsText {
        Title = "title" => ("积分计算器", "Points calculator"),
        PageTitle = "page-title" => ("积分计算器 · 棋童", "Points calculator · Qitong"),
        Intro = "intro" => (
            "输入两位同学现在的积分和比赛结果，看看各自加减多少分、升到几级。输方扣的分等于赢方得的分。",
            "Type in both players' points and the result: see how many points each gains or loses and the new levels. The loser loses exactly what the winner gains.",
        ),
        NoStorage = "no-storage" => (
            "这台电脑不能保存东西：选的语言下次不会记住。计算器照常可以用。",
            "This computer can't save anything: the language you choose won't be remembered next time. The calculator works as usual.",
        ),
        PlayerA = "player-a" => ("甲的积分", "Player A's points"),
        PlayerB = "player-b" => ("乙的积分", "Player B's points"),
        Result = "result" => ("结果", "Result"),
        AWins = "a-wins" => ("甲赢", "A wins"),
        Draw = "draw" => ("和棋", "Draw"),
        BWins = "b-wins" => ("乙赢", "B wins"),
        Answer = "answer" => ("计算过程", "How it is worked out"),
        A = "a" => ("甲", "A"),
        B = "b" => ("乙", "B"),
        BadPoints = "bad-points" => ("请输入积分，例如 150 或 87.5（最多一位小数）。", "Type points like 150 or 87.5 (at most one decimal)."),
        Rule = "rule" => (
            "积分表来自讲义：相差10分以内、10-99分、100-199分、200分以上，各有各的算法。",
            "The table is the handout's: a difference under 10, 10-99, 100-199 or 200 and more each has its own rule.",
        ),
    }
}

/// The calculator's fixed words.
pub fn points_text(code: PointsText, lang: Lang) -> &'static str {
    code.text(lang)
}

/// `n / d` with `places` decimals (rounded half away from zero), trailing zeros dropped.
fn decimal(n: i64, d: i64, places: u32) -> String {
    let scale = 10i128.pow(places);
    let scaled = (2 * i128::from(n).abs() * scale + i128::from(d)) / (2 * i128::from(d));
    let sign = if n < 0 && scaled != 0 { "-" } else { "" };
    let (whole, frac) = (scaled / scale, scaled % scale);
    let mut text = format!("{sign}{whole}");
    if frac != 0 {
        let digits = format!("{:0width$}", frac, width = places as usize);
        text.push('.');
        text.push_str(digits.trim_end_matches('0'));
    }
    text
}

fn level(points: Points, lang: Lang) -> String {
    let l = Level::from_points(points);
    lang.pick(l.to_zh(), l.to_en())
}

fn signed(p: Points) -> String {
    if p.tenths() > 0 {
        format!("+{p}")
    } else {
        p.to_string()
    }
}

/// Works out a game between A (`a` points) and B (`b` points) in which A scored `score_a`.
pub fn calculate(a: Points, b: Points, score_a: Score, lang: Lang) -> Calculation {
    let aw = award(a, b, score_a);
    let d = aw.difference;
    let zh = lang == Lang::Zh;
    let mut steps = Vec::new();
    steps.push(if zh {
        format!("① 先算分差 D：甲 {a} 分，乙 {b} 分，D = {d}。")
    } else {
        format!("1. The difference D: A has {a}, B has {b}, so D = {d}.")
    });
    let band = match (aw.column, zh) {
        (Column::Under10, true) => "相差10分以内",
        (Column::From10To100, true) => "相差10-99分",
        (Column::From100To200, true) => "相差100-199分",
        (Column::From200, true) => "相差200分以上",
        (Column::Under10, false) => "under 10",
        (Column::From10To100, false) => "10 to 99",
        (Column::From100To200, false) => "100 to 199",
        (Column::From200, false) => "200 or more",
    };
    let lower_is_a = a.tenths() < b.tenths();
    let (lower, higher) = match (lower_is_a, zh) {
        (true, true) => ("甲", "乙"),
        (false, true) => ("乙", "甲"),
        (true, false) => ("A", "B"),
        (false, false) => ("B", "A"),
    };
    let row = match (aw.row, zh) {
        (Row::Draw, true) => format!("和棋：分低的一方（{lower}）得分"),
        (Row::LowerWins, true) => format!("分低的一方（{lower}）赢了，得分"),
        (Row::HigherWins, true) => format!("分高的一方（{higher}）赢了，得分"),
        (Row::EvenWin, true) => "两人积分一样，赢的一方得分".to_string(),
        (Row::Draw, false) => format!("a draw: the player with fewer points ({lower}) gains"),
        (Row::LowerWins, false) => format!("the player with fewer points ({lower}) won and gains"),
        (Row::HigherWins, false) => format!("the player with more points ({higher}) won and gains"),
        (Row::EvenWin, false) => "equal points: the winner gains".to_string(),
    };
    steps.push(if zh { format!("② 查表：{band}，{row}。") } else { format!("2. The table: D is {band}; {row}.") });
    let formula = aw.row.formula(aw.column);
    let (n, den) = aw.exact_tenths;
    let exact = decimal(n, den * 10, 3);
    steps.push(if zh {
        format!("③ 算式：{formula}，D = {d}，结果是 {exact} 分。")
    } else {
        format!("3. The rule: {formula} with D = {d} gives {exact} points.")
    });
    if aw.was_rounded() {
        steps.push(if zh {
            format!("④ 只保留一位小数（四舍五入）：{}。", aw.amount)
        } else {
            format!("4. Rounded to one decimal: {}.", aw.amount)
        });
    }
    let gainer = if aw.delta_a.tenths() > 0 {
        Some(if zh { "甲" } else { "A" })
    } else if aw.delta_b.tenths() > 0 {
        Some(if zh { "乙" } else { "B" })
    } else {
        None
    };
    steps.push(match (gainer, zh) {
        (Some(g), true) => format!("这盘棋{g}得 {} 分，对方扣 {} 分。", aw.amount, aw.amount),
        (Some(g), false) => format!("So {g} gains {} points and the other player loses {}.", aw.amount, aw.amount),
        (None, true) => "这盘棋双方积分都不变。".to_string(),
        (None, false) => "Nobody's points change in this game.".to_string(),
    });
    let player = |before: Points, change: Points| PlayerAfter {
        before,
        change,
        after: before + change,
        level_before: level(before, lang),
        level_after: level(before + change, lang),
    };
    Calculation { steps, a: player(a, aw.delta_a), b: player(b, aw.delta_b) }
}

/// `甲：150 → 100（-50），30级 → 30级` — one player's line.
pub fn player_line(name: &str, p: &PlayerAfter, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{name}：{} → {}（{}），{} → {}", p.before, p.after, signed(p.change), p.level_before, p.level_after),
        Lang::En => format!("{name}: {} → {} ({}), {} → {}", p.before, p.after, signed(p.change), p.level_before, p.level_after),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Points {
        s.parse().expect("points")
    }

    #[test]
    fn every_text_exists_in_both_languages_with_the_same_values() {
        qitong_view::texts::assert_complete(PointsText::ALL, points_text);
    }

    #[test]
    fn the_handouts_cases() {
        // Lower wins with D = 100: D/2 = 50.
        let c = calculate(p("50"), p("150"), Score::Win, Lang::En);
        assert_eq!((c.a.after, c.b.after), (p("100"), p("100")));
        assert_eq!((c.a.level_after.as_str(), c.b.level_before.as_str()), ("Level 30", "Level 30"));
        // A draw at D = 100.2: D/4 = 25.05, rounded to 25.1.
        let c = calculate(p("0"), p("100.2"), Score::Draw, Lang::Zh);
        assert_eq!(c.a.change, p("25.1"));
        assert!(c.steps.iter().any(|s| s.contains("25.05")), "{:?}", c.steps);
        assert!(c.steps.iter().any(|s| s.contains("四舍五入")));
        // Higher wins with D = 20: 10 - 20/125 = 9.84 → 9.8.
        let c = calculate(p("120"), p("100"), Score::Win, Lang::En);
        assert_eq!(c.a.change, p("9.8"));
        assert!(c.steps[2].contains("10 − D/125") || c.steps[2].contains("10 - D/125"), "{:?}", c.steps);
        // Higher wins with D ≥ 200: nothing changes.
        let c = calculate(p("300"), p("50"), Score::Win, Lang::En);
        assert_eq!(c.a.change, p("0"));
        assert!(c.steps.last().is_some_and(|s| s.contains("Nobody")));
    }

    #[test]
    fn decimals_without_floats() {
        assert_eq!(decimal(1002, 40, 3), "25.05");
        assert_eq!(decimal(100, 10, 3), "10");
        assert_eq!(decimal(1230, 1250, 3), "0.984");
        assert_eq!(decimal(-5, 10, 1), "-0.5");
        assert_eq!(player_line("A", &calculate(p("50"), p("150"), Score::Win, Lang::En).a, Lang::En), "A: 50 → 100 (+50), Unrated → Level 30");
    }
}
