//! The open list: an indexed binary min-heap of cells. Knowing where each cell sits lets the
//! search lower a cell's priority in place, and lets a step be undone exactly.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A cell's place in the pop order: lowest `priority` first (F as ordered bits), then lowest
/// `tie`, then lowest `order`. Every key is distinct, so the pop order never depends on
/// how the heap happens to be arranged, and replaying after an undo repeats it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    pub priority: u64,
    pub tie: u64,
    pub order: u32,
}

/// A heap slot: the key with the cell packed into what would be padding (24 bytes, not 32).
#[derive(Clone, Copy, Debug)]
struct Entry {
    priority: u64,
    tie: u64,
    order: u32,
    cell: u32,
}

impl Entry {
    fn new(cell: u32, key: Key) -> Entry {
        Entry {
            priority: key.priority,
            tie: key.tie,
            order: key.order,
            cell,
        }
    }

    fn key(self) -> Key {
        Key {
            priority: self.priority,
            tie: self.tie,
            order: self.order,
        }
    }

    /// Key order, written without short-circuits so that it can compile to conditional
    /// moves: which child wins is a coin toss a branch predictor cannot learn.
    fn before(&self, other: &Entry) -> bool {
        let high = |e: &Entry| (e.priority as u128) << 64 | e.tie as u128;
        let (a, b) = (high(self), high(other));
        (a < b) | ((a == b) & (self.order < other.order))
    }
}

const ABSENT: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct OpenList {
    heap: Vec<Entry>,
    /// Each cell's index in `heap`, or `ABSENT`.
    slot: Vec<u32>,
}

impl OpenList {
    pub fn new(cells: usize) -> Self {
        OpenList {
            heap: Vec::new(),
            slot: vec![ABSENT; cells],
        }
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    pub fn key_of(&self, cell: u32) -> Option<Key> {
        match self.slot[cell as usize] {
            ABSENT => None,
            s => Some(self.heap[s as usize].key()),
        }
    }

    pub fn clear(&mut self) {
        for entry in &self.heap {
            self.slot[entry.cell as usize] = ABSENT;
        }
        self.heap.clear();
    }

    pub fn push(&mut self, cell: u32, key: Key) {
        debug_assert_eq!(self.slot[cell as usize], ABSENT);
        self.heap.push(Entry::new(cell, key));
        let last = self.heap.len() - 1;
        sift_up(&mut self.heap, &mut self.slot, last);
    }

    /// Takes the cell with the lowest key.
    pub fn pop(&mut self) -> Option<(u32, Key)> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.slot[top.cell as usize] = ABSENT;
        if !self.heap.is_empty() {
            // Walk the hole at the root down to a leaf along the smaller children, then
            // let the last entry rise from there: one comparison per level fewer than a
            // classic sift-down, and the last entry rarely rises far.
            let (heap, slot) = (&mut self.heap[..], &mut self.slot[..]);
            let len = heap.len();
            let (mut hole, mut child) = (0, 1);
            while child + 1 < len {
                // Branch-free choice of the smaller child: which one wins is a coin toss.
                child += usize::from(heap[child + 1].before(&heap[child]));
                place(heap, slot, hole, heap[child]);
                hole = child;
                child = 2 * hole + 1;
            }
            if child < len {
                place(heap, slot, hole, heap[child]);
                hole = child;
            }
            heap[hole] = last;
            sift_up(heap, slot, hole);
        }
        Some((top.cell, top.key()))
    }

    /// Gives a cell already in the list a new key, moving it up or down.
    pub fn update(&mut self, cell: u32, key: Key) {
        let s = self.slot[cell as usize] as usize;
        let raise = key < self.heap[s].key();
        self.heap[s] = Entry::new(cell, key);
        if raise {
            sift_up(&mut self.heap, &mut self.slot, s);
        } else {
            sift_down(&mut self.heap, &mut self.slot, s);
        }
    }

    pub fn remove(&mut self, cell: u32) -> Option<Key> {
        let s = self.slot[cell as usize];
        if s == ABSENT {
            return None;
        }
        let s = s as usize;
        let removed = self.heap.swap_remove(s);
        self.slot[cell as usize] = ABSENT;
        if s < self.heap.len() {
            sift_down(&mut self.heap, &mut self.slot, s);
            sift_up(&mut self.heap, &mut self.slot, s);
        }
        Some(removed.key())
    }

    /// The first `k` cells in pop order, without disturbing the heap: a best-first walk
    /// of the heap tree, O(k log k).
    pub fn peek_sorted(&self, k: usize) -> Vec<(u32, Key)> {
        let mut out = Vec::with_capacity(k.min(self.heap.len()));
        let mut frontier = BinaryHeap::new();
        if let Some(root) = self.heap.first() {
            frontier.push(Reverse((root.key(), 0usize)));
        }
        while out.len() < k {
            let Some(Reverse((key, s))) = frontier.pop() else {
                break;
            };
            out.push((self.heap[s].cell, key));
            for child in [2 * s + 1, 2 * s + 2] {
                if let Some(entry) = self.heap.get(child) {
                    frontier.push(Reverse((entry.key(), child)));
                }
            }
        }
        out
    }
}

// The heap operations work on the two arrays as plain slices, so that the compiler sees
// their lengths cannot change and drops most bounds checks.

/// Moves the entry at `s` up while it comes before its parent.
fn sift_up(heap: &mut [Entry], slot: &mut [u32], mut s: usize) {
    let entry = heap[s];
    while s > 0 {
        let parent = (s - 1) / 2;
        if !entry.before(&heap[parent]) {
            break;
        }
        place(heap, slot, s, heap[parent]);
        s = parent;
    }
    place(heap, slot, s, entry);
}

/// Moves the entry at `s` down while a child comes before it.
fn sift_down(heap: &mut [Entry], slot: &mut [u32], mut s: usize) {
    let entry = heap[s];
    loop {
        let mut child = 2 * s + 1;
        if child >= heap.len() {
            break;
        }
        if child + 1 < heap.len() && heap[child + 1].before(&heap[child]) {
            child += 1;
        }
        if !heap[child].before(&entry) {
            break;
        }
        place(heap, slot, s, heap[child]);
        s = child;
    }
    place(heap, slot, s, entry);
}

/// Puts `entry` at index `s`, keeping its cell's position up to date.
fn place(heap: &mut [Entry], slot: &mut [u32], s: usize, entry: Entry) {
    heap[s] = entry;
    slot[entry.cell as usize] = s as u32;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(p: u64, order: u32) -> Key {
        Key {
            priority: p,
            tie: 0,
            order,
        }
    }

    #[test]
    fn pops_in_key_order_through_updates_and_removals() {
        let mut open = OpenList::new(10);
        for (cell, p) in [(0, 50), (1, 20), (2, 70), (3, 10), (4, 40), (5, 60)] {
            open.push(cell, key(p, cell));
        }
        open.update(2, key(5, 2));
        open.update(3, key(65, 3));
        assert_eq!(open.remove(4), Some(key(40, 4)));
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
        const CELLS: u32 = 64;
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
            // Few distinct priorities and ties, so that equal keys up to `order` are common.
            let k = Key {
                priority: next(8),
                tie: next(3),
                order,
            };
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
        }
    }
}
