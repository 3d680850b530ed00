//! Decimal text to the nearest `f64` (ties to even) in a few lines of big-integer arithmetic:
//! the standard library's float parser adds about 15 KB (gzipped) of code and tables to the wasm.

use core::cmp::Ordering;

/// Digits kept for the exact computation; later non-zero digits only matter as a "more" bit,
/// and 800 is more than the 768 that can decide an `f64` rounding.
const MAX_DIGITS: usize = 800;

/// A non-negative big integer, 32-bit limbs, least significant first.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(factor) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut exponent: u64) {
        while exponent > 0 {
            let step = exponent.min(9);
            self.mul_add(10u32.pow(step as u32), 0);
            exponent -= step;
        }
    }

    fn bits(&self) -> u64 {
        let top = self.0.iter().rposition(|&limb| limb != 0);
        top.map_or(0, |i| (i as u64 + 1) * 32 - u64::from(self.0[i].leading_zeros()))
    }

    fn shl(&self, n: u64) -> Big {
        let (words, bits) = ((n / 32) as usize, (n % 32) as u32);
        let mut out = vec![0; words];
        let mut carry = 0;
        for &limb in &self.0 {
            out.push((limb << bits) | carry);
            carry = if bits == 0 { 0 } else { limb >> (32 - bits) };
        }
        out.push(carry);
        Big(out)
    }

    fn limb(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }

    fn compare(&self, other: &Big) -> Ordering {
        let len = self.0.len().max(other.0.len());
        (0..len).rev().map(|i| self.limb(i).cmp(&other.limb(i))).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
    }

    /// `self -= other`, for `other <= self`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let (v, b1) = limb.overflowing_sub(other.limb(i));
            let (v, b2) = v.overflowing_sub(borrow);
            *limb = v;
            borrow = u32::from(b1 || b2);
        }
    }
}

/// The `f64` nearest to `digits × 10^exponent`; `digits` are ASCII decimal digits.
pub(super) fn decimal_to_f64(digits: &[u8], exponent: i64) -> f64 {
    let start = digits.iter().position(|&d| d != b'0').unwrap_or(digits.len());
    let end = digits.iter().rposition(|&d| d != b'0').map_or(start, |i| i + 1);
    let significant = digits.get(start..end).unwrap_or(&[]);
    if significant.is_empty() {
        return 0.0;
    }
    let mut exponent = exponent.saturating_add((digits.len() - end) as i64);
    let kept = significant.get(..MAX_DIGITS).unwrap_or(significant);
    let mut number = Big(Vec::new());
    for &d in kept {
        number.mul_add(10, u32::from(d.saturating_sub(b'0')));
    }
    exponent = exponent.saturating_add((significant.len() - kept.len()) as i64);
    if kept.len() < significant.len() {
        // The dropped digits are not all zero (trailing zeros were trimmed): a last digit 1
        // keeps the value strictly between its neighbours.
        number.mul_add(10, 1);
        exponent = exponent.saturating_sub(1);
    }
    // The value is below 10^magnitude and at least a tenth of that.
    let magnitude = exponent.saturating_add((kept.len() + usize::from(kept.len() < significant.len())) as i64);
    if magnitude > 310 {
        return f64::INFINITY;
    }
    if magnitude < -325 {
        return 0.0;
    }
    let mut divisor = Big(vec![1]);
    if exponent >= 0 {
        number.mul_pow10(exponent.unsigned_abs());
    } else {
        divisor.mul_pow10(exponent.unsigned_abs());
    }
    // Scale so that the quotient has 64 or 65 bits, then divide bit by bit.
    let shift = 64 - (number.bits() as i64 - divisor.bits() as i64);
    if shift >= 0 {
        number = number.shl(shift.unsigned_abs());
    } else {
        divisor = divisor.shl(shift.unsigned_abs());
    }
    let mut quotient: u128 = 0;
    for bit in (0..66).rev() {
        let part = divisor.shl(bit);
        if number.compare(&part).is_ge() {
            number.sub(&part);
            quotient |= 1 << bit;
        }
    }
    let mut sticky = number.bits() > 0;
    let mut top_exponent = 63 - shift;
    if quotient >> 64 != 0 {
        sticky |= quotient & 1 == 1;
        quotient >>= 1;
        top_exponent += 1;
    }
    round(quotient as u64, top_exponent, sticky)
}

/// `quotient × 2^(top_exponent - 63)` (quotient in [2^63, 2^64), more below it when `sticky`)
/// rounded to an `f64`, subnormals included.
fn round(quotient: u64, top_exponent: i64, sticky: bool) -> f64 {
    if top_exponent > 1023 {
        return f64::INFINITY;
    }
    let (dropped, base) = if top_exponent >= -1022 {
        (11, ((top_exponent + 1022) as u64) << 52)
    } else {
        (11 + (-1022 - top_exponent) as u64, 0)
    };
    if dropped > 64 {
        return 0.0;
    }
    let kept = quotient.checked_shr(dropped as u32).unwrap_or(0);
    let rest = quotient & (u64::MAX >> (64 - dropped));
    let half = 1u64 << (dropped - 1);
    let round_up = rest > half || (rest == half && (sticky || kept & 1 == 1));
    // A carry out of the 52 fraction bits moves into the exponent, as the encoding intends.
    f64::from_bits(base + kept + u64::from(round_up))
}
