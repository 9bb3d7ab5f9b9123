//! The open list: the cells waiting to be expanded, lowest key first (see [`crate::finder::key`]).
//! An indexed 4-ary min-heap: knowing where each cell sits lets the search lower a cell's
//! key in place, and lets a step be undone exactly. Generic over the key, so that the
//! incremental finders' two-part keys share it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::finder::key::{cell_of, Key};

/// A key of the open list: totally ordered, lower first, and naming its cell.
pub trait QueueKey: Copy + Ord {
    fn cell(self) -> u32;
}

impl QueueKey for Key {
    #[inline(always)]
    fn cell(self) -> u32 {
        cell_of(self)
    }
}

/// `OpenList::slot` of a cell that is not on the list.
const ABSENT: u32 = u32::MAX;
/// `OpenList::slot` of a cell in the front buffer.
const IN_FRONT: u32 = u32::MAX - 1;

/// How many keys the front buffer holds before it spills into the heap. Usually only a
/// handful are there: the children of the node just expanded that beat the whole heap.
const FRONT_CAPACITY: usize = 16;

/// The open list: a small sorted buffer in front of an indexed 4-ary min-heap of keys, each
/// key carrying its cell in its low bits.
///
/// Every key in `front` is lower than every key in `heap`. A best-first search mostly
/// pushes children that come before the whole heap (with the larger-G tie-break, a child
/// on the same F as its parent always does), and the buffer takes those without the climb
/// to the heap's root and the walk back down that the next pop would cost.
#[derive(Clone, Debug)]
pub struct OpenList<K = Key> {
    /// Sorted with the lowest key last, so the next pop is a plain `Vec::pop`.
    front: Vec<K>,
    heap: Vec<K>,
    /// Each cell's index in `heap`, [`IN_FRONT`] or [`ABSENT`].
    slot: Vec<u32>,
}

impl<K: QueueKey> OpenList<K> {
    pub fn new(cells: usize) -> Self {
        OpenList {
            front: Vec::with_capacity(FRONT_CAPACITY),
            heap: Vec::new(),
            slot: vec![ABSENT; cells],
        }
    }

    pub fn len(&self) -> usize {
        self.front.len() + self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn key_of(&self, cell: u32) -> Option<K> {
        match self.slot[cell as usize] {
            ABSENT => None,
            IN_FRONT => self.front_index(cell).map(|i| self.front[i]),
            s => Some(self.heap[s as usize]),
        }
    }

    pub fn clear(&mut self) {
        for &key in self.front.iter().chain(&self.heap) {
            self.slot[key.cell() as usize] = ABSENT;
        }
        self.front.clear();
        self.heap.clear();
    }

    /// Puts a cell that is not on the list on it, with a key that carries the cell.
    pub fn push(&mut self, cell: u32, key: K) {
        debug_assert_eq!((self.slot[cell as usize], key.cell()), (ABSENT, cell));
        if self.heap.first().is_some_and(|&top| key > top) {
            self.heap_push(key);
            return;
        }
        if self.front.len() == FRONT_CAPACITY {
            // Full: whichever of the new key and the front's highest is higher moves to the
            // heap, where it becomes the top; everything left in front stays below it.
            if self.front[0] < key {
                self.heap_push(key);
                return;
            }
            let highest = self.front.remove(0);
            self.heap_push(highest);
        }
        // Sorted by moving the higher keys down one place from the end, not by
        // `Vec::insert`: its move is a `memory.copy` on wasm32, a call out of the loop at
        // every push, though the key mostly goes at or near the end.
        self.front.push(key);
        let front = &mut self.front[..];
        let mut at = front.len() - 1;
        while at > 0 && front[at - 1] < key {
            front[at] = front[at - 1];
            at -= 1;
        }
        front[at] = key;
        self.slot[cell as usize] = IN_FRONT;
    }

    /// The cell with the lowest key, left on the list.
    pub fn peek(&self) -> Option<u32> {
        self.front
            .last()
            .or(self.heap.first())
            .map(|&key| key.cell())
    }

    /// Takes the cell with the lowest key.
    pub fn pop(&mut self) -> Option<(u32, K)> {
        let top = match self.front.pop() {
            Some(key) => key,
            None => self.heap_pop()?,
        };
        let cell = top.cell();
        self.slot[cell as usize] = ABSENT;
        Some((cell, top))
    }

    /// Gives a cell already on the list a new key, higher or lower; returns its old key.
    pub fn update(&mut self, cell: u32, key: K) -> Option<K> {
        let s = self.slot[cell as usize];
        let stays_in_heap = s != IN_FRONT && self.front.first().map_or(true, |&k| k < key);
        if !stays_in_heap {
            let old = self.remove(cell);
            self.push(cell, key);
            return old;
        }
        let s = s as usize;
        let old = self.heap[s];
        self.heap[s] = key;
        if key < old {
            sift_up(&mut self.heap, &mut self.slot, s);
        } else {
            sift_down(&mut self.heap, &mut self.slot, s);
        }
        Some(old)
    }

    pub fn remove(&mut self, cell: u32) -> Option<K> {
        let removed = match self.slot[cell as usize] {
            ABSENT => return None,
            IN_FRONT => self.front.remove(self.front_index(cell)?),
            s => {
                let s = s as usize;
                let removed = self.heap.swap_remove(s);
                if s < self.heap.len() {
                    sift_down(&mut self.heap, &mut self.slot, s);
                    sift_up(&mut self.heap, &mut self.slot, s);
                }
                removed
            }
        };
        self.slot[cell as usize] = ABSENT;
        Some(removed)
    }

    /// Every entry, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (u32, K)> + '_ {
        (self.front.iter().chain(&self.heap)).map(|&key| (key.cell(), key))
    }

    /// The first `k` cells in pop order, without disturbing the list: the front buffer, then
    /// a best-first walk of the heap tree, O(k log k).
    pub fn peek_sorted(&self, k: usize) -> Vec<(u32, K)> {
        let mut out: Vec<(u32, K)> = (self.front.iter().rev())
            .take(k)
            .map(|&key| (key.cell(), key))
            .collect();
        let mut frontier = BinaryHeap::new();
        if let Some(&root) = self.heap.first() {
            frontier.push(Reverse((root, 0usize)));
        }
        while out.len() < k {
            let Some(Reverse((key, s))) = frontier.pop() else {
                break;
            };
            out.push((key.cell(), key));
            let first = first_child(s);
            for (child, &key) in self.heap.iter().enumerate().skip(first).take(ARITY) {
                frontier.push(Reverse((key, child)));
            }
        }
        out
    }

    fn front_index(&self, cell: u32) -> Option<usize> {
        self.front.iter().position(|&k| k.cell() == cell)
    }

    fn heap_push(&mut self, key: K) {
        self.heap.push(key);
        let last = self.heap.len() - 1;
        sift_up(&mut self.heap, &mut self.slot, last);
    }

    fn heap_pop(&mut self) -> Option<K> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        if !self.heap.is_empty() {
            // Walk the hole at the root down to a leaf along the smallest children, then
            // let the last key rise from there: it rarely rises far, and the walk down
            // needs no comparisons against it.
            let (heap, slot) = (&mut self.heap[..], &mut self.slot[..]);
            let mut hole = 0;
            loop {
                let first = first_child(hole);
                let Some(family) = heap.get(first..first + ARITY) else {
                    // A last, partial family, whose members have no children.
                    if let Some(best) = smallest(&heap[first.min(heap.len())..]) {
                        place(heap, slot, hole, heap[first + best]);
                        hole = first + best;
                    }
                    break;
                };
                let (best, key) = smallest_of_four(family);
                place(heap, slot, hole, key);
                hole = first + best;
            }
            heap[hole] = last;
            sift_up(heap, slot, hole);
        }
        Some(top)
    }
}

// Four children a node: half the levels of a binary heap to climb and descend, and with
// 16-byte keys a family fills one 64-byte cache line.
const ARITY: usize = 4;

fn first_child(s: usize) -> usize {
    ARITY * s + 1
}

fn parent(s: usize) -> usize {
    (s - 1) / ARITY
}

/// The index and key of the smallest of a full family, chosen without branches: which child
/// wins is a coin toss a branch predictor cannot learn. The keys compared last are selected
/// from those already read, not read again by the index chosen, which would put one more
/// memory read into each level's chain of dependent steps.
#[inline(always)]
fn smallest_of_four<K: QueueKey>(family: &[K]) -> (usize, K) {
    let [a, b, c, d] = [family[0], family[1], family[2], family[3]];
    let (left, left_key) = if b < a { (1, b) } else { (0, a) };
    let (right, right_key) = if d < c { (3, d) } else { (2, c) };
    if right_key < left_key {
        (right, right_key)
    } else {
        (left, left_key)
    }
}

/// The index of the smallest of any number of keys.
fn smallest<K: QueueKey>(keys: &[K]) -> Option<usize> {
    (0..keys.len()).reduce(|best, i| if keys[i] < keys[best] { i } else { best })
}

// The heap operations work on the two arrays as plain slices, so that the compiler sees
// their lengths cannot change and drops most bounds checks.

/// Moves the key at `s` up while it comes before its parent.
fn sift_up<K: QueueKey>(heap: &mut [K], slot: &mut [u32], mut s: usize) {
    let key = heap[s];
    while s > 0 {
        let up = parent(s);
        if key >= heap[up] {
            break;
        }
        place(heap, slot, s, heap[up]);
        s = up;
    }
    place(heap, slot, s, key);
}

/// Moves the key at `s` down while a child comes before it.
fn sift_down<K: QueueKey>(heap: &mut [K], slot: &mut [u32], mut s: usize) {
    let key = heap[s];
    loop {
        let first = first_child(s).min(heap.len());
        let family = &heap[first..(first + ARITY).min(heap.len())];
        match smallest(family) {
            Some(best) if family[best] < key => {
                place(heap, slot, s, family[best]);
                s = first + best;
            }
            _ => break,
        }
    }
    place(heap, slot, s, key);
}

/// Puts `key` at index `s`, keeping its cell's position up to date.
fn place<K: QueueKey>(heap: &mut [K], slot: &mut [u32], s: usize, key: K) {
    heap[s] = key;
    slot[key.cell() as usize] = s as u32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finder::key::CELL_BITS;

    /// Keys for a list of `CELLS` cells: priority and tie above the entry order and cell.
    const CELLS: u32 = 64;

    fn key(priority: u64, tie: u64, order: u32, cell: u32) -> Key {
        Key::from(priority) << 96
            | Key::from(tie) << 64
            | Key::from(order) << CELL_BITS
            | Key::from(cell)
    }

    #[test]
    fn pops_in_key_order_through_updates_and_removals() {
        let mut open = OpenList::new(CELLS as usize);
        for (cell, p) in [(0, 50), (1, 20), (2, 70), (3, 10), (4, 40), (5, 60)] {
            open.push(cell, key(p, 0, cell, cell));
        }
        open.update(2, key(5, 0, 6, 2));
        open.update(3, key(65, 0, 7, 3));
        assert_eq!(open.remove(4), Some(key(40, 0, 4, 4)));
        assert_eq!(open.remove(4), None);
        let peek: Vec<u32> = open.peek_sorted(3).iter().map(|e| e.0).collect();
        assert_eq!(peek, vec![2, 1, 0]);
        let mut popped = vec![];
        while let Some((cell, _)) = open.pop() {
            popped.push(cell);
        }
        assert_eq!(popped, vec![2, 1, 0, 5, 3]);
        assert!(open.is_empty() && open.key_of(2).is_none());
    }

    #[test]
    fn agrees_with_a_sorted_reference_through_random_operations() {
        use std::collections::BTreeMap;
        let mut open = OpenList::new(CELLS as usize);
        let mut reference: BTreeMap<u32, Key> = BTreeMap::new();
        // A fixed linear congruential sequence: the same operations on every run.
        let mut seed = 0x2545_f491_u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        for order in 0..20_000u32 {
            let cell = next(u64::from(CELLS)) as u32;
            // Few distinct priorities and ties, so that keys equal up to the order are
            // common, and runs of low keys that go to the front buffer.
            let k = key(next(8), next(3), order, cell);
            match next(4) {
                0 | 1 if !reference.contains_key(&cell) => {
                    open.push(cell, k);
                    reference.insert(cell, k);
                }
                0 | 1 => {
                    open.update(cell, k);
                    reference.insert(cell, k);
                }
                2 => assert_eq!(open.remove(cell), reference.remove(&cell)),
                _ => {
                    let lowest = reference
                        .iter()
                        .min_by_key(|(_, k)| **k)
                        .map(|(c, k)| (*c, *k));
                    if let Some((c, _)) = lowest {
                        reference.remove(&c);
                    }
                    assert_eq!(open.pop(), lowest);
                }
            }
            assert_eq!(open.len(), reference.len());
            let mut sorted: Vec<(u32, Key)> = reference.iter().map(|(c, k)| (*c, *k)).collect();
            sorted.sort_by_key(|(_, k)| *k);
            sorted.truncate(5);
            assert_eq!(open.peek_sorted(5), sorted);
            for c in 0..CELLS {
                assert_eq!(open.key_of(c), reference.get(&c).copied());
            }
        }
    }
}
