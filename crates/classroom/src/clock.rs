//! The chess clock: two countdowns, Fischer increment or simple delay, Black starts it.
//!
//! Time is passed in by the caller (milliseconds from any fixed origin), so the clock is a pure
//! value and every case is deterministic to test. The handout's tournament rule 5 says the
//! players shake hands and then **Black starts the clock**: the first press comes from Black and
//! sets White's time running.

use core::fmt;
use core::str::FromStr;
use qitong_rules::Color;

/// Base time plus increment (added after each own press) or delay (time that passes before the
/// clock starts counting down on each move; unused delay is not banked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
    pub delay_ms: u64,
}

impl TimeControl {
    /// `minutes` base time and `increment_s` seconds added per move.
    pub const fn new(minutes: u64, increment_s: u64) -> TimeControl {
        TimeControl { base_ms: minutes * 60_000, increment_ms: increment_s * 1000, delay_ms: 0 }
    }
}

impl fmt::Display for TimeControl {
    /// `10+5` (minutes + seconds increment), `10d5` for a delay, `0.5+0` for 30 s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.base_ms / 1000;
        if secs.is_multiple_of(60) {
            write!(f, "{}", secs / 60)?;
        } else {
            let tenths_min = secs * 10 / 60;
            if tenths_min * 60 == secs * 10 {
                write!(f, "{}.{}", tenths_min / 10, tenths_min % 10)?;
            } else {
                write!(f, "{secs}s")?;
            }
        }
        if self.delay_ms > 0 {
            write!(f, "d{}", self.delay_ms / 1000)
        } else {
            write!(f, "+{}", self.increment_ms / 1000)
        }
    }
}

/// What is wrong with a time-control string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseTimeControlError {
    /// Not of the form `M+S`, `M d S` or `Ns+S`.
    Format(String),
    /// Zero base time, or more than 10 hours.
    OutOfRange(String),
}

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTimeControlError::Format(s) => {
                write!(f, "'{s}' is not a time control: write minutes+seconds, like 10+5 or 5+0 (or 5d3 for a delay)")
            }
            ParseTimeControlError::OutOfRange(s) => {
                write!(f, "'{s}': the base time must be more than 0 and at most 600 minutes, the increment at most 600 seconds")
            }
        }
    }
}

impl std::error::Error for ParseTimeControlError {}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;
    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = || ParseTimeControlError::Format(s.to_string());
        let t = s.trim();
        let (base, extra, is_delay) = if let Some((b, e)) = t.split_once('+') {
            (b, e, false)
        } else if let Some((b, e)) = t.split_once('d') {
            (b, e, true)
        } else {
            (t, "0", false)
        };
        let base_ms = if let Some(secs) = base.trim().strip_suffix('s') {
            parse_digits(secs.trim()).ok_or_else(bad)?.checked_mul(1000).ok_or_else(bad)?
        } else {
            parse_tenths(base.trim()).ok_or_else(bad)?.checked_mul(6000).ok_or_else(bad)?
        };
        let extra_ms = parse_digits(extra.trim()).ok_or_else(bad)?.checked_mul(1000).ok_or_else(bad)?;
        if base_ms == 0 || base_ms > 600 * 60_000 || extra_ms > 600_000 {
            return Err(ParseTimeControlError::OutOfRange(s.to_string()));
        }
        Ok(if is_delay {
            TimeControl { base_ms, increment_ms: 0, delay_ms: extra_ms }
        } else {
            TimeControl { base_ms, increment_ms: extra_ms, delay_ms: 0 }
        })
    }
}

/// Plain decimal digits only (no sign), as a number.
fn parse_digits(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `"5"` → 50, `"0.5"` → 5: a non-negative number with at most one decimal, in tenths.
fn parse_tenths(s: &str) -> Option<u64> {
    let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
    if frac.len() != 1 {
        return None;
    }
    let frac = frac.bytes().next().filter(u8::is_ascii_digit)? - b'0';
    parse_digits(int)?.checked_mul(10)?.checked_add(u64::from(frac))
}

/// Whether the clock is waiting for Black's first press, running, paused, or stopped for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockState {
    /// Set up, nobody's time is running; Black's press starts White's time.
    NotStarted,
    /// `color`'s time is running since `since_ms`; the first `delay_ms` of it are free.
    Running { color: Color, since_ms: u64, delay_ms: u64 },
    /// Stopped by the arbiter (teacher) — e.g. for a repetition claim; `color` resumes, with
    /// what was left of this move's delay.
    Paused { color: Color, delay_ms: u64 },
    /// A flag fell or the game ended; nothing runs any more.
    Stopped,
}

/// Why a press or an arbiter action was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockError {
    /// Before the start only Black may press (Black starts the clock).
    BlackStartsTheClock,
    /// Only the player whose time is running — who has just moved — may press.
    NotYourClock {
        pressed_by: Color,
    },
    /// The clock is paused by the arbiter.
    Paused,
    /// The game is over on the clock.
    Stopped,
    /// Resume without a pause, or pause while not running.
    NotPaused,
    NotRunning,
    /// Time went backwards between two calls.
    TimeWentBackwards,
}

impl ClockError {
    /// A stable machine-readable code, for the JS API (the UI's kid wording is keyed by the error).
    pub const fn code(self) -> &'static str {
        match self {
            ClockError::BlackStartsTheClock => "clock-black-starts",
            ClockError::NotYourClock { .. } => "clock-not-your-clock",
            ClockError::Paused => "clock-paused",
            ClockError::Stopped => "clock-stopped",
            ClockError::NotPaused => "clock-not-paused",
            ClockError::NotRunning => "clock-not-running",
            ClockError::TimeWentBackwards => "clock-time-went-backwards",
        }
    }
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::BlackStartsTheClock => f.write_str("Black starts the clock: after the handshake, Black presses first"),
            ClockError::NotYourClock { pressed_by } => {
                write!(f, "{pressed_by} pressed, but it is not {pressed_by}'s time that is running")
            }
            ClockError::Paused => f.write_str("the clock is paused by the arbiter"),
            ClockError::Stopped => f.write_str("the clock has stopped: the game is over"),
            ClockError::NotPaused => f.write_str("the clock is not paused"),
            ClockError::NotRunning => f.write_str("the clock is not running"),
            ClockError::TimeWentBackwards => f.write_str("the time given is earlier than the last one"),
        }
    }
}

impl std::error::Error for ClockError {}

/// A two-sided chess clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining_ms: [u64; 2],
    state: ClockState,
    last_ms: u64,
    flag: Option<Color>,
    presses: [u32; 2],
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock { control, remaining_ms: [control.base_ms; 2], state: ClockState::NotStarted, last_ms: 0, flag: None, presses: [0; 2] }
    }

    /// A clock saved in the middle of a game and opened again (a page reloaded): `remaining_ms`
    /// each (White, Black), paused on `to_move`'s time, which runs again on
    /// [`Clock::resume`] — so no time passes while the page was closed. That move's delay
    /// starts afresh.
    pub fn restored(control: TimeControl, remaining_ms: [u64; 2], to_move: Color) -> Clock {
        Clock { remaining_ms, state: ClockState::Paused { color: to_move, delay_ms: control.delay_ms }, ..Clock::new(control) }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }
    pub fn state(&self) -> ClockState {
        self.state
    }
    /// The side whose flag fell, if any (fixed once observed by [`Clock::tick`] or a press).
    pub fn flag(&self) -> Option<Color> {
        self.flag
    }
    /// Whose time is running (or would run on resume).
    pub fn running(&self) -> Option<Color> {
        match self.state {
            ClockState::Running { color, .. } | ClockState::Paused { color, .. } => Some(color),
            _ => None,
        }
    }

    /// Time left for `color` at `now_ms`, never below zero.
    pub fn remaining(&self, color: Color, now_ms: u64) -> u64 {
        match self.state {
            ClockState::Running { color: c, since_ms, delay_ms } if c == color => {
                self.remaining_ms[color.index()].saturating_sub(charged(since_ms, delay_ms, now_ms))
            }
            _ => self.remaining_ms[color.index()],
        }
    }

    fn advance(&mut self, now_ms: u64) -> Result<(), ClockError> {
        if now_ms < self.last_ms {
            return Err(ClockError::TimeWentBackwards);
        }
        self.last_ms = now_ms;
        Ok(())
    }

    /// Looks at the clock at `now_ms`: if the running side's time is used up, its flag falls,
    /// the clock stops and that colour is returned.
    pub fn tick(&mut self, now_ms: u64) -> Result<Option<Color>, ClockError> {
        self.advance(now_ms)?;
        if let ClockState::Running { color, .. } = self.state {
            if self.remaining(color, now_ms) == 0 {
                self.remaining_ms[color.index()] = 0;
                self.flag = Some(color);
                self.state = ClockState::Stopped;
            }
        }
        Ok(self.flag)
    }

    /// `by` presses the clock at `now_ms`. Before the start only Black may press, which starts
    /// White's time; afterwards only the side whose time runs (who has just moved). The presser
    /// gets the increment and the opponent's time starts. A press after the flag fell is refused.
    pub fn press(&mut self, by: Color, now_ms: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::NotStarted => {
                if by != Color::Black {
                    return Err(ClockError::BlackStartsTheClock);
                }
                self.advance(now_ms)?;
                self.start_move(Color::White, now_ms);
                Ok(())
            }
            ClockState::Running { color, since_ms, delay_ms } => {
                if by != color {
                    return Err(ClockError::NotYourClock { pressed_by: by });
                }
                if self.tick(now_ms)?.is_some() {
                    return Err(ClockError::Stopped);
                }
                let left = self.remaining_ms[color.index()].saturating_sub(charged(since_ms, delay_ms, now_ms));
                self.remaining_ms[color.index()] = left + self.control.increment_ms;
                self.presses[color.index()] += 1;
                self.start_move(!color, now_ms);
                Ok(())
            }
            ClockState::Paused { .. } => Err(ClockError::Paused),
            ClockState::Stopped => Err(ClockError::Stopped),
        }
    }

    fn start_move(&mut self, color: Color, now_ms: u64) {
        self.state = ClockState::Running { color, since_ms: now_ms, delay_ms: self.control.delay_ms };
    }

    /// How many times `color` has pressed after a move (Black's starting press not counted).
    pub fn presses(&self, color: Color) -> u32 {
        self.presses[color.index()]
    }

    /// The arbiter stops the clock (rule 19: e.g. for a repetition claim). The running side
    /// keeps the time used so far and what is left of this move's delay.
    pub fn pause(&mut self, now_ms: u64) -> Result<(), ClockError> {
        let ClockState::Running { color, since_ms, delay_ms } = self.state else {
            return Err(ClockError::NotRunning);
        };
        if self.tick(now_ms)?.is_some() {
            return Err(ClockError::Stopped);
        }
        self.remaining_ms[color.index()] = self.remaining(color, now_ms);
        let delay_left = delay_ms.saturating_sub(now_ms - since_ms);
        self.state = ClockState::Paused { color, delay_ms: delay_left };
        Ok(())
    }

    /// The arbiter restarts a paused clock at `now_ms`.
    pub fn resume(&mut self, now_ms: u64) -> Result<(), ClockError> {
        let ClockState::Paused { color, delay_ms } = self.state else {
            return Err(ClockError::NotPaused);
        };
        self.advance(now_ms)?;
        self.state = ClockState::Running { color, since_ms: now_ms, delay_ms };
        Ok(())
    }

    /// Stops the clock for good (the game ended on the board).
    pub fn stop(&mut self, now_ms: u64) -> Result<(), ClockError> {
        if let ClockState::Running { color, .. } = self.state {
            self.advance(now_ms)?;
            self.remaining_ms[color.index()] = self.remaining(color, now_ms);
        }
        self.state = ClockState::Stopped;
        Ok(())
    }
}

/// Time charged for a move begun at `since_ms` with `delay_ms` free.
fn charged(since_ms: u64, delay_ms: u64, now_ms: u64) -> u64 {
    now_ms.saturating_sub(since_ms).saturating_sub(delay_ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn clock(tc: &str) -> Clock {
        Clock::new(tc.parse().expect("valid time control"))
    }

    #[test]
    fn parses_and_prints_time_controls() {
        assert_eq!("10+5".parse(), Ok(TimeControl::new(10, 5)));
        assert_eq!("5".parse(), Ok(TimeControl::new(5, 0)));
        assert_eq!(" 3 + 2 ".parse(), Ok(TimeControl::new(3, 2)));
        let half: TimeControl = "0.5+0".parse().expect("half a minute");
        assert_eq!(half.base_ms, 30_000);
        let delay: TimeControl = "5d3".parse().expect("delay");
        assert_eq!((delay.increment_ms, delay.delay_ms), (0, 3000));
        let secs: TimeControl = "45s+1".parse().expect("seconds");
        assert_eq!(secs.base_ms, 45_000);
        for tc in ["10+5", "5+0", "0.5+0", "5d3", "45s+1"] {
            let parsed: TimeControl = tc.parse().expect(tc);
            assert_eq!(parsed.to_string().parse::<TimeControl>(), Ok(parsed), "{tc}");
        }
        assert_eq!(TimeControl::new(10, 5).to_string(), "10+5");
        for bad in ["", "+", "abc", "10+x", "1.25+0", "-1+0", "10++5", "99999999999999999999+0"] {
            assert!(matches!(bad.parse::<TimeControl>(), Err(ParseTimeControlError::Format(_))), "{bad}");
        }
        for bad in ["0+5", "601+0", "5+601"] {
            assert!(matches!(bad.parse::<TimeControl>(), Err(ParseTimeControlError::OutOfRange(_))), "{bad}");
        }
    }

    #[test]
    fn black_starts_the_clock_and_white_time_runs_first() {
        let mut c = clock("1+0");
        assert_eq!(c.press(White, 0), Err(ClockError::BlackStartsTheClock));
        assert_eq!(c.state(), ClockState::NotStarted);
        c.press(Black, 1000).expect("black starts");
        assert_eq!(c.running(), Some(White));
        assert_eq!(c.remaining(White, 11_000), 50_000);
        assert_eq!(c.remaining(Black, 11_000), 60_000);
    }

    #[test]
    fn only_the_side_that_just_moved_may_press() {
        let mut c = clock("1+0");
        c.press(Black, 0).expect("start");
        assert_eq!(c.press(Black, 10), Err(ClockError::NotYourClock { pressed_by: Black }));
        c.press(White, 5000).expect("white moved");
        assert_eq!(c.running(), Some(Black));
        assert_eq!(c.presses(White), 1);
        assert_eq!(c.presses(Black), 0);
    }

    #[test]
    fn increment_is_added_to_the_presser() {
        let mut c = clock("1+2");
        c.press(Black, 0).expect("start");
        c.press(White, 10_000).expect("white");
        assert_eq!(c.remaining(White, 10_000), 52_000);
        c.press(Black, 13_000).expect("black");
        assert_eq!(c.remaining(Black, 13_000), 59_000);
    }

    #[test]
    fn delay_is_free_time_and_not_banked() {
        let mut c = clock("1d3");
        c.press(Black, 0).expect("start");
        c.press(White, 2_000).expect("within delay");
        assert_eq!(c.remaining(White, 2_000), 60_000);
        c.press(Black, 10_000).expect("8 s, 5 charged");
        assert_eq!(c.remaining(Black, 10_000), 55_000);
    }

    #[test]
    fn flag_falls_when_time_is_used_up() {
        let mut c = clock("1+0");
        c.press(Black, 0).expect("start");
        assert_eq!(c.tick(59_999), Ok(None));
        assert_eq!(c.tick(60_000), Ok(Some(White)));
        assert_eq!(c.state(), ClockState::Stopped);
        assert_eq!(c.remaining(White, 70_000), 0);
        assert_eq!(c.press(White, 70_000), Err(ClockError::Stopped));
    }

    #[test]
    fn a_late_press_reports_the_flag() {
        let mut c = clock("1+5");
        c.press(Black, 0).expect("start");
        assert_eq!(c.press(White, 61_000), Err(ClockError::Stopped));
        assert_eq!(c.flag(), Some(White));
    }

    #[test]
    fn arbiter_pauses_and_resumes() {
        let mut c = clock("1d3");
        assert_eq!(c.pause(0), Err(ClockError::NotRunning));
        c.press(Black, 0).expect("start");
        c.pause(1_000).expect("pause");
        assert_eq!(c.press(White, 2_000), Err(ClockError::Paused));
        assert_eq!(c.remaining(White, 500_000), 60_000);
        c.resume(500_000).expect("resume");
        // 2 s of delay were left.
        assert_eq!(c.remaining(White, 504_000), 58_000);
        assert_eq!(c.resume(504_000), Err(ClockError::NotPaused));
        assert_eq!(c.tick(1), Err(ClockError::TimeWentBackwards));
        c.stop(505_000).expect("stop");
        assert_eq!(c.press(White, 506_000), Err(ClockError::Stopped));
    }

    #[test]
    fn a_restored_clock_waits_paused_with_the_saved_times() {
        let mut c = Clock::restored("5d3".parse().expect("tc"), [61_000, 250_000], Black);
        assert_eq!(c.state(), ClockState::Paused { color: Black, delay_ms: 3000 });
        assert_eq!((c.remaining(White, 9_000_000), c.remaining(Black, 9_000_000)), (61_000, 250_000));
        assert_eq!(c.press(Black, 10), Err(ClockError::Paused));
        c.resume(1_000_000).expect("resume");
        assert_eq!(c.remaining(Black, 1_005_000), 248_000);
        c.press(Black, 1_005_000).expect("black moved");
        assert_eq!(c.running(), Some(White));
    }
}
