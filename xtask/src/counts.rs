//! Reading test counts out of each runner's output, and adding them up.

use std::fmt;
use std::ops::AddAssign;

/// Passed and failed tests of one stage or of the whole run.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub passed: u64,
    pub failed: u64,
}

impl Tally {
    pub const ONE_PASSED: Tally = Tally { passed: 1, failed: 0 };
    pub const ONE_FAILED: Tally = Tally { passed: 0, failed: 1 };

    /// A runner that failed without reporting a failed test (a compile error, a crash, a
    /// missing browser) still counts as one failure.
    pub fn settle(self, exited_successfully: bool) -> Tally {
        if exited_successfully || self.failed > 0 {
            self
        } else {
            Tally { failed: self.failed + 1, ..self }
        }
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.passed += other.passed;
        self.failed += other.failed;
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} passed, {} failed", self.passed, self.failed)
    }
}

/// Sums libtest's `test result: ok. 14 passed; 0 failed; ...` lines, which `cargo test` prints
/// once per test binary and wasm-bindgen-test's runner prints in the same format.
pub fn from_libtest(output: &str) -> Tally {
    let mut tally = Tally::default();
    for line in output.lines() {
        let Some(rest) = line.trim().strip_prefix("test result: ") else { continue };
        for part in rest.split([';', '.']) {
            let mut words = part.split_whitespace();
            if let (Some(count), Some(kind)) = (words.next(), words.next()) {
                match (count.parse::<u64>(), kind) {
                    (Ok(n), "passed") => tally.passed += n,
                    (Ok(n), "failed") => tally.failed += n,
                    _ => {}
                }
            }
        }
    }
    tally
}

/// Reads `node --test`'s closing counts: `ℹ pass 3` / `ℹ fail 0` (spec reporter) or
/// `# pass 3` / `# fail 0` (TAP reporter).
pub fn from_node_test(output: &str) -> Tally {
    let mut tally = Tally::default();
    for line in output.lines() {
        let line = line.trim_start().trim_start_matches(['ℹ', '#']).trim();
        let mut words = line.split_whitespace();
        if let (Some(kind), Some(count), None) = (words.next(), words.next(), words.next()) {
            match (kind, count.parse::<u64>()) {
                ("pass", Ok(n)) => tally.passed += n,
                ("fail", Ok(n)) => tally.failed += n,
                _ => {}
            }
        }
    }
    tally
}

/// Reads the last plain summary line `N passed, M failed` (what this tool itself prints, and
/// what the lesson validator prints).
pub fn from_summary_line(output: &str) -> Tally {
    output.lines().rev().find_map(summary_line).unwrap_or_default()
}

fn summary_line(line: &str) -> Option<Tally> {
    let mut parts = line.trim().split(", ");
    let passed = parts.next()?.strip_suffix(" passed")?.parse().ok()?;
    let failed = parts.next()?.strip_suffix(" failed")?.parse().ok()?;
    Some(Tally { passed, failed })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_every_libtest_summary() {
        let output = "\
running 14 tests
test result: ok. 14 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s

test result: FAILED. 2 passed; 1 failed; 3 ignored; 0 measured; 0 filtered out; finished in 0.20s
   Doc-tests qitong
test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
no tests to run!
test result: ok. 5 passed; 0 failed; 0 ignored; 0 filtered out; finished in 0.03s
";
        assert_eq!(from_libtest(output), Tally { passed: 21, failed: 1 });
        assert_eq!(from_libtest("error[E0308]: mismatched types"), Tally::default());
    }

    #[test]
    fn reads_node_spec_and_tap_summaries() {
        let spec = "✔ index shows the board (812ms)\nℹ tests 4\nℹ suites 0\nℹ pass 3\nℹ fail 1\nℹ cancelled 0\n";
        assert_eq!(from_node_test(spec), Tally { passed: 3, failed: 1 });
        let tap = "ok 1 - index\n1..2\n# tests 2\n# pass 2\n# fail 0\n";
        assert_eq!(from_node_test(tap), Tally { passed: 2, failed: 0 });
        assert_eq!(from_node_test("the pass was 3 wide"), Tally::default());
    }

    #[test]
    fn reads_the_plain_summary_line() {
        assert_eq!(from_summary_line("checked 3 lessons\n12 passed, 1 failed\n"), Tally { passed: 12, failed: 1 });
        assert_eq!(from_summary_line("7 passed, 0 failed, 2 skipped"), Tally { passed: 7, failed: 0 });
        assert_eq!(from_summary_line("error: unknown task `lessons`"), Tally::default());
    }

    #[test]
    fn a_failed_run_without_failed_tests_counts_one_failure() {
        assert_eq!(Tally::default().settle(false), Tally::ONE_FAILED);
        assert_eq!(Tally { passed: 4, failed: 0 }.settle(true), Tally { passed: 4, failed: 0 });
        assert_eq!(Tally { passed: 4, failed: 2 }.settle(false), Tally { passed: 4, failed: 2 });
        let mut total = Tally::ONE_PASSED;
        total += Tally { passed: 2, failed: 3 };
        assert_eq!(total.to_string(), "3 passed, 3 failed");
    }
}
