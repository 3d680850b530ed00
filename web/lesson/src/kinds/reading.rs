//! A verse's or a narration's view: its lines (Chinese with pinyin on request, or English; a
//! verse in both), "pinyin" and "read aloud"; it is read, not tried again.

use crate::action::Action;
use crate::kinds::{Context, KindView};
use crate::words::{word, Word};
use qitong_lessons::kinds::reading::Reading;
use qitong_lessons::lang::Lang;
use qitong_lessons::Machine as _;
use qitong_view::node::{button, div, el, Node};

impl KindView for Reading {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        let (lang, spec) = (p.lang, self.spec());
        let has_pinyin = spec.lines.iter().any(|l| l.pinyin.is_some());
        let mut tools = div("lp-row");
        if has_pinyin {
            let label = word(if p.pinyin { Word::PinyinOff } else { Word::PinyinOn }, lang);
            tools = tools.child(button("lp-small", Action::Pinyin, label).attr("aria-pressed", if p.pinyin { "true" } else { "false" }));
        }
        if p.can_speak {
            tools = tools.child(button("lp-small", Action::Speak, word(Word::ReadAloud, lang)));
        }
        if !tools.children.is_empty() {
            out.push(tools);
        }
        let mut block = div(if spec.verse { "lp-lines lp-verse" } else { "lp-lines" });
        for line in &spec.lines {
            if lang == Lang::Zh || spec.verse {
                let mut zh = el("p").class("lp-zh").attr("lang", "zh-CN");
                if p.pinyin && line.pinyin.is_some() {
                    for (chars, reading) in line.ruby() {
                        zh = zh.child(match reading {
                            Some(r) => el("ruby").text(chars).child(el("rt").text(r)),
                            None => el("span").text(chars),
                        });
                    }
                } else {
                    zh = zh.text(line.text.zh.clone());
                }
                block = block.child(zh);
            }
            if lang == Lang::En {
                block = block.child(el("p").class("lp-en").attr("lang", "en").text(line.text.en.clone()));
            }
        }
        out.push(block);
    }

    fn is_reading(&self) -> bool {
        true
    }
}

/// Its lines, for reading aloud.
pub(super) fn read_aloud(r: &Reading, lang: Lang) -> String {
    let texts: Vec<&str> = r.spec().lines.iter().map(|l| l.text.get(lang)).collect();
    texts.join(" ")
}
