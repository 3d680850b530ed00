//! Helpers shared by the integration tests: a small deterministic random source for playouts.

/// Xorshift64: reproducible playouts without a dependency. Seed it with any non-zero value.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n` (`0` when `n` is `0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}
