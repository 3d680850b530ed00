//! A compact O(n log n) in-place sort: the standard library's sorts are fast but cost the wasm
//! about 25 KB when this replaced them (2026-11-30), and our lists (students, tags,
//! object keys) are small. Measured again 2026-12-05 with `cargo xtask build` (KB gzipped): std's
//! `sort_unstable_by` in [`sort_by`]'s place made `qitong_teacher` 375.5 → 382.4 (+6.9) and
//! `qitong_course` 202.8 → 204.1 (+1.3, over its ceiling).
//!
//! Heapsort is not stable: callers that care about the order of equal items break ties
//! themselves (e.g. by original index).

/// Sorts `v` so that no element is `less` than the one before it.
pub fn sort_by<T>(v: &mut [T], less: impl FnMut(&T, &T) -> bool) {
    Heapsort::new(v.len()).step(v, usize::MAX, less);
}

/// A heapsort done a few steps at a time, for a list so long that a page sorting it in one go
/// would not answer for a while (a ladder's 280,000 names: issue 29). Every call must be given
/// the same list, unchanged in between, and the same order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heapsort {
    /// The next root to sift down while the heap is built (counting down to 0).
    build: usize,
    /// The end of the heap while the largest items are taken out of it.
    end: usize,
}

impl Heapsort {
    /// A sort of a list of `len` items, not started.
    pub fn new(len: usize) -> Heapsort {
        Heapsort { build: len / 2, end: len }
    }

    /// Does at most `budget` steps (each one sift of an item, O(log n) comparisons); true when
    /// the list is sorted.
    pub fn step<T>(&mut self, v: &mut [T], budget: usize, mut less: impl FnMut(&T, &T) -> bool) -> bool {
        // The heap is the first `end` items (all of them until it is built).
        self.end = self.end.min(v.len());
        for _ in 0..budget {
            if self.build > 0 {
                self.build -= 1;
                sift_down(v, self.build, self.end, &mut less);
            } else if self.end > 1 {
                self.end -= 1;
                v.swap(0, self.end);
                sift_down(v, 0, self.end, &mut less);
            } else {
                return true;
            }
        }
        self.build == 0 && self.end <= 1
    }
}

/// Sorts `v` by a key.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a) < key(b));
}

fn sift_down<T>(v: &mut [T], mut root: usize, end: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[root], &v[child]) {
            return;
        }
        v.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for len in [0usize, 1, 2, 3, 7, 64, 1000] {
            let mut v: Vec<u32> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed % 50) as u32
                })
                .collect();
            let mut expected = v.clone();
            expected.sort();
            sort_by(&mut v, |a, b| a < b);
            assert_eq!(v, expected, "len {len}");
        }
        // The same, a few steps at a time.
        let mut v: Vec<u32> = (0..1000).map(|i| (i * 7919) % 1000).collect();
        let mut sort = Heapsort::new(v.len());
        let mut calls = 0;
        while !sort.step(&mut v, 100, |a, b| a < b) {
            calls += 1;
        }
        assert!(calls > 10, "{calls}");
        assert!(v.windows(2).all(|w| w[0] <= w[1]));
        let mut words = vec!["pear", "fig", "apple"];
        sort_by_key(&mut words, |w| w.len());
        assert_eq!(words, ["fig", "pear", "apple"]);
    }
}
