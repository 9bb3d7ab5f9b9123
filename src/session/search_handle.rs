//! A finder as the page holds it: made over a snapshot of the editor's map, asked with
//! numbers as JavaScript passes them (checked here, each refusal with its code), and keeping
//! the H and F of the cells on show. The wasm boundary only converts to and from this.

use crate::checks::search_error::SearchError;
use crate::dynamic::navigation::NavigationError;
use crate::dynamic::walk::Walk;
use crate::finder::repairing::{QueuedKey, Repairing};
use crate::finder::Finder;
use crate::formats::trace::{trace_text, TraceError};
use crate::geometry::grid::Point;
use crate::options::SearchOptions;
use crate::registry::new_finder;
use crate::session::editor::MapEditor;
use crate::session::inspect::{open_list_page, replay, ShownEstimates};
use crate::text::argument::{coord, count, whole, ArgumentProblem};
use crate::vocabulary::events::{NodeValues, StepEvent};

/// What a handle holds: a search, or a walk, which is a finder too and is also asked what
/// only a walk has (what the agent has seen, where it has been, a change of the real map).
enum Held {
    Search(Box<dyn Finder>),
    Walk(Box<Walk>),
}

impl Held {
    fn finder(&self) -> &dyn Finder {
        match self {
            Held::Search(finder) => finder.as_ref(),
            Held::Walk(walk) => walk.as_ref(),
        }
    }

    fn finder_mut(&mut self) -> &mut dyn Finder {
        match self {
            Held::Search(finder) => finder.as_mut(),
            Held::Walk(walk) => walk.as_mut(),
        }
    }
}

/// The most open nodes, or events, one call hands over: enough for any page, small enough
/// that a slip in a caller cannot ask for the whole of a huge search at once.
const MAX_BATCH: f64 = 1e6;
/// The most past steps one call tells again: each is replayed, so they cost more.
const MAX_REPLAY: f64 = 1e5;

pub struct SearchHandle {
    held: Held,
    /// Where the search runs, for its trace.
    start: Point,
    goal: Point,
    /// H and F for the cells last asked for by [`SearchHandle::fill_estimates`].
    shown: ShownEstimates,
}

impl SearchHandle {
    /// A search over a copy of the editor's map as it is now.
    pub fn new(map: &MapEditor, options: SearchOptions) -> Result<SearchHandle, SearchError> {
        Ok(SearchHandle {
            held: Held::Search(new_finder(
                map.grid().clone(),
                map.start(),
                map.goal(),
                options,
            )?),
            start: map.start(),
            goal: map.goal(),
            shown: ShownEstimates::default(),
        })
    }

    /// The walk of the finder `options.algorithm` names, from the editor's start to its goal
    /// over its map as the real one, each step a move of the agent (see [`Walk`]); refused
    /// for a finder the catalogue says does not walk.
    pub fn walk(
        map: &MapEditor,
        options: SearchOptions,
        sensor_radius: f64,
    ) -> Result<SearchHandle, NavigationError> {
        let Some(walks) = &options.algorithm.entry().walk else {
            return Err(NavigationError::NoWalk {
                algorithm: options.algorithm.name(),
            });
        };
        let walk = Walk::new(
            map.grid().clone(),
            map.start(),
            map.goal(),
            options,
            sensor_radius,
            walks.planner,
        )?;
        Ok(SearchHandle {
            held: Held::Walk(Box::new(walk)),
            start: map.start(),
            goal: map.goal(),
            shown: ShownEstimates::default(),
        })
    }

    /// The walk on show; refused for a search.
    pub fn walking(&self) -> Result<&Walk, ArgumentProblem> {
        match &self.held {
            Held::Walk(walk) => Ok(walk),
            Held::Search(_) => Err(ArgumentProblem::NotWalking),
        }
    }

    /// The walk on show, to change its real map; refused for a search.
    pub fn walking_mut(&mut self) -> Result<&mut Walk, ArgumentProblem> {
        match &mut self.held {
            Held::Walk(walk) => Ok(walk),
            Held::Search(_) => Err(ArgumentProblem::NotWalking),
        }
    }

    pub fn finder(&self) -> &dyn Finder {
        self.held.finder()
    }

    pub fn finder_mut(&mut self) -> &mut dyn Finder {
        self.held.finder_mut()
    }

    /// The search as LPA* or D* Lite, for what only they keep (rhs, keys) and take (cell
    /// changes); refused for any other finder.
    pub fn incremental(&self) -> Result<&dyn Repairing, ArgumentProblem> {
        let algorithm = self.finder().options().algorithm.name();
        (self.finder().repairing()).ok_or(ArgumentProblem::NotIncremental { algorithm })
    }

    pub fn incremental_mut(&mut self) -> Result<&mut dyn Repairing, ArgumentProblem> {
        let algorithm = self.finder().options().algorithm.name();
        (self.finder_mut().repairing_mut()).ok_or(ArgumentProblem::NotIncremental { algorithm })
    }

    /// Up to `count` queued cells of LPA* or D* Lite in pop order, with their keys, after
    /// skipping the first `offset`.
    pub fn queue_page(&self, offset: f64, count: f64) -> Result<Vec<QueuedKey>, ArgumentProblem> {
        let offset = whole(offset, "offset", f64::from(u32::MAX))? as usize;
        let count = whole(count, "count", MAX_BATCH)? as usize;
        let queue = self.incremental()?.queue(offset.saturating_add(count));
        Ok(queue.into_iter().skip(offset).collect())
    }

    /// Up to `count` queued cells of LPA* or D* Lite in pop order partway through the next
    /// step (see [`Repairing::queue_partway`]); `None` once the search has ended.
    pub fn queue_partway(
        &mut self,
        made: f64,
        count: f64,
    ) -> Result<Option<Vec<QueuedKey>>, ArgumentProblem> {
        let made = whole(made, "made", f64::from(u32::MAX))? as usize;
        let count = whole(count, "count", MAX_BATCH)? as usize;
        Ok(self.incremental_mut()?.queue_partway(made, count))
    }

    /// H and F as last filled by [`SearchHandle::fill_estimates`].
    pub fn shown(&self) -> &ShownEstimates {
        &self.shown
    }

    /// The whole search as a Posthoc search trace (YAML), whatever step it is at; `None`
    /// when it takes more than `max_steps` steps, so the page can say why.
    pub fn trace(&mut self, max_steps: f64) -> Result<Option<String>, ArgumentProblem> {
        let limit = count(max_steps, "maxSteps")?;
        match trace_text(self.held.finder_mut(), self.start, self.goal, Some(limit)) {
            Ok(text) => Ok(Some(text)),
            Err(TraceError::TooManySteps { .. }) => Ok(None),
            Err(e) => Err(ArgumentProblem::TraceWrite {
                detail: e.to_string(),
            }),
        }
    }

    /// Takes up to `n` recorded steps without events; how many were taken.
    pub fn advance(&mut self, n: f64) -> Result<u32, ArgumentProblem> {
        Ok(self.finder_mut().advance(count(n, "n")?))
    }

    /// Moves to step `step`, back or forwards; the step reached.
    pub fn seek(&mut self, step: f64) -> Result<u32, ArgumentProblem> {
        Ok(self.finder_mut().seek(count(step, "step")?))
    }

    /// Takes up to `n` steps forward, each as `step` does, and returns their events: for
    /// reading a whole long search (to copy its log) in few calls.
    pub fn take_steps(&mut self, n: f64) -> Result<Vec<StepEvent>, ArgumentProblem> {
        let n = whole(n, "n", MAX_BATCH)? as usize;
        Ok(std::iter::from_fn(|| self.finder_mut().step())
            .take(n)
            .collect())
    }

    /// The events of steps `from` to `from + count - 1`, those already taken only, told
    /// again; the search is left exactly as it was (see [`replay`]).
    pub fn step_events(
        &mut self,
        from: f64,
        count: f64,
    ) -> Result<Vec<StepEvent>, ArgumentProblem> {
        let from = whole(from, "from", f64::from(u32::MAX))? as u32;
        let count = whole(count, "count", MAX_REPLAY)? as u32;
        Ok(replay(self.finder_mut(), from, count))
    }

    /// The first `k` open nodes in the order they will be taken.
    pub fn open_list(&self, k: f64) -> Result<Vec<NodeValues>, ArgumentProblem> {
        Ok(self.finder().open_list(whole(k, "k", MAX_BATCH)? as usize))
    }

    /// Up to `count` open nodes in pop order, after skipping the first `offset`.
    pub fn open_list_page(
        &self,
        offset: f64,
        count: f64,
    ) -> Result<Vec<NodeValues>, ArgumentProblem> {
        let offset = whole(offset, "offset", f64::from(u32::MAX))? as usize;
        let count = whole(count, "count", MAX_BATCH)? as usize;
        Ok(open_list_page(self.finder(), offset, count))
    }

    /// Up to `count` open nodes in pop order partway through the next step (see
    /// [`Finder::open_list_partway`]); `None` where the finder does not say.
    pub fn open_list_partway(
        &mut self,
        made: f64,
        count: f64,
    ) -> Result<Option<Vec<NodeValues>>, ArgumentProblem> {
        let made = whole(made, "made", f64::from(u32::MAX))? as usize;
        let count = whole(count, "count", MAX_BATCH)? as usize;
        Ok(self.finder_mut().open_list_partway(made, count))
    }

    /// Works out H and F for the cells in columns `x0..x1` and rows `y0..y1`, clipped to
    /// the grid (see [`ShownEstimates::fill`]).
    pub fn fill_estimates(
        &mut self,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
    ) -> Result<(), ArgumentProblem> {
        let from = (coord(x0, "x0")?, coord(y0, "y0")?);
        let to = (coord(x1, "x1")?, coord(y1, "y1")?);
        self.shown.fill(self.held.finder(), from, to);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Algorithm;

    fn handle(algorithm: Algorithm) -> SearchHandle {
        let map = MapEditor::default_scene(12, 8).unwrap();
        let options = SearchOptions {
            algorithm,
            ..SearchOptions::default()
        };
        SearchHandle::new(&map, options).unwrap()
    }

    fn code(problem: ArgumentProblem) -> String {
        serde_json::to_value(&problem).unwrap()["code"]
            .as_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn steps_taken_in_a_batch_are_the_ones_taken_singly() {
        let mut batched = handle(Algorithm::AStar);
        let mut single = handle(Algorithm::AStar);
        let events = batched.take_steps(5.0).unwrap();
        let one_by_one: Vec<StepEvent> =
            (0..5).filter_map(|_| single.finder_mut().step()).collect();
        assert_eq!(events, one_by_one);
        assert_eq!(batched.step_events(2.0, 3.0).unwrap(), events[1..4]);
        assert_eq!(batched.finder().counters().steps, 5);
        assert_eq!(batched.seek(1.0).unwrap(), 1);
        assert_eq!(batched.advance(2.0).unwrap(), 2);
        let rest = batched.take_steps(1e6).unwrap();
        assert!(!rest.is_empty());
        assert!(batched.take_steps(3.0).unwrap().is_empty(), "finished");
    }

    #[test]
    fn numbers_out_of_range_are_refused_by_name_and_change_nothing() {
        let mut h = handle(Algorithm::Dijkstra);
        h.advance(3.0).unwrap();
        for refused in [
            h.take_steps(1e6 + 1.0),
            h.take_steps(-1.0),
            h.step_events(1.0, 1e5 + 1.0),
            h.step_events(0.5, 1.0),
        ] {
            assert_eq!(code(refused.unwrap_err()), "not-whole");
        }
        assert!(h.open_list(2.5).is_err() && h.open_list_page(1.0, 1e7).is_err());
        assert!(h.seek(f64::NAN).is_err() && h.advance(-2.0).is_err());
        let bad = h.fill_estimates(0.0, 0.0, 0.5, 3.0).unwrap_err();
        assert_eq!(code(bad.clone()), "bad-coordinate");
        assert!(bad.to_string().contains("x1"));
        assert_eq!(h.finder().counters().steps, 3);
        assert!(h.shown().h().is_empty());
        assert_eq!(
            h.open_list_page(0.0, 2.0).unwrap(),
            h.open_list(2.0).unwrap()
        );
    }

    #[test]
    fn a_trace_is_written_whole_or_not_at_all_past_its_limit() {
        let mut h = handle(Algorithm::AStar);
        h.advance(2.0).unwrap();
        let text = h.trace(1e6).unwrap().expect("a short search is traced");
        assert!(text.contains("expanding"));
        assert_eq!(h.trace(1.0).unwrap(), None);
        assert_eq!(h.finder().counters().steps, 2, "left at its step");
        assert_eq!(code(h.trace(-1.0).unwrap_err()), "not-whole");
    }

    #[test]
    fn estimates_are_filled_for_the_window_asked_for() {
        let mut h = handle(Algorithm::AStar);
        h.advance(4.0).unwrap();
        h.fill_estimates(-3.0, -3.0, 100.0, 100.0).unwrap();
        let grid = h.finder().grid();
        let start = grid.index_of(h.start.x.into(), h.start.y.into()).unwrap();
        let (hv, fv) = h.finder().estimates(start as u32);
        assert!(hv.is_finite() && fv.is_finite());
        assert_eq!((h.shown().h()[start], h.shown().f()[start]), (hv, fv));
    }

    /// LPA* and D* Lite take the editor's map as a batch while they run and repair from
    /// step 0, which stepping back does not cross; an undo of the edit is another batch.
    #[test]
    fn an_incremental_search_repairs_to_the_editors_map_from_step_0() {
        for algorithm in [Algorithm::LpaStar, Algorithm::DStarLite] {
            let mut map = MapEditor::default_scene(12, 8).unwrap();
            let options = SearchOptions {
                algorithm,
                ..SearchOptions::default()
            };
            let mut h = SearchHandle::new(&map, options).unwrap();
            h.finder_mut().finish();
            let cost = h.finder().path_cost().unwrap();
            let path: Vec<u32> = h.finder().path().to_vec();
            let on_path = map.grid().point(path[path.len() / 2] as usize);
            map.paint(on_path.x.into(), on_path.y.into(), 0).unwrap();
            let search = h.incremental_mut().unwrap();
            let repaired = search.repair_to(map.grid(), map.start(), map.goal());
            assert_eq!(repaired, Ok(Some(1)), "{algorithm}");
            assert_eq!(h.finder().counters().steps, 0);
            assert!(
                !h.finder_mut().step_back(),
                "{algorithm}: not across the batch"
            );
            let total = h.finder_mut().finish();
            assert_eq!(total, crate::vocabulary::status::Status::Found);
            let steps = h.finder().counters().steps;
            assert_eq!(h.finder().total_steps(), Some(steps));
            assert!(h.finder().path_cost().unwrap() >= cost);
            // The repair's expansions, beside A*'s from scratch on the map as edited.
            let mut scratch = crate::search::Search::new(
                map.grid().clone(),
                map.start(),
                map.goal(),
                SearchOptions::default(),
            )
            .unwrap();
            scratch.run();
            let info = h.finder().info();
            assert_eq!(
                info.from_scratch_expanded,
                Some(scratch.counters().expanded)
            );
            assert!(info.repair_expanded.unwrap() > 0);
            assert_eq!(h.seek(0.0).unwrap(), 0, "back to the batch");
            assert_eq!(h.finder().grid(), map.grid(), "the batch stays");
            // Undo in the editor is one more batch.
            map.undo();
            let search = h.incremental_mut().unwrap();
            let undone = search.repair_to(map.grid(), map.start(), map.goal());
            assert_eq!(undone, Ok(Some(1)));
            assert_eq!(
                h.finder_mut().finish(),
                crate::vocabulary::status::Status::Found
            );
            assert_eq!(h.finder().path_cost(), Some(cost));
            // Nothing changed: nothing to repair. Another goal: a new search is wanted.
            let search = h.incremental_mut().unwrap();
            assert_eq!(
                search.repair_to(map.grid(), map.start(), map.goal()),
                Ok(Some(0))
            );
            map.move_endpoint(crate::session::editor::Endpoint::Goal, 0, 7)
                .unwrap();
            let search = h.incremental_mut().unwrap();
            assert_eq!(
                search.repair_to(map.grid(), map.start(), map.goal()),
                Ok(None)
            );
            let queue = h.queue_page(0.0, 3.0).unwrap();
            assert!(queue.len() <= 3);
            assert!(h.queue_page(0.5, 3.0).is_err());
        }
    }

    #[test]
    fn what_only_an_incremental_search_has_is_refused_to_the_others() {
        let mut h = handle(Algorithm::AStar);
        assert_eq!(code(h.incremental_mut().err().unwrap()), "not-incremental");
        let refused = h.queue_page(0.0, 5.0).unwrap_err();
        assert!(refused.to_string().contains("astar keeps no g and rhs"));
    }

    /// The finders the catalogue says walk make a walk with their planner; the others are
    /// refused with a reason, never a panic.
    #[test]
    fn a_walk_is_made_for_the_finders_that_walk_and_refused_for_the_others() {
        let map = MapEditor::default_scene(12, 8).unwrap();
        for &algorithm in Algorithm::ALL {
            let options = SearchOptions {
                algorithm,
                ..SearchOptions::default()
            };
            match (
                algorithm.entry().walk.as_ref(),
                SearchHandle::walk(&map, options, 2.0),
            ) {
                (Some(walks), Ok(handle)) => {
                    let walk = handle.walking().unwrap();
                    assert_eq!(walk.navigation().planner(), walks.planner);
                    assert_eq!(
                        handle.finder().status(),
                        crate::vocabulary::status::Status::Running
                    );
                }
                (None, Err(refused)) => {
                    assert_eq!(
                        refused,
                        NavigationError::NoWalk {
                            algorithm: algorithm.name()
                        }
                    );
                    assert!(refused.to_string().contains(algorithm.name()));
                }
                (walks, made) => panic!("{algorithm}: {walks:?}, made: {}", made.is_ok()),
            }
        }
    }
}
