//! What bounds a search: depth, nodes, milliseconds and a stop flag. Time comes from a clock the
//! caller passes in (`Instant` natively, `performance.now()` in a worker), so the library does
//! no I/O of its own.

use core::sync::atomic::{AtomicBool, Ordering};

/// A source of milliseconds; only differences between readings matter.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

impl<F: Fn() -> f64> Clock for F {
    fn now_ms(&self) -> f64 {
        self()
    }
}

/// A clock that never moves: for searches bounded by depth or nodes only (and for tests, which
/// must not depend on the machine's speed).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The caller's limits; `None` is "no limit of this kind". With none at all, a search runs until
/// it is stopped or reaches the deepest depth (the level's own limits apply on top).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SearchLimits {
    /// Full plies of iterative deepening.
    pub depth: Option<u32>,
    /// Positions visited (quiescence included); the search never visits more.
    pub nodes: Option<u64>,
    /// Milliseconds of thinking, by the clock passed in.
    pub movetime_ms: Option<f64>,
}

impl SearchLimits {
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits { nodes: Some(nodes), ..SearchLimits::default() }
    }

    pub fn movetime(ms: f64) -> SearchLimits {
        SearchLimits { movetime_ms: Some(ms), ..SearchLimits::default() }
    }

    /// A time budget for one move from a game clock: `remaining_ms` left, `increment_ms` per
    /// move, and `moves_to_go` to the next time control if there is one. About a thirtieth of
    /// what is left plus most of the increment, never more than a fifth of the time left.
    pub fn from_game_clock(remaining_ms: f64, increment_ms: f64, moves_to_go: Option<u32>) -> SearchLimits {
        let remaining = remaining_ms.max(0.0);
        let moves = f64::from(moves_to_go.unwrap_or(30).clamp(1, 40));
        let share = remaining / moves + increment_ms.max(0.0) * 0.8;
        let budget = share.min(remaining / 5.0).max(1.0);
        SearchLimits::movetime(budget)
    }

    /// Both sets of limits at once: the tighter of each.
    pub fn and(self, other: SearchLimits) -> SearchLimits {
        fn tighter<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(if b < a { b } else { a }),
                (a, b) => a.or(b),
            }
        }
        SearchLimits {
            depth: tighter(self.depth, other.depth),
            nodes: tighter(self.nodes, other.nodes),
            movetime_ms: tighter(self.movetime_ms, other.movetime_ms),
        }
    }
}

/// How often (in nodes) the clock and the stop flag are looked at: often enough to stop within
/// a millisecond or so, rarely enough to cost nothing.
pub const CHECK_EVERY: u64 = 1024;

/// The limits of one running search, checked by the search as it goes.
pub struct Budget<'a> {
    pub limits: SearchLimits,
    clock: &'a dyn Clock,
    stop: &'a AtomicBool,
    start_ms: f64,
    stopped: bool,
}

impl<'a> Budget<'a> {
    pub fn new(limits: SearchLimits, clock: &'a dyn Clock, stop: &'a AtomicBool) -> Budget<'a> {
        let start_ms = clock.now_ms();
        Budget { limits, clock, stop, start_ms, stopped: false }
    }

    pub fn elapsed_ms(&self) -> f64 {
        (self.clock.now_ms() - self.start_ms).max(0.0)
    }

    /// Has the search been told to stop (or run out of time or nodes)? Called at every node with
    /// the node count: the node limit is exact, the clock and flag are read every
    /// [`CHECK_EVERY`] nodes.
    #[inline]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if self.limits.nodes.is_some_and(|max| nodes >= max) {
            self.stopped = true;
        } else if nodes.is_multiple_of(CHECK_EVERY) {
            self.stopped = self.poll();
        }
        self.stopped
    }

    /// Reads the flag and the clock now.
    pub fn poll(&mut self) -> bool {
        let out_of_time = self.limits.movetime_ms.is_some_and(|ms| self.elapsed_ms() >= ms);
        self.stopped = self.stopped || out_of_time || self.stop.load(Ordering::Relaxed);
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Worth starting another iteration? Not when half the time is gone: the next depth takes
    /// longer than all before it together, and would be cut off unfinished.
    pub fn another_iteration(&mut self, depth: u32) -> bool {
        if self.poll() || self.limits.depth.is_some_and(|max| depth > max) {
            return false;
        }
        !self.limits.movetime_ms.is_some_and(|ms| self.elapsed_ms() >= ms * 0.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::Cell;

    #[test]
    fn limits_combine_to_the_tighter() {
        let a = SearchLimits { depth: Some(5), nodes: None, movetime_ms: Some(100.0) };
        let b = SearchLimits { depth: Some(3), nodes: Some(1000), movetime_ms: None };
        assert_eq!(a.and(b), SearchLimits { depth: Some(3), nodes: Some(1000), movetime_ms: Some(100.0) });
        let clock = SearchLimits::from_game_clock(60_000.0, 1_000.0, None);
        assert_eq!(clock.movetime_ms, Some(2_800.0));
        assert_eq!(SearchLimits::from_game_clock(100.0, 0.0, Some(1)).movetime_ms, Some(20.0));
    }

    #[test]
    fn budget_stops_on_nodes_time_and_flag() {
        let stop = AtomicBool::new(false);
        let now = Cell::new(0.0);
        let clock = || now.get();
        let mut budget = Budget::new(SearchLimits::nodes(10), &clock, &stop);
        assert!(!budget.should_stop(9) && budget.should_stop(10));
        let mut timed = Budget::new(SearchLimits::movetime(50.0), &clock, &stop);
        assert!(timed.another_iteration(1));
        now.set(30.0);
        assert!(!timed.another_iteration(2) && !timed.stopped());
        now.set(50.0);
        assert!(timed.should_stop(CHECK_EVERY));
        let mut flagged = Budget::new(SearchLimits::default(), &NoClock, &stop);
        stop.store(true, Ordering::Relaxed);
        assert!(flagged.poll());
    }
}
