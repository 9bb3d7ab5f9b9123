//! Open-list keys: an entry's place in the pop order as one 128-bit number, so that a single
//! comparison orders two entries and a heap slot takes 16 bytes.
//!
//! From the top down a key holds the priority (F), a tie-break value, the entry order and
//! the cell. Each field gets the bits its search can need. No two entries share an order,
//! so every key is distinct: the pop order never depends on how the heap happens to be
//! arranged, and replaying after an undo repeats it exactly.

use crate::geometry::grid::MAX_SIDE;

/// An open-list key: lower keys are taken first.
pub type Key = u128;

/// The cell field: wide enough for the largest grid, [`MAX_SIDE`] squared cells.
pub const CELL_BITS: u32 = 2 * MAX_SIDE.ilog2();
/// The entry order field. A search pushes one entry when it opens a cell and one each time
/// an expanding neighbour improves it, so at most 33 per cell (32 moves): fewer than 2^28
/// on the largest grid.
const ORDER_BITS: u32 = 28;
const ORDER_MASK: u64 = (1 << ORDER_BITS) - 1;
/// What is left above the order and the cell, for the priority and the tie value.
const RANK_BITS: u32 = Key::BITS - ORDER_BITS - CELL_BITS;

/// The cell of a key.
pub fn cell_of(key: Key) -> u32 {
    (key as u32) & ((1 << CELL_BITS) - 1)
}

/// Bits needed to write `max`.
fn bits(max: u64) -> u32 {
    u64::BITS - max.leading_zeros()
}

/// What a search can put in its keys, from which [`KeyLayout::new`] sizes the fields.
#[derive(Clone, Copy, Debug)]
pub struct KeyFields {
    /// The largest priority, when every priority is a whole number (exact in an f64);
    /// `None` when priorities can be fractions.
    pub max_whole_priority: Option<f64>,
    /// The largest tie value, a whole number; 0 when ties are left to the entry order.
    pub max_tie: f64,
    pub larger_tie_first: bool,
    /// Among equal priorities and ties, the newest entry first (else the oldest).
    pub newest_first: bool,
}

/// How a search packs its keys: the priority and the tie value share the top 78 bits, as
/// the search's largest values need; the entry order and the cell take the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyLayout {
    /// Whole priorities are written as integers; fractional ones by their float bits less
    /// the sign bit (non-negative floats order like their bits).
    whole_priority: bool,
    tie_bits: u32,
    /// How far tie values are shifted right to fit their field. Zero unless the priority
    /// takes most of the room (fractional priorities on large maps), when only the tie's
    /// leading bits decide.
    tie_drop: u32,
    /// All ones across the tie field.
    tie_mask: u64,
    /// XORed into a field to reverse its order (larger ties, newer entries first), or 0.
    tie_flip: u64,
    order_flip: u64,
}

/// A whole number below 2^52 as an integer, without the checks of an `as` cast: added to
/// 2^52, its bits are those of 2^52 plus the number.
#[inline(always)]
fn whole(x: f64) -> u64 {
    const TWO_52: f64 = (1u64 << 52) as f64;
    (x + TWO_52).to_bits() - TWO_52.to_bits()
}

impl KeyLayout {
    /// Priorities below this are written as integers when they are whole.
    pub const WHOLE_LIMIT: f64 = (1u64 << 52) as f64;

    pub fn new(fields: KeyFields) -> KeyLayout {
        let priority_bits = match fields.max_whole_priority {
            Some(max) => bits(max as u64),
            None => 63,
        };
        let needed = bits(fields.max_tie as u64);
        // Below 64, so that `key` shifts within 64-bit words.
        let tie_bits = needed.min(RANK_BITS - priority_bits).min(63);
        let tie_mask = (1u64 << tie_bits) - 1;
        KeyLayout {
            whole_priority: fields.max_whole_priority.is_some(),
            tie_bits,
            tie_drop: needed - tie_bits,
            tie_mask,
            tie_flip: if fields.larger_tie_first { tie_mask } else { 0 },
            order_flip: if fields.newest_first { ORDER_MASK } else { 0 },
        }
    }

    /// The key of an entry: a priority >= 0 (a whole number below [`Self::WHOLE_LIMIT`] if
    /// the layout says so), a whole tie value >= 0 no larger than the layout was made for,
    /// its order and its cell.
    #[inline(always)]
    pub fn key(&self, priority: f64, tie: f64, order: u32, cell: u32) -> Key {
        let priority = if self.whole_priority {
            whole(priority)
        } else {
            priority.to_bits()
        };
        let tie = (whole(tie) >> self.tie_drop & self.tie_mask) ^ self.tie_flip;
        let order = (u64::from(order) & ORDER_MASK) ^ self.order_flip;
        // The rank (priority above tie, at most RANK_BITS = 78 bits) in two 64-bit words. A
        // 128-bit shift by a variable amount is a library call on wasm32; these are single
        // instructions. Priorities are below 2^63, so the high word of a zero shift is 0.
        let rank_high = (priority >> 1) >> (63 - self.tie_bits);
        let rank_low = priority << self.tie_bits | tie;
        const LOW_BITS: u32 = ORDER_BITS + CELL_BITS;
        let high = rank_high << LOW_BITS | rank_low >> (64 - LOW_BITS);
        let low = rank_low << LOW_BITS | order << CELL_BITS | u64::from(cell);
        Key::from(high) << 64 | Key::from(low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> KeyFields {
        KeyFields {
            max_whole_priority: Some(1e12),
            max_tie: 1e9,
            larger_tie_first: false,
            newest_first: false,
        }
    }

    #[test]
    fn keys_order_by_priority_then_tie_then_entry_and_keep_the_cell() {
        let layouts = [
            KeyLayout::new(fields()),
            KeyLayout::new(KeyFields {
                max_whole_priority: None,
                ..fields()
            }),
        ];
        for layout in layouts {
            let k = |p: f64, t: f64, o: u32, c: u32| layout.key(p, t, o, c);
            assert!(k(5.0, 9e8, 9, 7) < k(6.0, 0.0, 0, 0));
            assert!(k(5.0, 2e8, 9, 7) < k(5.0, 3e8, 0, 0));
            assert!(k(5.0, 3.0, 1, 7) < k(5.0, 3.0, 2, 0));
            assert_eq!(cell_of(k(5.0, 3.0, 1, 4_194_303)), 4_194_303);
        }
        let float = KeyLayout::new(KeyFields {
            max_whole_priority: None,
            ..fields()
        });
        assert!(float.key(0.5, 0.0, 0, 0) < float.key(0.75, 0.0, 0, 0));
        // Ties as large as H with 10/14 costs on a 512x512 map fit whole even beside a
        // float priority.
        let float = KeyLayout::new(KeyFields {
            max_whole_priority: None,
            max_tie: 7154.0,
            ..fields()
        });
        assert_eq!(float.tie_drop, 0);
        assert!(float.key(5.0, 2.0, 9, 7) < float.key(5.0, 3.0, 0, 0));
    }

    #[test]
    fn keys_are_the_fields_side_by_side() {
        // (largest whole priority, largest tie, priority, tie) within those bounds.
        let cases: [(Option<f64>, f64, f64, f64); 4] = [
            (Some(1e12), 1e9, 2.5e11, 7e3),
            (Some(3.0), 0.0, 3.0, 0.0),
            (None, 7154.0, 1234.5, 7154.0),
            (None, 2.9e9, 0.0, 0.0),
        ];
        for (max_whole_priority, max_tie, priority, tie) in cases {
            let layout = KeyLayout::new(KeyFields {
                max_whole_priority,
                max_tie,
                ..fields()
            });
            let p = match max_whole_priority {
                Some(_) => priority as u64,
                None => priority.to_bits(),
            };
            let t = (tie as u64) >> layout.tie_drop;
            let (order, cell) = (12_345, 999);
            let expected = (Key::from(p) << layout.tie_bits | Key::from(t))
                << (ORDER_BITS + CELL_BITS)
                | Key::from(order) << CELL_BITS
                | Key::from(cell);
            assert_eq!(layout.key(priority, tie, order, cell), expected);
        }
    }

    #[test]
    fn larger_ties_and_newer_entries_can_come_first() {
        let layout = KeyLayout::new(KeyFields {
            larger_tie_first: true,
            newest_first: true,
            ..fields()
        });
        assert!(layout.key(5.0, 3.0, 0, 0) < layout.key(5.0, 2.0, 9, 0));
        assert!(layout.key(5.0, 3.0, 2, 0) < layout.key(5.0, 3.0, 1, 0));
        assert!(layout.key(5.0, 1e9, 0, 0) < layout.key(5.0, 0.0, 0, 0));
    }

    #[test]
    fn the_largest_values_fit_on_the_largest_grid() {
        // Exact costs on a 2048x2048 grid of weight-9 ground: G up to 5.4e13, H up to 2.9e9.
        let layout = KeyLayout::new(KeyFields {
            max_whole_priority: Some(5.4e13),
            max_tie: 2.9e9,
            larger_tie_first: false,
            newest_first: true,
        });
        assert_eq!(layout.tie_drop, 0);
        let top = layout.key(5.4e13, 2.9e9, 0, 4_194_303);
        assert!(layout.key(5.4e13 - 1.0, 2.9e9, 0, 0) < top);
        assert!(layout.key(5.4e13, 2.9e9 - 1.0, 0, 0) < top);
        assert_eq!(
            top >> (layout.tie_bits + ORDER_BITS + CELL_BITS),
            5.4e13 as u128
        );
    }

    #[test]
    fn fractional_priorities_on_a_large_map_keep_the_leading_tie_bits() {
        let layout = KeyLayout::new(KeyFields {
            max_whole_priority: None,
            max_tie: 2.9e9,
            larger_tie_first: false,
            newest_first: false,
        });
        assert!(layout.tie_drop > 0);
        assert!(layout.key(7.5, 1e6, 5, 0) < layout.key(7.5, 2.9e9, 0, 0));
        assert!(layout.key(7.5, 2.9e9, 5, 0) < layout.key(7.75, 0.0, 0, 0));
    }
}
