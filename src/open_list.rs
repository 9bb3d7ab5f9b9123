//! The open list: an indexed binary min-heap of cells. Knowing where each cell sits lets the
//! search lower a cell's priority in place, and lets a step be undone exactly.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Pop order key, compared field by field; `order` makes every key unique, so the pop order
/// is fully determined by the keys whatever the heap's internal layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// The priority (an `f64` >= 0 as its bit pattern, which sorts like the number).
    pub priority: u64,
    /// Tie-break among equal priorities.
    pub tie: u64,
    /// Tie-break among equal priority and tie: entry order, oldest or newest first.
    pub order: u32,
}

const ABSENT: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct OpenList {
    heap: Vec<(Key, u32)>,
    /// Heap slot of each cell, or `ABSENT`.
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
            s => Some(self.heap[s as usize].0),
        }
    }

    /// Empties the list in time proportional to its length.
    pub fn clear(&mut self) {
        for &(_, cell) in &self.heap {
            self.slot[cell as usize] = ABSENT;
        }
        self.heap.clear();
    }

    pub fn push(&mut self, cell: u32, key: Key) {
        debug_assert_eq!(self.slot[cell as usize], ABSENT);
        self.heap.push((key, cell));
        self.slot[cell as usize] = (self.heap.len() - 1) as u32;
        self.sift_up(self.heap.len() - 1);
    }

    pub fn pop(&mut self) -> Option<(u32, Key)> {
        let (_, top) = *self.heap.first()?;
        self.remove(top).map(|key| (top, key))
    }

    /// Gives a cell already in the list a new key, moving it up or down.
    pub fn update(&mut self, cell: u32, key: Key) {
        let s = self.slot[cell as usize] as usize;
        let old = std::mem::replace(&mut self.heap[s].0, key);
        if key < old {
            self.sift_up(s);
        } else {
            self.sift_down(s);
        }
    }

    /// Takes a cell out of the list, returning its key.
    pub fn remove(&mut self, cell: u32) -> Option<Key> {
        let s = self.slot[cell as usize];
        if s == ABSENT {
            return None;
        }
        let s = s as usize;
        let (key, _) = self.heap.swap_remove(s);
        self.slot[cell as usize] = ABSENT;
        if s < self.heap.len() {
            self.slot[self.heap[s].1 as usize] = s as u32;
            self.sift_down(s);
            self.sift_up(s);
        }
        Some(key)
    }

    /// The first `k` entries in pop order, without disturbing the list: a best-first walk
    /// of the heap tree, O(k log k).
    pub fn peek_sorted(&self, k: usize) -> Vec<(u32, Key)> {
        let mut out = Vec::with_capacity(k.min(self.heap.len()));
        let mut frontier = BinaryHeap::new();
        if !self.heap.is_empty() {
            frontier.push(Reverse((self.heap[0].0, 0usize)));
        }
        while out.len() < k {
            let Some(Reverse((key, s))) = frontier.pop() else {
                break;
            };
            out.push((self.heap[s].1, key));
            for child in [2 * s + 1, 2 * s + 2] {
                if let Some(&(child_key, _)) = self.heap.get(child) {
                    frontier.push(Reverse((child_key, child)));
                }
            }
        }
        out
    }

    /// Moves the entry at slot `s` up to its place: parents move down into the hole.
    fn sift_up(&mut self, mut s: usize) {
        let entry = self.heap[s];
        while s > 0 {
            let parent = (s - 1) / 2;
            if entry.0 >= self.heap[parent].0 {
                break;
            }
            self.place(s, self.heap[parent]);
            s = parent;
        }
        self.place(s, entry);
    }

    /// Moves the entry at slot `s` down to its place: smaller children move up into the hole.
    fn sift_down(&mut self, mut s: usize) {
        let entry = self.heap[s];
        let n = self.heap.len();
        loop {
            let left = 2 * s + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.heap[right].0 < self.heap[left].0 {
                right
            } else {
                left
            };
            if self.heap[child].0 >= entry.0 {
                break;
            }
            self.place(s, self.heap[child]);
            s = child;
        }
        self.place(s, entry);
    }

    fn place(&mut self, s: usize, entry: (Key, u32)) {
        self.heap[s] = entry;
        self.slot[entry.1 as usize] = s as u32;
    }
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
}
