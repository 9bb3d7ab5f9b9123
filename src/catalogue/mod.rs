//! The finder catalogue: the one place that says which finders exist, what options each
//! takes and what it emits, and how each is built. Option checks, the dispatcher, the
//! command line's help and the page all read it; a new finder is a module and an entry here.

use serde::Serialize;

use crate::dynamic::incremental::{Incremental, Variant};
use crate::dynamic::navigation::PlannerKind;
use crate::finder::Finder;
use crate::finders::bidirectional::{Bidirectional, Kind};
use crate::finders::idastar::{IdaStar, DEFAULT_NODE_LIMIT};
use crate::finders::JumpPointSearch;
use crate::geometry::grid::{Grid, Point, MAX_SIDE};
use crate::geometry::heuristic::Heuristic;
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, NeighbourOrder};
use crate::options::search_error::SearchError;
use crate::options::{Algorithm, GoalTest, SearchOptions, TieBreak, MAX_HEURISTIC_WEIGHT};
use crate::search::Search;
use crate::text::names::named_enum;
use crate::vocabulary::events::{EventKind, OutcomeKind};
use crate::vocabulary::marks::Mark;
use crate::vocabulary::status::Counter;

/// How a finder searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The shared best-first loop, one expansion a step.
    BestFirst,
    /// Best-first over jump points.
    JumpPoint,
    /// Depth-first searches under a rising threshold.
    IterativeDeepening,
    /// Two best-first searches, from the start and from the goal.
    Bidirectional,
    /// g and rhs per cell under two-part keys, repaired after cell changes (LPA*, D* Lite).
    Incremental,
}

named_enum!(Family, "family", {
    BestFirst => "best-first",
    JumpPoint => "jump-point",
    IterativeDeepening => "iterative-deepening",
    Bidirectional => "bidirectional",
    Incremental => "incremental",
});

/// What orders a finder's open list (or, for IDA*, its threshold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// F = G + w*H.
    F,
    /// The cost so far.
    G,
    /// The estimate to the goal.
    H,
    /// Moves from the start, first in first out.
    Moves,
    /// The two-part key [min(g, rhs) + h + k_m; min(g, rhs)].
    Key,
}

named_enum!(Priority, "priority", { F => "f", G => "g", H => "h", Moves => "moves", Key => "key" });

/// A number a cell shows, in the order the page places them (top left, bottom left, bottom
/// right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellValue {
    F,
    G,
    H,
    /// The one-step lookahead of LPA* and D* Lite.
    Rhs,
    /// A queued cell's key [k1; k2].
    Key,
}

named_enum!(CellValue, "cell value", { F => "f", G => "g", H => "h", Rhs => "rhs", Key => "key" });

/// The values of an option a finder takes only some of (`None`: all of them, if it takes
/// the option at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Only {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<&'static [TieBreak]>,
}

const ALL_VALUES: Only = Only { tie_break: None };

/// What the cells of a best-first search show: F = G + H.
const F_G_H: &[CellValue] = &[CellValue::F, CellValue::G, CellValue::H];

/// The options a finder takes. A weight other than 1, a node limit or a map with terrain
/// weights is refused by a finder that does not take it; the other options are shared by
/// every finder the page shows, and one that does not take them runs the same without.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Takes {
    pub heuristic: bool,
    pub weight: bool,
    pub node_limit: bool,
    pub tie_break: bool,
    /// Terrain weights on the map (else every move of a kind must cost the same).
    pub terrain: bool,
    pub directions: bool,
    pub diagonal: bool,
    pub costs: bool,
    /// A goal test other than "off the open list".
    pub goal_test: bool,
    /// A neighbour order other than the default.
    pub neighbour_order: bool,
}

/// How a finder walks: the planner the agent plans with, and the counters a walk shows.
#[derive(Debug, Serialize)]
pub struct WalkEntry {
    pub planner: PlannerKind,
    pub counters: &'static [Counter],
    /// It walks as the baseline that the finders made for unknown terrain are measured
    /// against (A* from scratch against D* Lite): beside them, or in place of one while it
    /// walks, rather than as a mode of its own.
    pub baseline: bool,
}

/// Builds a finder from its options (already checked against its entry).
pub type Build = fn(Grid, Point, Point, SearchOptions) -> Result<Box<dyn Finder>, SearchError>;

/// One finder: what it is, takes and emits.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinderEntry {
    /// Its name in URLs, on the command line and from JavaScript.
    pub id: Algorithm,
    pub family: Family,
    pub priority: Priority,
    pub options: Takes,
    /// The values of an option it takes only some of.
    pub only: Only,
    /// Whether a batch of cell changes is handed to the search on show, which repairs
    /// itself, rather than a new search being made (see `SearchHandle::repair_from`).
    pub repairs: bool,
    /// What its cells show.
    pub cell_values: &'static [CellValue],
    /// The step events it can emit.
    pub events: &'static [EventKind],
    /// The outcomes its events can tell of.
    pub outcomes: &'static [OutcomeKind],
    /// The marks it sets on cells.
    pub marks: &'static [Mark],
    /// Its own counters, as `Finder::info` reports them.
    pub counters: &'static [Counter],
    /// Whether it walks in Walk mode, planning as the walk's planner, and with which counters
    /// (`None`: it does not walk).
    pub walk: Option<WalkEntry>,
    #[serde(skip)]
    pub build: Build,
}

/// Every finder, in the order of [`Algorithm::ALL`].
pub static FINDERS: [FinderEntry; 12] = [
    FinderEntry {
        // A* from scratch wherever what was sensed changed its path: the baseline D* Lite
        // is measured against.
        walk: Some(WalkEntry {
            planner: PlannerKind::AStar,
            counters: &[Counter::MoveExpanded, Counter::Replans],
            baseline: true,
        }),
        ..best_first(Algorithm::AStar, Priority::F, WEIGHTED, NEIGHBOUR_OUTCOMES)
    },
    best_first(
        Algorithm::Dijkstra,
        Priority::G,
        NO_HEURISTIC,
        NEIGHBOUR_OUTCOMES,
    ),
    best_first(Algorithm::Greedy, Priority::H, SHARED, NEIGHBOUR_OUTCOMES),
    best_first(
        Algorithm::BreadthFirst,
        Priority::Moves,
        FIRST_IN,
        FIRST_IN_OUTCOMES,
    ),
    FinderEntry {
        id: Algorithm::IdaStar,
        family: Family::IterativeDeepening,
        priority: Priority::F,
        // Depth first: no open list, so no ties to break.
        options: Takes {
            node_limit: true,
            tie_break: false,
            ..WEIGHTED
        },
        only: ALL_VALUES,
        repairs: false,
        cell_values: F_G_H,
        events: &[
            EventKind::Visited,
            EventKind::GoalReached,
            EventKind::NoPath,
            EventKind::NodeLimit,
        ],
        outcomes: &[OutcomeKind::Pushed, OutcomeKind::Pruned],
        marks: &[Mark::OnStack, Mark::Pruned],
        counters: &[Counter::Threshold, Counter::Iteration],
        walk: None,
        build: |grid, start, goal, options| boxed(IdaStar::new(grid, start, goal, options)),
    },
    // The stopping tests hold for the two sides' plain priorities: no weight.
    bidirectional(
        Algorithm::BiAStar,
        Priority::F,
        SHARED,
        NEIGHBOUR_OUTCOMES,
        |g, s, t, o| boxed(Bidirectional::new(g, s, t, o, Kind::AStar)),
    ),
    bidirectional(
        Algorithm::BiDijkstra,
        Priority::G,
        NO_HEURISTIC,
        NEIGHBOUR_OUTCOMES,
        |g, s, t, o| boxed(Bidirectional::new(g, s, t, o, Kind::Dijkstra)),
    ),
    bidirectional(
        Algorithm::BiBreadthFirst,
        Priority::Moves,
        FIRST_IN,
        FIRST_IN_OUTCOMES,
        |g, s, t, o| boxed(Bidirectional::new(g, s, t, o, Kind::BreadthFirst)),
    ),
    bidirectional(
        Algorithm::BiGreedy,
        Priority::H,
        SHARED,
        NEIGHBOUR_OUTCOMES,
        |g, s, t, o| boxed(Bidirectional::new(g, s, t, o, Kind::Greedy)),
    ),
    FinderEntry {
        id: Algorithm::JumpPoint,
        family: Family::JumpPoint,
        priority: Priority::F,
        // Jumps take every move of a kind to cost the same.
        options: Takes {
            terrain: false,
            ..WEIGHTED
        },
        only: ALL_VALUES,
        repairs: false,
        cell_values: F_G_H,
        events: &[EventKind::Jumped, EventKind::GoalReached, EventKind::NoPath],
        outcomes: &[
            OutcomeKind::JumpPoint,
            OutcomeKind::DeadEnd,
            OutcomeKind::Opened,
            OutcomeKind::Improved,
            OutcomeKind::NotImproved,
            OutcomeKind::Closed,
        ],
        marks: &[Mark::Scanned, Mark::JumpPoint, Mark::Forced],
        counters: &[Counter::Scanned, Counter::JumpPoints],
        walk: None,
        build: |grid, start, goal, options| boxed(JumpPointSearch::new(grid, start, goal, options)),
    },
    incremental(
        Algorithm::LpaStar,
        INCREMENTAL_OUTCOMES,
        &[Counter::RepairExpanded, Counter::FromScratchExpanded],
        None,
        |g, s, t, o| boxed(Incremental::new(g, s, t, o, Variant::LpaStar)),
    ),
    // Only a start that moves raises k_m, and with it the keys a vertex was queued under.
    incremental(
        Algorithm::DStarLite,
        &[
            OutcomeKind::MadeConsistent,
            OutcomeKind::MadeInfinite,
            OutcomeKind::Requeued,
        ],
        &[
            Counter::Km,
            Counter::RepairExpanded,
            Counter::FromScratchExpanded,
        ],
        Some(WalkEntry {
            planner: PlannerKind::DStarLite,
            counters: &[
                Counter::Km,
                Counter::MoveExpanded,
                Counter::FromScratchExpanded,
                Counter::Replans,
            ],
            baseline: false,
        }),
        |g, s, t, o| boxed(Incremental::new(g, s, t, o, Variant::DStarLite)),
    ),
];

/// LPA*'s keys never go stale: a vertex is taken over-consistent or under-consistent.
const INCREMENTAL_OUTCOMES: &[OutcomeKind] =
    &[OutcomeKind::MadeConsistent, OutcomeKind::MadeInfinite];

/// An incremental search: no weight and no node limit, ties on k1 broken by larger or
/// smaller g only; its cells show their key while queued, g and rhs.
const fn incremental(
    id: Algorithm,
    outcomes: &'static [OutcomeKind],
    counters: &'static [Counter],
    walk: Option<WalkEntry>,
    build: Build,
) -> FinderEntry {
    FinderEntry {
        id,
        family: Family::Incremental,
        priority: Priority::Key,
        options: SHARED,
        only: Only {
            tie_break: Some(&[TieBreak::LargerG, TieBreak::SmallerG]),
        },
        repairs: true,
        cell_values: &[CellValue::Key, CellValue::G, CellValue::Rhs],
        events: &[
            EventKind::VertexTaken,
            EventKind::GoalReached,
            EventKind::NoPath,
        ],
        outcomes,
        marks: &[Mark::OverConsistent, Mark::UnderConsistent],
        counters,
        walk,
        build,
    }
}

/// What a finder takes unless its entry says otherwise: every shared option and terrain
/// weights, but no weight and no node limit.
const SHARED: Takes = Takes {
    heuristic: true,
    weight: false,
    node_limit: false,
    tie_break: true,
    terrain: true,
    directions: true,
    diagonal: true,
    costs: true,
    goal_test: false,
    neighbour_order: false,
};

/// F = G + w*H: a weight means something.
const WEIGHTED: Takes = Takes {
    weight: true,
    ..SHARED
};

/// F = G.
const NO_HEURISTIC: Takes = Takes {
    heuristic: false,
    ..SHARED
};

/// First in, first out by the number of moves: no heuristic, and no choice among ties.
const FIRST_IN: Takes = Takes {
    heuristic: false,
    tie_break: false,
    ..SHARED
};

/// What a best-first expansion can tell of a neighbour.
const NEIGHBOUR_OUTCOMES: &[OutcomeKind] = &[
    OutcomeKind::OffGrid,
    OutcomeKind::Wall,
    OutcomeKind::CornerBlocked,
    OutcomeKind::Closed,
    OutcomeKind::Opened,
    OutcomeKind::Improved,
    OutcomeKind::NotImproved,
];

/// Breadth-first search keeps the first parent it finds: an open neighbour stays as it is.
const FIRST_IN_OUTCOMES: &[OutcomeKind] = &[
    OutcomeKind::OffGrid,
    OutcomeKind::Wall,
    OutcomeKind::CornerBlocked,
    OutcomeKind::Closed,
    OutcomeKind::Opened,
    OutcomeKind::AlreadyOpen,
];

/// A finder of the shared best-first loop.
const fn best_first(
    id: Algorithm,
    priority: Priority,
    options: Takes,
    outcomes: &'static [OutcomeKind],
) -> FinderEntry {
    FinderEntry {
        id,
        family: Family::BestFirst,
        priority,
        // The shared loop makes the goal test and examines the neighbours itself.
        options: Takes {
            goal_test: true,
            neighbour_order: true,
            ..options
        },
        only: ALL_VALUES,
        repairs: false,
        cell_values: F_G_H,
        events: &[
            EventKind::Expanded,
            EventKind::GoalReached,
            EventKind::NoPath,
        ],
        outcomes,
        marks: &[],
        counters: &[],
        walk: None,
        build: |grid, start, goal, options| boxed(Search::new(grid, start, goal, options)),
    }
}

/// A search from each end, taking turns.
const fn bidirectional(
    id: Algorithm,
    priority: Priority,
    options: Takes,
    outcomes: &'static [OutcomeKind],
    build: Build,
) -> FinderEntry {
    FinderEntry {
        id,
        family: Family::Bidirectional,
        priority,
        options,
        only: ALL_VALUES,
        repairs: false,
        cell_values: F_G_H,
        events: &[EventKind::SideExpanded, EventKind::Stopped],
        outcomes,
        marks: &[Mark::Backward, Mark::Meeting],
        counters: &[Counter::BestCost, Counter::Meeting],
        walk: None,
        build,
    }
}

fn boxed<F: Finder + 'static>(
    finder: Result<F, SearchError>,
) -> Result<Box<dyn Finder>, SearchError> {
    Ok(Box::new(finder?))
}

impl Algorithm {
    /// This finder's entry in the catalogue.
    pub fn entry(self) -> &'static FinderEntry {
        &FINDERS[self as usize]
    }
}

/// The finder `options.algorithm` names, searching `grid` from `start` to `goal`.
pub fn new_finder(
    grid: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
) -> Result<Box<dyn Finder>, SearchError> {
    (options.algorithm.entry().build)(grid, start, goal, options)
}

/// The values the shared options may take.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionValues {
    pub heuristic: &'static [&'static str],
    pub directions: Vec<u8>,
    pub diagonal: &'static [&'static str],
    pub costs: &'static [&'static str],
    pub tie_break: &'static [&'static str],
    pub goal_test: &'static [&'static str],
    pub neighbour_order: &'static [&'static str],
}

/// The numbers the engine holds options and maps to.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// The largest heuristic weight (the smallest is 0, the default 1).
    pub max_weight: f64,
    /// The largest node limit the engine counts to (the smallest is 1).
    pub max_node_limit: u32,
    pub default_node_limit: u32,
    /// The longest side of a grid.
    pub max_side: u32,
}

/// The whole catalogue, as the page and `astar finders` read it.
#[derive(Debug, Serialize)]
pub struct Catalogue {
    pub finders: &'static [FinderEntry],
    pub values: OptionValues,
    /// Each mark's bit in the sixteen bits per cell at `Search.marksPtr()`.
    pub marks: MarkBits,
    pub limits: Limits,
}

pub fn catalogue() -> Catalogue {
    Catalogue {
        finders: &FINDERS,
        values: OptionValues {
            heuristic: Heuristic::NAMES,
            directions: Directions::ALL.iter().map(|d| d.count()).collect(),
            diagonal: DiagonalRule::NAMES,
            costs: CostModel::NAMES,
            tie_break: TieBreak::NAMES,
            goal_test: GoalTest::NAMES,
            neighbour_order: NeighbourOrder::NAMES,
        },
        marks: MarkBits,
        limits: Limits {
            max_weight: MAX_HEURISTIC_WEIGHT,
            max_node_limit: u32::MAX,
            default_node_limit: DEFAULT_NODE_LIMIT,
            max_side: MAX_SIDE,
        },
    }
}

/// Every mark by name with its bit: `{ "scanned": 1, "jump-point": 2, ... }`.
#[derive(Debug)]
pub struct MarkBits;

impl Serialize for MarkBits {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(Mark::ALL.len()))?;
        for mark in Mark::ALL {
            map.serialize_entry(mark.name(), &mark.bit())?;
        }
        map.end()
    }
}

// serde_json reads the serialized forms natively.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::dynamic::incremental::CellEdit;
    use crate::geometry::grid::{GROUND, WALL};
    use crate::vocabulary::events::StepEvent;

    /// Small random maps (a fixed sequence), each with a path or not, the corners free.
    fn maps(terrain: bool) -> Vec<Grid> {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut grids: Vec<Grid> = (0..12)
            .map(|_| {
                let cells = (0..100)
                    .map(|_| match next() % 100 {
                        0..=27 => WALL,
                        28..=40 if terrain => 2 + (next() % 7) as u8,
                        _ => GROUND,
                    })
                    .collect();
                let mut grid = Grid::from_terrain(10, 10, cells).unwrap();
                for corner in [Point::new(0, 0), Point::new(9, 9)] {
                    grid.set(corner, GROUND).unwrap();
                }
                grid
            })
            .collect();
        // Walled in: no path at all.
        let mut shut = Grid::new(10, 10).unwrap();
        for p in [Point::new(1, 0), Point::new(1, 1), Point::new(0, 1)] {
            shut.set(p, WALL).unwrap();
        }
        grids.push(shut);
        grids
    }

    fn options(algorithm: Algorithm) -> SearchOptions {
        SearchOptions {
            algorithm,
            // Keeps IDA* quick on every map; a node limit is taken by no other finder.
            node_limit: algorithm.entry().options.node_limit.then_some(20_000),
            ..SearchOptions::default()
        }
    }

    /// Every event of a search from the top-left to the bottom-right corner, with the marks
    /// set and the counters reported along the way.
    struct Run {
        events: Vec<StepEvent>,
        marks: u16,
        counters: BTreeSet<String>,
    }

    fn run(grid: &Grid, options: SearchOptions) -> Result<Run, SearchError> {
        let mut finder = new_finder(grid.clone(), Point::new(0, 0), Point::new(9, 9), options)?;
        let mut run = Run {
            events: Vec::new(),
            marks: 0,
            counters: BTreeSet::new(),
        };
        run.steps(finder.as_mut(), u32::MAX);
        if options.algorithm.entry().repairs {
            run.repairs(finder.as_mut());
        }
        Ok(run)
    }

    impl Run {
        /// Up to `n` steps, each event with the marks and counters after it.
        fn steps(&mut self, finder: &mut dyn Finder, n: u32) {
            for _ in 0..n {
                let Some(event) = finder.step() else { break };
                self.events.push(event);
                self.marks |= finder.marks().iter().fold(0, |all, m| all | m);
                let info = serde_json::to_value(finder.info()).unwrap();
                self.counters
                    .extend(info.as_object().unwrap().keys().cloned());
            }
        }

        /// What a finder that repairs does after cell changes: walls across its path, put
        /// up after the end and taken down mid-repair; for D* Lite, the start moved one cell
        /// along the path first, so that k_m grows.
        fn repairs(&mut self, finder: &mut dyn Finder) {
            let path: Vec<Point> = (finder.path().iter())
                .map(|&c| finder.grid().point(c as usize))
                .collect();
            let inner: Vec<Point> = path.iter().skip(2).take(3).copied().collect();
            let edits = |terrain| -> Vec<CellEdit> {
                (inner.iter()).map(|&at| CellEdit { at, terrain }).collect()
            };
            let incremental = finder.as_incremental_mut().unwrap();
            if incremental.variant() == Variant::DStarLite && path.len() > 2 {
                incremental.move_start(path[1]).unwrap();
            }
            incremental.apply_edits(&edits(WALL)).unwrap();
            self.steps(finder, 4);
            let incremental = finder.as_incremental_mut().unwrap();
            incremental.apply_edits(&edits(GROUND)).unwrap();
            self.steps(finder, u32::MAX);
        }
    }

    #[test]
    fn the_entries_follow_the_algorithms_and_build_what_they_name() {
        for (entry, algorithm) in FINDERS.iter().zip(Algorithm::ALL) {
            assert_eq!(entry.id, *algorithm);
            let grid = Grid::new(4, 4).unwrap();
            let finder = new_finder(
                grid,
                Point::new(0, 0),
                Point::new(3, 3),
                options(*algorithm),
            );
            assert_eq!(finder.unwrap().options().algorithm, *algorithm);
        }
        assert_eq!(FINDERS.len(), Algorithm::ALL.len());
    }

    /// A weight, a node limit, a goal test on reaching, a neighbour order and terrain weights
    /// are refused exactly by the finders whose entries say they do not take them.
    #[test]
    fn options_a_finder_does_not_take_are_refused_and_the_others_accepted() {
        let flat = Grid::new(10, 10).unwrap();
        let mut weighted = flat.clone();
        weighted.set(Point::new(4, 5), 3).unwrap();
        for entry in &FINDERS {
            let takes = entry.options;
            let base = options(entry.id);
            let variants = [
                (
                    "weight",
                    SearchOptions {
                        weight: 2.0,
                        ..base
                    },
                    takes.weight,
                ),
                (
                    "node limit",
                    SearchOptions {
                        node_limit: Some(500),
                        ..base
                    },
                    takes.node_limit,
                ),
                (
                    "goal test",
                    SearchOptions {
                        goal_test: GoalTest::FirstReached,
                        ..base
                    },
                    takes.goal_test,
                ),
                (
                    "order",
                    SearchOptions {
                        neighbour_order: NeighbourOrder::ColumnsBottomUp,
                        ..base
                    },
                    takes.neighbour_order,
                ),
            ];
            for (name, varied, taken) in variants {
                assert_eq!(run(&flat, varied).is_ok(), taken, "{} {name}", entry.id);
            }
            let terrain = run(&weighted, base);
            assert_eq!(terrain.is_ok(), takes.terrain, "{} terrain", entry.id);
            if !takes.terrain {
                assert!(matches!(
                    terrain,
                    Err(SearchError::WeightedMap {
                        x: 4,
                        y: 5,
                        weight: 3
                    })
                ));
            }
            assert!(run(&flat, base).is_ok());
        }
    }

    /// The options every finder is given: one a finder takes changes what it does on some
    /// map; one it does not take changes nothing at all.
    #[test]
    fn a_shared_option_changes_the_search_exactly_when_the_finder_takes_it() {
        type Variants = Vec<fn(&mut SearchOptions, usize) -> bool>;
        let variants: Variants = vec![
            |o, i| {
                o.heuristic = Heuristic::ALL.get(i).copied();
                i < Heuristic::ALL.len()
            },
            |o, i| Directions::ALL.get(i).map(|&d| o.directions = d).is_some(),
            |o, i| DiagonalRule::ALL.get(i).map(|&d| o.diagonal = d).is_some(),
            |o, i| CostModel::ALL.get(i).map(|&c| o.costs = c).is_some(),
            |o, i| TieBreak::ALL.get(i).map(|&t| o.tie_break = t).is_some(),
        ];
        let taken: [fn(Takes) -> bool; 5] = [
            |t| t.heuristic,
            |t| t.directions,
            |t| t.diagonal,
            |t| t.costs,
            |t| t.tie_break,
        ];
        let names = ["heuristic", "directions", "diagonal", "costs", "tie-break"];
        for entry in &FINDERS {
            let grids = maps(entry.options.terrain);
            for ((set, takes), name) in variants.iter().zip(taken).zip(names) {
                let mut changed = false;
                for grid in &grids[..4] {
                    let mut streams = Vec::new();
                    for i in 0.. {
                        let mut o = options(entry.id);
                        if !set(&mut o, i) {
                            break;
                        }
                        let only = entry.only.tie_break;
                        if only.is_some_and(|taken| !taken.contains(&o.tie_break)) {
                            continue;
                        }
                        streams.push(run(grid, o).unwrap().events);
                    }
                    changed |= streams.iter().any(|s| *s != streams[0]);
                }
                assert_eq!(changed, takes(entry.options), "{} {name}", entry.id);
            }
        }
    }

    /// Run over maps and movement rules, each finder emits exactly the event kinds, outcomes,
    /// marks and counters its entry lists: none other, and each of them somewhere.
    #[test]
    fn each_finder_emits_what_its_entry_lists() {
        for entry in &FINDERS {
            let (mut events, mut outcomes, mut marks, mut counters) =
                (BTreeSet::new(), BTreeSet::new(), 0, BTreeSet::new());
            let mut limited = options(entry.id);
            if entry.options.node_limit {
                limited.node_limit = Some(30);
            }
            let rules = [
                (Directions::Eight, DiagonalRule::IfAtMostOneObstacle),
                (Directions::Eight, DiagonalRule::OnlyWhenNoObstacles),
                (Directions::Four, DiagonalRule::Always),
            ];
            for grid in maps(entry.options.terrain) {
                for (directions, diagonal) in rules {
                    for base in [options(entry.id), limited] {
                        let o = SearchOptions {
                            directions,
                            diagonal,
                            ..base
                        };
                        let run = run(&grid, o).unwrap();
                        for event in &run.events {
                            let json = serde_json::to_value(event).unwrap();
                            assert_eq!(json["kind"], event.kind().name(), "{event:?}");
                            events.insert(event.kind().name());
                            outcomes.extend(event.outcome_kinds().iter().map(|k| k.name()));
                        }
                        marks |= run.marks;
                        counters.extend(run.counters);
                    }
                }
            }
            let listed = |names: Vec<&'static str>| names.into_iter().collect::<BTreeSet<_>>();
            let id = entry.id;
            assert_eq!(
                events,
                listed(entry.events.iter().map(|k| k.name()).collect()),
                "{id}"
            );
            let declared = listed(entry.outcomes.iter().map(|k| k.name()).collect());
            assert_eq!(outcomes, declared, "{id}");
            let bits = entry.marks.iter().fold(0, |all, m| all | m.bit());
            assert_eq!(marks, bits, "{id} marks");
            let declared = entry.counters.iter().map(|c| c.name().to_string());
            assert_eq!(counters, declared.collect(), "{id} counters");
        }
    }

    /// Outcome names are the tags the events carry, checked on one of each shape.
    #[test]
    fn outcome_names_are_the_serialized_tags() {
        let grid = maps(false).remove(0);
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::JumpPoint] {
            for event in run(&grid, options(algorithm)).unwrap().events {
                let json = serde_json::to_value(&event).unwrap();
                let tags: Vec<String> = match &event {
                    StepEvent::Expanded { .. } => json["neighbours"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| n["outcome"].as_str().unwrap().to_string())
                        .collect(),
                    StepEvent::Visited { .. } => vec![json["outcome"].as_str().unwrap().into()],
                    StepEvent::Jumped { .. } => json["jumps"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .flat_map(|j| {
                            let end = j["end"].as_str().unwrap().to_string();
                            let result = j["result"]["outcome"].as_str().map(String::from);
                            std::iter::once(end).chain(result)
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                let names: Vec<&str> = event.outcome_kinds().iter().map(|k| k.name()).collect();
                assert_eq!(tags, names, "{event:?}");
            }
        }
    }

    /// A tie-break an entry lists no value for is refused with the values it takes.
    #[test]
    fn only_the_tie_breaks_an_entry_lists_are_taken() {
        for entry in &FINDERS {
            for &tie_break in TieBreak::ALL {
                let o = SearchOptions {
                    tie_break,
                    ..options(entry.id)
                };
                match entry.only.tie_break {
                    Some(taken) if !taken.contains(&tie_break) => {
                        let refused = o.validate().unwrap_err();
                        let text = refused.to_string();
                        assert!(text.contains("larger-g or smaller-g only"), "{text}");
                        assert!(run(&Grid::new(10, 10).unwrap(), o).is_err());
                    }
                    _ => assert!(o.validate().is_ok(), "{} {tie_break}", entry.id),
                }
            }
        }
    }

    /// A* walks replanning from scratch where what was sensed changed its path, D* Lite
    /// repairing its search; no other finder walks.
    #[test]
    fn a_star_and_d_star_lite_walk_each_with_its_planner() {
        for entry in &FINDERS {
            let planner = entry.walk.as_ref().map(|walk| walk.planner);
            let expected = match entry.id {
                Algorithm::AStar => Some(PlannerKind::AStar),
                Algorithm::DStarLite => Some(PlannerKind::DStarLite),
                _ => None,
            };
            assert_eq!(planner, expected, "{}", entry.id);
            if let Some(walk) = &entry.walk {
                assert!(walk.counters.contains(&Counter::MoveExpanded));
                assert!(walk.counters.contains(&Counter::Replans));
            }
        }
        let json = serde_json::to_value(catalogue()).unwrap();
        assert_eq!(json["finders"][0]["walk"]["planner"], "astar");
        assert_eq!(json["finders"][0]["walk"]["baseline"], true);
        assert_eq!(json["finders"][11]["walk"]["baseline"], false);
        assert_eq!(
            json["finders"][11]["walk"]["counters"],
            serde_json::json!(["km", "moveExpanded", "fromScratchExpanded", "replans"])
        );
        assert_eq!(json["finders"][1]["walk"], serde_json::Value::Null);
    }

    #[test]
    fn the_catalogue_serializes_in_the_shape_the_page_reads() {
        let json = serde_json::to_value(catalogue()).unwrap();
        let bi_astar = &json["finders"][5];
        assert_eq!(bi_astar["id"], "bi-astar");
        assert_eq!(bi_astar["family"], "bidirectional");
        assert_eq!(bi_astar["priority"], "f");
        assert_eq!(bi_astar["options"]["weight"], false);
        assert_eq!(json["finders"][9]["options"]["weight"], true);
        assert_eq!(json["finders"][4]["options"]["nodeLimit"], true);
        assert_eq!(json["finders"][9]["counters"][1], "jumpPoints");
        assert_eq!(json["finders"][9]["marks"][1], "jump-point");
        assert_eq!(json["values"]["directions"], serde_json::json!([4, 8]));
        assert_eq!(json["values"]["tieBreak"][0], "larger-g");
        assert_eq!(json["values"]["goalTest"][1], "first-reached");
        assert_eq!(json["values"]["neighbourOrder"][0], "clockwise");
        assert_eq!(json["finders"][0]["options"]["goalTest"], true);
        assert_eq!(bi_astar["options"]["neighbourOrder"], false);
        assert_eq!(json["marks"]["jump-point"], 2);
        assert_eq!(json["marks"]["pruned"], 64);
        assert_eq!(json["limits"]["maxWeight"], 100.0);
        assert_eq!(json["limits"]["maxNodeLimit"], u32::MAX);
        assert_eq!(json["limits"]["defaultNodeLimit"], DEFAULT_NODE_LIMIT);
        assert_eq!(json["limits"]["maxSide"], MAX_SIDE);
        let dstar = &json["finders"][11];
        assert_eq!(dstar["id"], "dstar-lite");
        assert_eq!(dstar["family"], "incremental");
        assert_eq!(dstar["priority"], "key");
        assert_eq!(dstar["repairs"], true);
        assert_eq!(
            dstar["only"]["tieBreak"],
            serde_json::json!(["larger-g", "smaller-g"])
        );
        assert_eq!(dstar["cellValues"], serde_json::json!(["key", "g", "rhs"]));
        assert_eq!(
            dstar["marks"],
            serde_json::json!(["over-consistent", "under-consistent"])
        );
        assert_eq!(
            json["finders"][0]["cellValues"],
            serde_json::json!(["f", "g", "h"])
        );
        assert_eq!(json["finders"][0]["only"], serde_json::json!({}));
        assert_eq!(json["finders"][0]["repairs"], false);
        let keys: BTreeSet<&str> = bi_astar["options"]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        let expected = [
            "costs",
            "diagonal",
            "directions",
            "goalTest",
            "heuristic",
            "neighbourOrder",
            "nodeLimit",
            "terrain",
            "tieBreak",
            "weight",
        ];
        assert_eq!(keys, expected.into_iter().collect());
    }
}
