//! ComputeShortestPath, one vertex at a time: the rhs lookahead, UpdateVertex and the
//! step that makes the vertex with the lowest key consistent (or infinite); then the path
//! read back from the values.

use std::cell::OnceCell;

use crate::finder::Finder;
use crate::geometry::topology;
use crate::vocabulary::events::VertexAction;
use crate::vocabulary::marks::{MARK_OVERCONSISTENT, MARK_UNDERCONSISTENT};
use crate::vocabulary::record::{record_of, CLOSED, OPEN, STATE_MASK, UNVISITED};
use crate::vocabulary::status::Status;

use super::entry::EntryKind;
use super::key::TwoPartKey;
use super::{Incremental, Variant};

/// What a step did, before it is put into words.
pub(super) enum Taken {
    Vertex {
        cell: u32,
        key: TwoPartKey,
        action: VertexAction,
        updated: Vec<u32>,
    },
    Finished,
}

impl Incremental {
    /// The heuristic from a cell to the target, in units.
    pub(super) fn h(&self, cell: u32) -> f64 {
        self.graph.estimate(cell, self.target_at())
    }

    /// The key `cell` is queued under, from its g and rhs now (see
    /// [`TwoPartKey::calculate`]).
    pub(super) fn calculate_key(&self, cell: u32) -> TwoPartKey {
        let c = cell as usize;
        let (g, rhs) = (self.g[c], self.rhs[c]);
        TwoPartKey::calculate(
            cell,
            g,
            rhs,
            self.h(cell),
            self.s.k_m,
            self.options.tie_break,
        )
    }

    /// The cost of the edge between `cell` and its neighbour by the `i`-th move, in the
    /// direction rhs(cell) reads it: into `cell` for LPA*, out of it for D* Lite. Entering
    /// a cell costs its terrain weight times the step.
    #[inline(always)]
    fn edge(&self, cell: u32, i: usize, neighbour: u32) -> f64 {
        let entered = match self.variant {
            Variant::LpaStar => cell,
            Variant::DStarLite => neighbour,
        };
        self.graph.cost_into(i, entered)
    }

    /// rhs from scratch, `min over neighbours s' of c + g(s')`, and the move from the
    /// best neighbour (`None`: no neighbour with a finite g).
    pub(super) fn lookahead(&mut self, cell: u32) -> (f64, Option<usize>) {
        let legal = self.graph.legal(cell);
        let mut best = (f64::INFINITY, None);
        for i in topology::indices(legal) {
            let v = self.graph.neighbour(cell, i);
            let via = self.g[v as usize] + self.edge(cell, i, v);
            if via < best.0 {
                best = (via, Some(self.graph.neighbourhood.reverse(i)));
            }
        }
        best
    }

    /// Puts a cell on the queue with `key`, moves it there, or takes it off (`None`).
    pub(super) fn queue_set(&mut self, cell: u32, key: Option<TwoPartKey>) {
        match (self.open.key_of(cell), key) {
            (None, Some(k)) => {
                self.open.push(cell, k);
                self.s.counters.generated += 1;
            }
            (Some(old), Some(k)) if old != k => {
                self.open.update(cell, k);
            }
            (Some(_), None) => {
                self.open.remove(cell);
            }
            _ => {}
        }
        self.refresh(cell, key.is_some());
    }

    /// The state bits and marks of a cell from its g, rhs and place in the queue. Every
    /// change of g or rhs is followed by a [`Incremental::queue_set`], which calls this.
    fn refresh(&mut self, cell: u32, queued: bool) {
        let c = cell as usize;
        let state = if queued {
            OPEN
        } else if self.g[c].is_finite() {
            CLOSED
        } else {
            UNVISITED
        };
        self.record[c] = self.record[c] & !STATE_MASK | state;
        let (g, rhs) = (self.g[c], self.rhs[c]);
        self.marks[c] = if g > rhs {
            MARK_OVERCONSISTENT
        } else if g < rhs {
            MARK_UNDERCONSISTENT
        } else {
            0
        };
    }

    /// Sets rhs and the move it came through (`None`: no parent).
    pub(super) fn set_rhs(&mut self, cell: u32, rhs: f64, by: Option<usize>) {
        let c = cell as usize;
        if rhs.is_finite() && self.rhs[c].is_infinite() && self.g[c].is_infinite() {
            if self.touched.len() == self.touched.capacity()
                && self.touched.len() >= self.g.len() / 16
            {
                self.compact_touched();
            }
            self.touched.push(cell);
        }
        self.rhs[c] = rhs;
        self.record[c] = record_of(self.record[c] & STATE_MASK, by);
    }

    /// Before the list of touched cells grows past a sixteenth of the map: each cell not
    /// clean now, once (a cell made infinite again and again by a walk's repairs is listed
    /// each time).
    #[cold]
    fn compact_touched(&mut self) {
        self.touched.clear();
        for c in 0..self.g.len() {
            let clean = self.g[c] == f64::INFINITY && self.rhs[c] == f64::INFINITY;
            if !(clean && self.record[c] == UNVISITED && self.marks[c] == 0) {
                self.touched.push(c as u32);
            }
        }
    }

    /// UpdateVertex(u): queued with a fresh key exactly when locally inconsistent.
    pub(super) fn update_vertex(&mut self, cell: u32) {
        let c = cell as usize;
        let key = (self.g[c] != self.rhs[c]).then(|| self.calculate_key(cell));
        self.queue_set(cell, key);
    }

    /// For each neighbour `s` of the vertex `u` just taken: unless `s` is the source,
    /// `new_rhs(s, i, c)` may set its rhs (`i`: the move from `u` to `s`; `c`: the edge
    /// between them as rhs(s) reads it) and says whether it did; then UpdateVertex(s). When
    /// the step is logged, the neighbours that changed go into `updated`.
    fn update_neighbours(
        &mut self,
        u: u32,
        updated: &mut Vec<u32>,
        mut new_rhs: impl FnMut(&mut Self, u32, usize, f64) -> bool,
    ) {
        let legal = self.graph.legal(u);
        let source = self.source();
        for i in topology::indices(legal) {
            let s = self.graph.neighbour(u, i);
            self.save(s);
            // Only a logged step is put into words.
            let queued = self.logs_steps().then(|| self.open.key_of(s));
            let cost = self.edge(s, self.graph.neighbourhood.reverse(i), u);
            // UpdateVertex(s) only when rhs(s) changed: with g and rhs as they were, the
            // key is too (a D* Lite key queued before the start moved stays a lower bound,
            // to be raised when it comes to the top).
            if s != source && new_rhs(self, s, i, cost) {
                self.update_vertex(s);
                if queued.is_some() {
                    updated.push(s);
                }
            }
        }
    }

    /// One iteration of ComputeShortestPath, or the test that ends it.
    pub(super) fn take_step(&mut self) -> Option<Taken> {
        if self.s.status != Status::Running {
            return None;
        }
        if self.logs_steps() {
            self.begin_entry(EntryKind::Step);
        }
        self.s.counters.steps += 1;
        let target = self.target();
        let t = target as usize;
        let top = self.open.peek().and_then(|cell| self.open.key_of(cell));
        let target_key = self.calculate_key(target);
        let k_old = match top {
            Some(k) if k.order() < target_key.order() || self.rhs[t] != self.g[t] => k,
            // The end test: the top key is not below the target's and the target is
            // consistent (an empty queue leaves nothing inconsistent).
            _ => {
                let found = self.g[t].is_finite() && self.g[t] == self.rhs[t];
                self.s.status = if found { Status::Found } else { Status::NoPath };
                self.s.total_steps = Some(self.s.counters.steps);
                self.path = OnceCell::new();
                return Some(Taken::Finished);
            }
        };
        let u = k_old.cell;
        let c = u as usize;
        self.s.current = u;
        let k_new = self.calculate_key(u);
        self.save(u);
        let mut updated = Vec::new();
        let action = if k_old.order() < k_new.order() {
            self.queue_set(u, Some(k_new));
            VertexAction::Requeued {
                key: [
                    k_new.k1_units() / self.cost_scale(),
                    k_new.k2_units() / self.cost_scale(),
                ],
            }
        } else if self.g[c] > self.rhs[c] {
            // Over-consistent: g = rhs, and each neighbour's rhs may come through it now.
            self.g[c] = self.rhs[c];
            self.queue_set(u, None);
            self.s.counters.expanded += 1;
            let g_u = self.g[c];
            self.update_neighbours(u, &mut updated, |finder, s, i, cost| {
                let via = g_u + cost;
                if via < finder.rhs[s as usize] {
                    finder.set_rhs(s, via, Some(i));
                    true
                } else {
                    false
                }
            });
            VertexAction::MadeConsistent
        } else {
            // Under-consistent: g = infinity; the neighbours whose rhs came through it
            // look again, and so does the vertex itself.
            let g_old = self.g[c];
            self.g[c] = f64::INFINITY;
            self.s.counters.expanded += 1;
            self.update_neighbours(u, &mut updated, |finder, s, _, cost| {
                if finder.rhs[s as usize] == g_old + cost {
                    let (rhs, by) = finder.lookahead(s);
                    finder.set_rhs(s, rhs, by);
                    true
                } else {
                    false
                }
            });
            self.update_vertex(u);
            VertexAction::MadeInfinite
        };
        let open = self.open.len() as u32;
        self.s.counters.max_open = self.s.counters.max_open.max(open);
        Some(Taken::Vertex {
            cell: u,
            key: k_old,
            action,
            updated,
        })
    }

    /// The neighbour that rhs reads as best from `cell` (the smallest c + g, the first of
    /// equals in move order), `None` when no neighbour has a finite g.
    fn best_neighbour(&self, cell: u32) -> Option<u32> {
        let legal = self.graph.legal_now(cell);
        let mut best = (f64::INFINITY, None);
        for i in topology::indices(legal) {
            let v = self.graph.neighbour(cell, i);
            let via = self.g[v as usize] + self.edge(cell, i, v);
            if via < best.0 {
                best = (via, Some(v));
            }
        }
        best.1
    }

    /// The path, once the search has ended with one: from the target, always the best
    /// neighbour, to the source; start to goal.
    pub(super) fn extracted_path(&self) -> Vec<u32> {
        if self.s.status != Status::Found {
            return Vec::new();
        }
        let (source, mut cell) = (self.source(), self.target());
        let mut path = vec![cell];
        // A path visits each cell once: a longer walk would mean unsound values.
        while cell != source && path.len() <= self.g.len() {
            let Some(next) = self.best_neighbour(cell) else {
                break;
            };
            cell = next;
            path.push(cell);
        }
        if self.variant == Variant::LpaStar {
            path.reverse();
        }
        path
    }

    /// D* Lite: the cell the start moves to next, the second of the path (`None` until a
    /// path is found, or at the goal), without working out the rest of the path.
    pub fn next_cell(&self) -> Option<u32> {
        let at_goal = self.s.start == self.goal;
        let walking = self.variant == Variant::DStarLite && self.s.status == Status::Found;
        if !walking || at_goal {
            return None;
        }
        self.best_neighbour(self.s.start)
    }
}
