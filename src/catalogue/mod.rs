//! The finder catalogue: the one place that says which finders exist, what options each
//! takes and what it emits. Facts only: it stands below the finders, which read their
//! entries, and the option checks, the command line's help and the page read it too. The
//! finders are built from it one layer up, in `crate::registry`.

use serde::Serialize;

use crate::geometry::grid::MAX_SIDE;
use crate::geometry::heuristic::Heuristic;
use crate::geometry::hex::{Hex, Tiling};
use crate::geometry::movement::{CostModel, DiagonalRule, Directions, NeighbourOrder};
use crate::geometry::wide::{DEFAULT_BLINK_COST, MAX_BLINK_COST};
use crate::options::{Algorithm, GoalTest, TieBreak, DEFAULT_NODE_LIMIT, MAX_HEURISTIC_WEIGHT};
use crate::text::names::named_enum;
use crate::vocabulary::agent::PlannerKind;
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
    /// The best-first loop with parents anywhere in line of sight (Theta*, Lazy Theta*).
    AnyAngle,
}

named_enum!(Family, "family", {
    BestFirst => "best-first",
    JumpPoint => "jump-point",
    IterativeDeepening => "iterative-deepening",
    Bidirectional => "bidirectional",
    Incremental => "incremental",
    AnyAngle => "any-angle",
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

/// What orders entries of equal priority, with the tie-break option where the finder takes
/// one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// By G, as the tie-break option says, read through H: among equal F = G + w*H (w > 0)
    /// the larger G has the smaller H, and H, unlike G, is bounded by the size of the grid.
    ByH,
    /// By G itself, as the tie-break option says.
    ByG,
    /// Equal priority means equal G here: the entry order decides, the newest first or the
    /// oldest as the tie-break option says.
    ByEntryOrder,
    /// First in, first out, whatever the options.
    FirstIn,
    /// No open list, so no ties to break (depth first).
    NoOpenList,
}

/// When an any-angle finder tests line of sight from a node's parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SightCheck {
    /// As each neighbour is relaxed: path 2 through the parent when it sees the neighbour,
    /// else path 1 (Theta*).
    OnRelax,
    /// Once, when the node is expanded: path 2 is assumed when relaxing, and a node whose
    /// parent it turns out not to see takes its best expanded neighbour instead (Lazy Theta*).
    OnExpand,
}

named_enum!(SightCheck, "sight check", { OnRelax => "relax", OnExpand => "expand" });

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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directions: Option<&'static [Directions]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topology: Option<&'static [Tiling]>,
}

const ALL_VALUES: Only = Only {
    tie_break: None,
    directions: None,
    topology: None,
};

/// Finders whose rules hold on square cells only.
const SQUARE_ONLY: Option<&[Tiling]> = Some(&[Tiling::Square]);

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

/// One finder: what it is, takes and emits.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinderEntry {
    /// Its name in URLs, on the command line and from JavaScript.
    pub id: Algorithm,
    pub family: Family,
    pub priority: Priority,
    /// What breaks ties on the priority (the page reads it from the family and priority).
    #[serde(skip)]
    pub ties: Ties,
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
    /// Any-angle finders: when line of sight is tested.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sight: Option<SightCheck>,
}

/// Every finder, in the order of [`Algorithm::ALL`].
pub static FINDERS: [FinderEntry; 14] = [
    FinderEntry {
        // A* from scratch wherever what was sensed changed its path: the baseline D* Lite
        // is measured against.
        walk: Some(WalkEntry {
            planner: PlannerKind::AStar,
            counters: &[Counter::MoveExpanded, Counter::Replans],
            baseline: true,
        }),
        ..best_first(
            Algorithm::AStar,
            Priority::F,
            Ties::ByH,
            WEIGHTED,
            NEIGHBOUR_OUTCOMES,
        )
    },
    best_first(
        Algorithm::Dijkstra,
        Priority::G,
        Ties::ByEntryOrder,
        NO_HEURISTIC,
        NEIGHBOUR_OUTCOMES,
    ),
    best_first(
        Algorithm::Greedy,
        Priority::H,
        Ties::ByG,
        SHARED,
        NEIGHBOUR_OUTCOMES,
    ),
    best_first(
        Algorithm::BreadthFirst,
        Priority::Moves,
        Ties::FirstIn,
        FIRST_IN,
        FIRST_IN_OUTCOMES,
    ),
    FinderEntry {
        id: Algorithm::IdaStar,
        family: Family::IterativeDeepening,
        priority: Priority::F,
        ties: Ties::NoOpenList,
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
        sight: None,
    },
    // The stopping tests hold for the two sides' plain priorities: no weight.
    bidirectional(
        Algorithm::BiAStar,
        Priority::F,
        Ties::ByH,
        SHARED,
        NEIGHBOUR_OUTCOMES,
    ),
    bidirectional(
        Algorithm::BiDijkstra,
        Priority::G,
        Ties::ByEntryOrder,
        NO_HEURISTIC,
        NEIGHBOUR_OUTCOMES,
    ),
    bidirectional(
        Algorithm::BiBreadthFirst,
        Priority::Moves,
        Ties::FirstIn,
        FIRST_IN,
        FIRST_IN_OUTCOMES,
    ),
    bidirectional(
        Algorithm::BiGreedy,
        Priority::H,
        Ties::ByG,
        SHARED,
        NEIGHBOUR_OUTCOMES,
    ),
    FinderEntry {
        id: Algorithm::JumpPoint,
        family: Family::JumpPoint,
        priority: Priority::F,
        ties: Ties::ByH,
        // Jumps take every move of a kind to cost the same.
        options: Takes {
            terrain: false,
            ..WEIGHTED
        },
        // Its pruning rules are the square grid's symmetries; 16, 32, blink and hexes have
        // others.
        only: Only {
            directions: Some(&[Directions::Eight, Directions::Four]),
            topology: SQUARE_ONLY,
            ..ALL_VALUES
        },
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
        sight: None,
    },
    incremental(
        Algorithm::LpaStar,
        INCREMENTAL_OUTCOMES,
        &[Counter::RepairExpanded, Counter::FromScratchExpanded],
        None,
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
    ),
    any_angle(Algorithm::ThetaStar, SightCheck::OnRelax),
    any_angle(Algorithm::LazyThetaStar, SightCheck::OnExpand),
];

/// A finder of the shared best-first loop whose nodes take parents in line of sight: A*'s
/// priority and ties; segments of any length cost their length, so no terrain weights, and
/// its moves are the 8-grid under the sight rule whatever the movement options say.
const fn any_angle(id: Algorithm, sight: SightCheck) -> FinderEntry {
    FinderEntry {
        family: Family::AnyAngle,
        options: Takes {
            weight: false,
            terrain: false,
            directions: false,
            diagonal: false,
            ..SHARED
        },
        counters: &[Counter::SightChecks],
        sight: Some(sight),
        // Line of sight is the square cells' (see `crate::geometry::sight`).
        only: Only {
            topology: SQUARE_ONLY,
            ..ALL_VALUES
        },
        ..best_first(id, Priority::F, Ties::ByH, SHARED, NEIGHBOUR_OUTCOMES)
    }
}

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
) -> FinderEntry {
    FinderEntry {
        id,
        family: Family::Incremental,
        priority: Priority::Key,
        // Ties on k1 go by k2 = min(g, rhs), larger or smaller as the tie-break says.
        ties: Ties::ByG,
        options: SHARED,
        only: Only {
            tie_break: Some(&[TieBreak::LargerG, TieBreak::SmallerG]),
            ..ALL_VALUES
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
        sight: None,
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
    ties: Ties,
    options: Takes,
    outcomes: &'static [OutcomeKind],
) -> FinderEntry {
    FinderEntry {
        id,
        family: Family::BestFirst,
        priority,
        ties,
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
        sight: None,
    }
}

/// A search from each end, taking turns.
const fn bidirectional(
    id: Algorithm,
    priority: Priority,
    ties: Ties,
    options: Takes,
    outcomes: &'static [OutcomeKind],
) -> FinderEntry {
    FinderEntry {
        id,
        family: Family::Bidirectional,
        priority,
        ties,
        options,
        only: ALL_VALUES,
        repairs: false,
        cell_values: F_G_H,
        events: &[EventKind::SideExpanded, EventKind::Stopped],
        outcomes,
        marks: &[Mark::Backward, Mark::Meeting],
        counters: &[Counter::BestCost, Counter::Meeting],
        walk: None,
        sight: None,
    }
}

impl Algorithm {
    /// This finder's entry in the catalogue.
    pub fn entry(self) -> &'static FinderEntry {
        &FINDERS[self as usize]
    }

    /// Whether the shared best-first loop (`crate::search::Search`) runs it.
    pub fn is_best_first(self) -> bool {
        matches!(self.entry().family, Family::BestFirst | Family::AnyAngle)
    }

    /// Whether two searches run, one from each end.
    pub fn is_bidirectional(self) -> bool {
        self.entry().family == Family::Bidirectional
    }

    /// Whether a batch of cell changes repairs the search rather than starting a new one.
    pub fn repairs(self) -> bool {
        self.entry().repairs
    }

    /// Whether the priority adds a weighted heuristic to the cost so far, so that a weight
    /// means something.
    pub fn takes_weight(self) -> bool {
        self.entry().options.weight
    }

    /// The finders that take an option, by name.
    pub(crate) fn takers(takes: fn(Takes) -> bool) -> String {
        let takers = Algorithm::ALL.iter().filter(|a| takes(a.entry().options));
        takers.map(|a| a.name()).collect::<Vec<_>>().join(", ")
    }
}

/// The values the shared options may take.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionValues {
    pub heuristic: &'static [&'static str],
    pub topology: &'static [&'static str],
    pub directions: &'static [&'static str],
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
    /// The last step a search can be taken to (steps are counted in 32 bits).
    pub max_step: u32,
    /// The longest side of a grid.
    pub max_side: u32,
    /// The largest blink penalty and the default, in straight steps.
    pub max_blink_cost: f64,
    pub default_blink_cost: f64,
}

/// The whole catalogue, as the page and `astar finders` read it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    pub finders: &'static [FinderEntry],
    pub values: OptionValues,
    /// Each mark's bit in the sixteen bits per cell at `Search.marksPtr()`.
    pub marks: MarkBits,
    pub limits: Limits,
    /// What a move costs on hexes under each cost model, by its name.
    pub hex_steps: HexSteps,
}

pub fn catalogue() -> Catalogue {
    Catalogue {
        finders: &FINDERS,
        values: OptionValues {
            heuristic: Heuristic::NAMES,
            topology: Tiling::NAMES,
            directions: Directions::NAMES,
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
            max_step: u32::MAX,
            max_side: MAX_SIDE,
            max_blink_cost: MAX_BLINK_COST,
            default_blink_cost: DEFAULT_BLINK_COST,
        },
        hex_steps: HexSteps {
            ten_fourteen: Hex {
                costs: CostModel::TenFourteen,
            }
            .step(),
            exact: Hex {
                costs: CostModel::Exact,
            }
            .step(),
            unit: Hex {
                costs: CostModel::Unit,
            }
            .step(),
        },
    }
}

/// The cost of a move on hexes under each cost model, by its name (a struct rather than a
/// map: the page's single file is smaller so).
#[derive(Debug, Serialize)]
pub struct HexSteps {
    #[serde(rename = "10-14")]
    pub ten_fourteen: f64,
    pub exact: f64,
    pub unit: f64,
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
