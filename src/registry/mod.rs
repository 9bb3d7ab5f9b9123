//! The finders built from their options: the catalogue's entries say what each finder is,
//! this says which type runs it. It stands above every finder, so the catalogue's facts can
//! stand below them. The tests here run every finder against what its entry lists.

use crate::checks::search_error::SearchError;
use crate::dynamic::incremental::{Incremental, Variant};
use crate::finder::Finder;
use crate::finders::bidirectional::{Bidirectional, Kind};
use crate::finders::idastar::IdaStar;
use crate::finders::JumpPointSearch;
use crate::geometry::grid::{Grid, Point};
use crate::options::{Algorithm, SearchOptions};
use crate::search::Search;

/// The finder `options.algorithm` names, searching `grid` from `start` to `goal`.
pub fn new_finder(
    grid: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
) -> Result<Box<dyn Finder>, SearchError> {
    let (g, s, t, o) = (grid, start, goal, options);
    match options.algorithm {
        // The shared loop reads its configuration from the catalogue entry.
        Algorithm::AStar
        | Algorithm::Dijkstra
        | Algorithm::Greedy
        | Algorithm::BreadthFirst
        | Algorithm::ThetaStar
        | Algorithm::LazyThetaStar => boxed(Search::new(g, s, t, o)),
        Algorithm::IdaStar => boxed(IdaStar::new(g, s, t, o)),
        Algorithm::BiAStar => boxed(Bidirectional::new(g, s, t, o, Kind::AStar)),
        Algorithm::BiDijkstra => boxed(Bidirectional::new(g, s, t, o, Kind::Dijkstra)),
        Algorithm::BiBreadthFirst => boxed(Bidirectional::new(g, s, t, o, Kind::BreadthFirst)),
        Algorithm::BiGreedy => boxed(Bidirectional::new(g, s, t, o, Kind::Greedy)),
        Algorithm::JumpPoint => boxed(JumpPointSearch::new(g, s, t, o)),
        Algorithm::LpaStar => boxed(Incremental::new(g, s, t, o, Variant::LpaStar)),
        Algorithm::DStarLite => boxed(Incremental::new(g, s, t, o, Variant::DStarLite)),
    }
}

fn boxed<F: Finder + 'static>(
    finder: Result<F, SearchError>,
) -> Result<Box<dyn Finder>, SearchError> {
    Ok(Box::new(finder?))
}

// serde_json reads the serialized forms natively.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::catalogue::*;
    use crate::finder::repairing::CellEdit;
    use crate::geometry::grid::MAX_SIDE;
    use crate::geometry::grid::{GROUND, WALL};
    use crate::geometry::heuristic::Heuristic;
    use crate::geometry::movement::{CostModel, DiagonalRule, Directions, NeighbourOrder};
    use crate::options::{GoalTest, TieBreak, DEFAULT_NODE_LIMIT};
    use crate::vocabulary::agent::PlannerKind;
    use crate::vocabulary::events::StepEvent;
    use crate::vocabulary::status::Counter;

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
            let moves_start = finder.options().algorithm == Algorithm::DStarLite;
            let incremental = finder.repairing_mut().unwrap();
            if moves_start && path.len() > 2 {
                incremental.move_start(path[1]).unwrap();
            }
            incremental.apply_edits(&edits(WALL)).unwrap();
            self.steps(finder, 4);
            let incremental = finder.repairing_mut().unwrap();
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
                        weight: 3,
                        ..
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
            // The square grid's; the wider neighbourhoods are tested in tests/neighbourhoods.rs.
            |o, i| {
                let square = [Directions::Four, Directions::Eight];
                square.get(i).map(|&d| o.directions = d).is_some()
            },
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
        assert_eq!(
            json["values"]["directions"],
            serde_json::json!(["4", "8", "16", "32", "blink"])
        );
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
        assert_eq!(json["limits"]["maxStep"], u32::MAX);
        assert_eq!(
            json["hexSteps"],
            serde_json::json!({ "10-14": 10.0, "exact": 1.0, "unit": 1.0 })
        );
        // Every cost model, by its name.
        let named: Vec<&str> = json["hexSteps"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut names = CostModel::NAMES.to_vec();
        names.sort_unstable();
        assert_eq!(named, names);
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
