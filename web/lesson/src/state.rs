//! The lesson player's state: where the child is (course map, a step, a lesson's end), the step's
//! exercise (a `lessons` state machine) and the progress; the board's selection, focus and
//! promotion chooser are the board's own (`board::steer`). Input arrives as
//! small action strings (`"sq:e4"`, `"choose:1"`, `"next"`) from buttons, keys and drags; the
//! player turns them into exercise events. No lesson logic lives here, and no DOM.

use crate::action::Action;
use crate::kinds::{self, KindView};
use crate::present::Presenter;
use crate::words::{word, Word};
use qitong_lessons::lang::Lang;
use qitong_lessons::words::template;
use qitong_lessons::{Code, Course, Event, Every, Exercise, Feedback, Grade, KindSet, Lesson, LessonEntry, LessonError, Progress, Stage, Status};
use qitong_rules::{Color, Position, Square};

/// What the player shows of the course.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The whole course: stage map, deep links (`lesson.html`).
    Course,
    /// One lesson (`<chess-lesson lesson=… | src=…>`).
    Lesson,
    /// One step of one lesson (`<chess-quiz>`).
    Step,
}

/// The screen on show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Loading,
    Map,
    Step,
    /// The end of a lesson (with the stage's celebration when the stage is complete).
    Done,
}

/// The panel open over the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    None,
    ConfirmReset,
}

/// What the page must do after an action.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// Store the progress (when `Player::may_save`; the page reports back with `saved`).
    Save,
    /// Keep this unreadable stored record aside under a backup key of its own, before the
    /// `Save` that follows (the page reports back with `kept_aside`).
    Backup(String),
    /// A lesson (or the embedded step) was finished: its key and stars.
    Complete { lesson: String, stars: u32 },
    /// Read this text aloud in the player's language.
    Speak(String),
    /// The address changed (`#/stage/lesson/step`).
    Hash(String),
    /// The language changed.
    Lang,
    /// A lesson was finished: play the cheer (a longer one when it completed its stage).
    Cheer { stage: bool },
    /// Projector mode was switched: remember it for the session and mirror it on the element.
    Present,
    /// Enter or leave the browser's full screen.
    Fullscreen,
    /// Only some lessons were fetched (a deep link's) and the child went elsewhere: fetch the
    /// whole course and `set_course` again; the address already says where to go.
    NeedCourse,
    /// A lesson known by its outline (the course index) was opened: fetch its file (this name)
    /// and hand it to `lesson_arrived`; the address already says where to go.
    NeedLesson(String),
    /// The lesson opened has a step of a kind this module leaves out (the basics module): the
    /// shell starts the module that plays every kind; the address already says where to go.
    NeedModule,
    /// A vs-computer step waits for the computer: ask the page's engine, then act `reply:<uci>`
    /// (or `no-answer`).
    AskComputer(ComputerQuestion),
    /// The vs-computer step was left or started again: its question, if any, is void.
    CancelComputer,
    /// A revealed answer has a move still to play: act `show-more` after a pause.
    ShowMore,
    /// A touch was taken on a touch-move board: the board picks the piece up.
    PickUp(Square),
    /// A new start (a step, "try again", a class rule's button): the board puts down any piece
    /// it holds.
    PutDown,
}

/// Where in the course: indexes of stage, lesson and step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Place {
    pub stage: usize,
    pub lesson: usize,
    pub step: usize,
}

/// The lesson player, of the step kinds `K` (its module's choice; every kind by default).
pub struct Player<K: KindSet = Every> {
    pub lang: Lang,
    pub mode: Mode,
    pub course: Option<Course<K>>,
    /// Why the course could not be loaded at all.
    pub course_error: Option<String>,
    pub progress: Progress,
    /// Messages about the stored progress (reset, imported), worded when drawn: they follow a
    /// language switch.
    pub notes: Vec<Note>,
    /// Notes about the stored progress and the storage, as codes and a key (`lesson_saving`).
    pub storage_notes: Vec<(Code, String)>,
    /// Whether the progress is written to storage (`lesson_saving`).
    pub saving: crate::saving::Saving,
    pub screen: Screen,
    pub place: Place,
    pub exercise: Option<Exercise<K>>,
    pub pinyin: bool,
    /// The side at the bottom of the board: the child's, as the step starts.
    pub bottom: Color,
    pub feedback: Option<Feedback>,
    pub panel: Panel,
    /// Whether a voice for the language exists (the read-aloud button shows only then).
    pub can_speak: bool,
    /// Projector mode (`lesson::present`).
    pub present: Presenter,
    pub out: Vec<Out>,
    /// The course came with only the lessons a deep link needs (the first lesson page stays
    /// small); any other lesson or the map asks for the rest with `Out::NeedCourse`.
    pub partial: bool,
    asked_course: bool,
    /// The files asked for with `Out::NeedLesson`, and whether `Out::NeedModule` was (each once).
    asked_lessons: Vec<String>,
    asked_module: bool,
    /// Tries of vs-computer steps so far: each try's seed, so that "try again" may meet another
    /// game (levels below 8 pick among good moves by their seed).
    tries: u32,
    /// The board after a wrong move and the other side's answer, shown until the child taps
    /// the board or takes them back (`state::line`).
    pub line: Option<Position>,
    /// A vs-computer step's hint: asked for, or the move found (`state::computer`).
    pub hint: Hint,
}

/// A note above the player about the stored progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// One of the player's own texts.
    Word(Word),
    /// A text of the lessons' words (`lessons::words::template`), by its code.
    Lesson(Code),
}

impl Note {
    /// The note in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Note::Word(w) => word(w, lang),
            Note::Lesson(code) => template(code, lang),
        }
    }
}

impl Player {
    /// A player of every step kind (the tests' and the native tools'; a module chooses its own
    /// kinds, [`Player::with_kinds`]).
    pub fn new(mode: Mode, lang: Lang) -> Player {
        Player::with_kinds(mode, lang)
    }
}

impl<K: KindSet> Player<K> {
    /// What the step kind's view reads of the player (`kinds::Context`).
    pub fn context(&self) -> kinds::Context<'_> {
        kinds::Context {
            lang: self.lang,
            feedback: self.feedback.as_ref(),
            presenting: self.present.on,
            revealed: self.present.revealed,
            replay: self.present.replay.as_ref(),
            pinyin: self.pinyin,
            can_speak: self.can_speak,
            hint: self.hint,
        }
    }

    /// A player of the step kinds `K`, with nothing loaded.
    pub fn with_kinds(mode: Mode, lang: Lang) -> Player<K> {
        Player {
            lang,
            mode,
            course: None,
            course_error: None,
            progress: Progress::new(),
            notes: Vec::new(),
            storage_notes: Vec::new(),
            saving: Default::default(),
            screen: Screen::Loading,
            place: Place::default(),
            exercise: None,
            pinyin: true,
            bottom: Color::White,
            feedback: None,
            panel: Panel::None,
            can_speak: false,
            present: Presenter::default(),
            out: Vec::new(),
            partial: false,
            asked_course: false,
            asked_lessons: Vec::new(),
            asked_module: false,
            tries: 0,
            line: None,
            hint: Hint::None,
        }
    }

    /// The course arrived (or failed): show the map, or open `hash`'s place.
    pub fn set_course(&mut self, course: Result<Course<K>, String>, hash: &str) {
        match course {
            Ok(course) => {
                self.course = Some(course);
                self.screen = Screen::Map;
                self.asked_course = false;
                if self.mode != Mode::Course || !self.route(hash) {
                    if self.mode != Mode::Course {
                        self.open(self.place.stage, self.place.lesson, self.place.step);
                    } else if self.partial {
                        self.need_course("#/");
                    }
                }
            }
            Err(message) => {
                self.course_error = Some(message);
                self.screen = Screen::Map;
            }
        }
    }

    pub fn lesson(&self) -> Option<(&Stage<K>, &LessonEntry<K>)> {
        let stage = self.course.as_ref()?.stages.get(self.place.stage)?;
        Some((stage, stage.lessons.get(self.place.lesson)?))
    }

    /// The loaded lesson at the current place.
    pub fn current(&self) -> Option<&Lesson<K>> {
        self.lesson()?.1.lesson.as_ref().ok()
    }

    fn key(&self) -> Option<String> {
        self.lesson().map(|(_, e)| e.key().to_owned())
    }

    /// Opens step `step` of lesson `lesson` of stage `stage`.
    pub fn open(&mut self, stage: usize, lesson: usize, step: usize) {
        // A gated stage stays shut whatever the way in (map, "next lesson", a deep link).
        if self.course.as_ref().is_some_and(|c| !c.is_unlocked(&self.progress, stage)) {
            self.screen = Screen::Map;
            self.exercise = None;
            self.out.push(Out::Hash("#/".into()));
            return;
        }
        let entry = self.course.as_ref().and_then(|c| Some((c.stages.get(stage)?, c.stages.get(stage)?.lessons.get(lesson)?)));
        if let Some(hash) = entry
            .filter(|(_, e)| e.lesson.as_ref().is_err_and(LessonError::needs_every_kind))
            .map(|(s, e)| format!("#/{}/{}/{}", s.id, e.id, step + 1))
        {
            return self.need_module(&hash);
        }
        if let Some((s, e)) = entry.filter(|(_, e)| (self.partial && e.lesson.is_err()) || e.is_pending()) {
            let (hash, file) = (format!("#/{}/{}/{}", s.id, e.id, step + 1), e.is_pending().then(|| e.file.clone()));
            match file {
                Some(file) => self.need_lesson(file, &hash),
                None => self.need_course(&hash),
            }
            return;
        }
        self.cancel_computer();
        self.place = Place { stage, lesson, step };
        self.screen = Screen::Step;
        self.out.push(Out::PutDown);
        self.feedback = None;
        self.line = None;
        self.drop_hint();
        self.present.step_changed();
        self.exercise = self.current().and_then(|l| l.steps.get(step)).map(Exercise::new);
        self.bottom = Color::White;
        if let Some(pos) = self.exercise.as_ref().and_then(Exercise::position) {
            self.bottom = self.exercise.as_ref().map_or(pos.turn(), |e| kinds::bottom_side(e, &pos));
        }
        if let Some((s, e)) = self.lesson() {
            let hash = format!("#/{}/{}/{}", s.id, e.id, step + 1);
            self.out.push(Out::Hash(hash));
        }
        self.ask_computer();
    }

    /// Follows a deep link `#/stage/lesson/step` (step from 1; the lesson's first when left
    /// out). False when it names nothing in the course.
    pub fn route(&mut self, hash: &str) -> bool {
        let mut parts = hash.trim_start_matches('#').trim_start_matches('/').split('/');
        let (Some(stage_id), Some(lesson_id)) = (parts.next(), parts.next()) else {
            return false;
        };
        let step = parts.next().and_then(|s| s.parse::<usize>().ok()).unwrap_or(1).max(1) - 1;
        let Some(course) = &self.course else { return false };
        let Some(si) = course.stages.iter().position(|s| s.id == stage_id) else { return false };
        let Some(li) = course.stages[si].lessons.iter().position(|l| l.id == lesson_id) else { return false };
        let steps = course.stages[si].lessons[li].outline.as_ref().map_or(1, |o| o.steps().max(1));
        if (Place { stage: si, lesson: li, step: step.min(steps - 1) }) == self.place && self.screen == Screen::Step {
            return true;
        }
        self.open(si, li, step.min(steps - 1));
        true
    }

    /// One action from a button, a key or a drag (`value`: the text typed, for inputs).
    pub fn act(&mut self, action: Action, value: Option<&str>) {
        match action {
            Action::Next => self.next(),
            Action::Back if self.place.step > 0 => self.open(self.place.stage, self.place.lesson, self.place.step - 1),
            Action::Back => {}
            Action::Retry => {
                self.cancel_computer();
                self.tries = self.tries.wrapping_add(1);
                self.send(&Event::Retry);
                self.ask_computer();
                self.feedback = None;
                self.out.push(Out::PutDown);
                self.line = None;
            }
            Action::Map if self.mode != Mode::Course => {}
            Action::Map if self.partial => self.need_course("#/"),
            Action::Map => {
                self.cancel_computer();
                self.screen = Screen::Map;
                self.exercise = None;
                self.out.push(Out::Hash("#/".into()));
            }
            Action::Lang => {
                self.lang = self.lang.pick(Lang::En, Lang::Zh);
                self.out.push(Out::Lang);
            }
            Action::Pinyin => self.pinyin = !self.pinyin,
            Action::Speak => {
                if let Some(text) = self.reading_text() {
                    self.out.push(Out::Speak(text));
                }
            }
            Action::Open { stage, lesson } => self.open(stage, lesson, 0),
            Action::Again => self.open(self.place.stage, self.place.lesson, 0),
            Action::NextLesson => self.next_lesson(),
            // A tap or a drag on a wrong move's line shown takes it back, and does nothing else.
            Action::Square(_) | Action::Drag(..) | Action::Move(_) if self.take_back_line() => {}
            Action::Square(sq) => self.square(sq),
            Action::Drag(from, to) => self.drag(from, to),
            Action::Move(uci) => self.send(&Event::Move { from: uci.from, to: uci.to, promotion: uci.promotion }),
            Action::TakeBack if self.take_back_line() => {}
            Action::TakeBack => self.send(&Event::Back),
            Action::Hint => self.ask_hint(),
            Action::HintMove(uci) => self.hint_found(uci),
            Action::Place(piece, to) => self.send(&Event::Place { square: to, piece }),
            Action::Check => self.send(&Event::Check),
            Action::Submit => self.send(&Event::Submit),
            Action::Text => self.send(&Event::Text(value.unwrap_or(""))),
            Action::Legal(allowed) => self.send(&Event::Answer(allowed)),
            Action::Judge(verdict) => self.send(&Event::Judge(verdict)),
            Action::Choose(i) => self.send(&Event::Choose(i)),
            Action::Toggle(i) => self.send(&Event::Toggle(i)),
            Action::Reveal => self.send(&Event::Reveal),
            Action::Hands(i) => {
                if let Some(exercise) = self.exercise.as_mut() {
                    kinds::count_hands(exercise, i, value.unwrap_or(""));
                }
            }
            Action::DemoNext => self.send(&Event::Next),
            Action::DemoBack => self.send(&Event::Back),
            Action::Reset => self.panel = Panel::ConfirmReset,
            Action::ResetNo => self.panel = Panel::None,
            Action::ResetYes => {
                self.progress.clear();
                self.panel = Panel::None;
                self.notes = vec![Note::Word(Word::ResetDone)];
                self.out.push(Out::Save);
            }
            Action::Import => self.import(value.unwrap_or("")),
            Action::Present => self.set_present(!self.present.on),
            Action::Fullscreen => self.out.push(Out::Fullscreen),
            Action::Show => self.show(),
            Action::ShowMore => self.show_more(),
            Action::Pen => self.present.pen = !self.present.pen,
            Action::Shape { from, to, brush } => self.present.draw(from, to, brush),
            Action::Clear => self.present.shapes.clear(),
            Action::PageNext if self.screen == Screen::Done && self.mode == Mode::Course => self.next_lesson(),
            Action::PageNext => self.next(),
            // From a lesson's end, back to its last step.
            Action::PageBack if self.screen == Screen::Done => self.open(self.place.stage, self.place.lesson, self.place.step),
            Action::PageBack => self.act(Action::Back, None),
            Action::CloseNotes => {
                self.notes.clear();
                self.storage_notes.clear();
            }
            Action::Reply(uci) => {
                self.send(&Event::Reply { from: uci.from, to: uci.to, promotion: uci.promotion });
                // A reply the rules refuse leaves the step waiting: said like a failed worker.
                if self.computer_thinking() {
                    self.feedback = Some(Feedback::wrong(Code::VsNoAnswer));
                }
            }
            // The step stays as it is, waiting: "try again" asks afresh.
            Action::NoAnswer if self.computer_thinking() => self.feedback = Some(Feedback::wrong(Code::VsNoAnswer)),
            Action::NoAnswer => {}
            Action::ClassRule(rule) => self.class_rule(rule),
        }
    }

    fn import(&mut self, code: &str) {
        let Some(course) = &self.course else { return };
        let note = match Progress::from_code(course, code) {
            Ok(progress) => {
                self.progress.merge(&progress);
                self.out.push(Out::Save);
                Note::Word(Word::ImportDone)
            }
            Err(error) => Note::Lesson(error.code()),
        };
        self.notes = vec![note];
    }

    /// The text of a verse or narration, for reading aloud.
    pub fn reading_text(&self) -> Option<String> {
        kinds::read_aloud(self.exercise.as_ref()?, self.lang)
    }

    /// Sends `event` to the step's exercise and keeps what it says; a finished step's stars
    /// are recorded (the best is kept).
    fn send(&mut self, event: &Event) {
        let Some(exercise) = self.exercise.as_mut() else { return };
        let (was, before) = (exercise.status(), exercise.position());
        let feedback = exercise.handle(event);
        let now = exercise.status();
        if feedback.grade == Grade::Ignored {
            return;
        }
        if let (Status::Complete { stars }, false) = (now, matches!(was, Status::Complete { .. })) {
            self.record(stars);
        }
        self.drop_hint();
        self.show_line(before, &feedback);
        self.feedback = Some(feedback);
        if !matches!(event, Event::Retry) {
            self.ask_computer();
        }
    }

    fn record(&mut self, stars: Option<u8>) {
        let Some(key) = self.key() else { return };
        self.progress.record(&key, self.place.step, stars);
        self.out.push(Out::Save);
        if self.mode == Mode::Step {
            self.out.push(Out::Complete { lesson: key, stars: u32::from(stars.unwrap_or(0)) });
        }
    }

    /// "Next": finishes a reading, then goes to the following step or the lesson's end.
    fn next(&mut self) {
        if self.screen != Screen::Step {
            return;
        }
        if self.exercise.as_ref().is_some_and(KindView::is_reading) {
            self.send(&Event::Next);
        }
        let steps = self.current().map_or(0, |l| l.steps.len());
        if self.place.step + 1 < steps {
            self.open(self.place.stage, self.place.lesson, self.place.step + 1);
        } else if self.mode != Mode::Step {
            self.cancel_computer();
            self.screen = Screen::Done;
            self.exercise = None;
            self.out.push(Out::Cheer { stage: self.mode == Mode::Course && self.stage_complete() });
            if let Some(key) = self.key() {
                let stars = self.progress.lesson_stars(&key);
                self.out.push(Out::Complete { lesson: key, stars });
            }
        }
    }

    /// The lesson after this one (in the next stage after the stage's last), or the map.
    fn next_lesson(&mut self) {
        let Some(course) = &self.course else { return };
        let Place { stage, lesson, .. } = self.place;
        let target = if lesson + 1 < course.stages[stage].lessons.len() {
            Some((stage, lesson + 1))
        } else {
            (stage + 1..course.stages.len()).find(|&s| !course.stages[s].lessons.is_empty()).map(|s| (s, 0))
        };
        match target {
            Some((s, l)) => self.open(s, l, 0),
            None => self.act(Action::Map, None),
        }
    }

    /// Whether every lesson of the current stage is done.
    pub fn stage_complete(&self) -> bool {
        let Some((stage, _)) = self.lesson() else { return false };
        stage.lessons.iter().all(|e| self.progress.is_done(e))
    }

    /// The board position the step shows now, if it has one.
    pub fn position(&self) -> Option<Position> {
        self.exercise.as_ref()?.position()
    }
}

mod class_rules;
mod computer;
mod input;
mod line;
mod loading;
mod projector;
pub mod saving;
pub use crate::kinds::Hint;
pub use computer::ComputerQuestion;

#[cfg(test)]
mod tests;
