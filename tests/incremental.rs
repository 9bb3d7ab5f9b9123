//! LPA* and D* Lite on random maps under random batches of cell changes: after every
//! batch the repaired cost is the cost a search from scratch finds (checked against the
//! brute-force oracle in `common`), the path is legal and costs that much, the algorithm's
//! invariants hold after every step, and every step and batch is undone exactly.

mod common;

use astar_visualizer::dynamic::incremental::{Incremental, Variant};

use astar_visualizer::finder::repairing::{CellEdit, RepairError};
use astar_visualizer::{Finder, Grid, Heuristic, Point, SearchOptions, Status, TieBreak};
use common::Rules;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;

/// A map with a start and a goal on passable cells, and batches of changes to it.
#[derive(Clone, Debug)]
struct Scene {
    grid: Grid,
    start: Point,
    goal: Point,
    batches: Vec<Vec<CellEdit>>,
}

/// Maps up to 10 a side with walls and, on some, terrain weights; up to five batches of
/// up to four changes each (walls, free ground, weights), never a wall on an endpoint.
fn scene() -> impl Strategy<Value = Scene> {
    (2..=10u32, 1..=10u32, 0u8..45, any::<bool>())
        .prop_flat_map(|(w, h, density, weighted)| {
            let n = (w * h) as usize;
            let terrain = prop::collection::vec((0u8..100, 1u8..=9), n);
            let edit = (0..n, 0u8..100, 1u8..=9);
            let batches = prop::collection::vec(prop::collection::vec(edit, 1..=4), 0..=5);
            (
                Just((w, h, density, weighted)),
                terrain,
                0..n,
                0..n,
                batches,
            )
        })
        .prop_map(|((w, h, density, weighted), cells, s, g, batches)| {
            let weight = |r: u8, weight: u8| match (r < density, weighted) {
                (true, _) => 0,
                (false, true) => weight,
                (false, false) => 1,
            };
            let mut terrain: Vec<u8> = cells.iter().map(|&(r, k)| weight(r, k)).collect();
            terrain[s] = terrain[s].max(1);
            terrain[g] = terrain[g].max(1);
            let grid = Grid::from_terrain(w, h, terrain).unwrap();
            let batches = batches
                .into_iter()
                .map(|batch| {
                    batch
                        .into_iter()
                        .map(|(cell, r, k)| {
                            // Half the changes are walls, to block and reopen routes often.
                            let wall = r < 50 && cell != s && cell != g;
                            CellEdit {
                                at: grid.point(cell),
                                terrain: if wall { 0 } else { weight(100, k) },
                            }
                        })
                        .collect()
                })
                .collect();
            Scene {
                start: grid.point(s),
                goal: grid.point(g),
                grid,
                batches,
            }
        })
}

fn options(rules: Rules, heuristic: Heuristic, tie_break: TieBreak) -> SearchOptions {
    SearchOptions {
        heuristic: Some(heuristic),
        tie_break,
        directions: rules.directions,
        diagonal: rules.diagonal,
        costs: rules.costs,
        ..SearchOptions::default()
    }
}

/// A scene, its rules, a consistent heuristic, the finder and its tie-break (the
/// paper's smaller g first, or larger g first among vertices that are not
/// under-consistent), as finder options and variant.
fn case() -> impl Strategy<Value = (Scene, Rules, (SearchOptions, Variant))> {
    (scene(), Rules::any()).prop_flat_map(|(scene, rules)| {
        (
            Just(scene),
            Just(rules),
            select(rules.sound_heuristics()),
            select(Variant::ALL.to_vec()),
            select(vec![TieBreak::LargerG, TieBreak::SmallerG]),
        )
            .prop_map(|(scene, rules, h, variant, tie_break)| {
                (scene, rules, (options(rules, h, tie_break), variant))
            })
    })
}

/// The finder's answer against the oracle on its grid as edited: the same cost (or none),
/// and a legal path from the start to the goal of that cost.
fn check_answer(finder: &Incremental, rules: Rules) -> Result<(), TestCaseError> {
    let grid = finder.grid();
    let (s, t) = (grid.index(finder.start()), grid.index(finder.goal()));
    let oracle = rules.shortest_costs(grid, s)[t];
    prop_assert_eq!(
        finder.status(),
        if oracle.is_some() {
            Status::Found
        } else {
            Status::NoPath
        }
    );
    if let Some(cost) = oracle {
        let walked = rules
            .path_cost(grid, s, t, finder.path())
            .map_err(TestCaseError::fail)?;
        prop_assert_eq!(walked, cost, "path {:?}", finder.path());
        // The cost reported is the path's, summed exactly as a person adds it up (and as
        // A* reports its own), not the fixed-point g it was found with.
        prop_assert_eq!(
            finder.path_cost(),
            Some(rules.shown_cost(grid, finder.path())),
            "reported cost"
        );
    }
    Ok(())
}

fn invariants(finder: &mut Incremental) -> Result<(), TestCaseError> {
    finder.check_invariants().map_err(TestCaseError::fail)
}

/// Everything a step can change, for comparing before and after an undo.
#[derive(Debug, PartialEq)]
struct Snapshot {
    terrain: Vec<u8>,
    g: Vec<u64>,
    rhs: Vec<u64>,
    records: Vec<u8>,
    marks: Vec<u16>,
    queue: Vec<(u32, u32, u64, u64)>,
    status: Status,
    counters: astar_visualizer::Counters,
    path: Vec<u32>,
    k_m: f64,
    start: Point,
}

fn snapshot(f: &Incremental) -> Snapshot {
    // Infinite values become u64::MAX; finite ones are whole units.
    let units = |v: &[f64]| v.iter().map(|&x| x as u64).collect();
    Snapshot {
        terrain: f.grid().terrain().to_vec(),
        g: units(f.g_values()),
        rhs: units(f.rhs_values()),
        records: f.records().to_vec(),
        marks: f.marks().to_vec(),
        queue: f
            .queue(usize::MAX)
            .iter()
            .map(|q| (q.x, q.y, q.k1.to_bits(), q.k2.to_bits()))
            .collect(),
        status: f.status(),
        counters: f.counters(),
        path: f.path().to_vec(),
        k_m: f.k_m(),
        start: f.start(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Run to the end after the first search and after every batch: the cost is the
    /// oracle's on the map as edited, and the invariants hold.
    #[test]
    fn repairs_find_the_cost_a_search_from_scratch_finds((scene, rules, o) in case()) {
        let mut finder = Incremental::new(scene.grid.clone(), scene.start, scene.goal, o.0, o.1).unwrap();
        finder.run();
        invariants(&mut finder)?;
        check_answer(&finder, rules)?;
        for batch in &scene.batches {
            finder.apply_edits(batch).unwrap();
            invariants(&mut finder)?;
            finder.run();
            invariants(&mut finder)?;
            check_answer(&finder, rules)?;
        }
    }

    /// Batches arrive mid-search, after a random number of steps, and the invariants hold
    /// after every single step.
    #[test]
    fn edits_mid_search_keep_the_invariants_at_every_step(
        (scene, rules, o) in case(),
        pauses in prop::collection::vec(0u32..12, 6),
    ) {
        let mut finder = Incremental::new(scene.grid.clone(), scene.start, scene.goal, o.0, o.1).unwrap();
        for (batch, &pause) in scene.batches.iter().zip(&pauses) {
            for _ in 0..pause {
                if finder.step().is_none() {
                    break;
                }
                invariants(&mut finder)?;
            }
            finder.apply_edits(batch).unwrap();
            invariants(&mut finder)?;
        }
        while finder.step().is_some() {
            invariants(&mut finder)?;
        }
        check_answer(&finder, rules)?;
    }

    /// Each step undone restores every value, the queue and the counters; a batch undone
    /// restores the map as well, and the search then runs as if it had never come.
    #[test]
    fn steps_and_batches_are_undone_exactly(
        (scene, _, o) in case(),
        pauses in prop::collection::vec(0u32..10, 6),
    ) {
        let mut finder = Incremental::new(scene.grid.clone(), scene.start, scene.goal, o.0, o.1).unwrap();
        let mut trail = vec![snapshot(&finder)];
        for (batch, &pause) in scene.batches.iter().zip(&pauses) {
            for _ in 0..pause {
                if finder.step().is_none() {
                    break;
                }
                trail.push(snapshot(&finder));
            }
            finder.apply_edits(batch).unwrap();
            trail.push(snapshot(&finder));
        }
        finder.finish();
        let answer = snapshot(&finder);
        let last = trail.pop().unwrap();
        while finder.step_back() {}
        prop_assert_eq!(&snapshot(&finder), &last);
        while let Some(expected) = trail.pop() {
            prop_assert!(finder.step_back() || finder.undo_change());
            prop_assert_eq!(&snapshot(&finder), &expected);
        }
        prop_assert!(!finder.step_back() && !finder.undo_change());
        // Replaying the same steps and batches reaches the same answer.
        for (batch, &pause) in scene.batches.iter().zip(&pauses) {
            finder.advance(pause);
            finder.apply_edits(batch).unwrap();
        }
        finder.finish();
        prop_assert_eq!(snapshot(&finder), answer);
    }
}

#[test]
fn refused_edits_change_nothing() {
    let grid = Grid::new(5, 3).unwrap();
    let o = SearchOptions::default();
    let mut finder = Incremental::new(
        grid,
        Point::new(0, 1),
        Point::new(4, 1),
        o,
        Variant::DStarLite,
    )
    .unwrap();
    finder.run();
    let before = snapshot(&finder);
    let wall = |x, y| CellEdit {
        at: Point::new(x, y),
        terrain: 0,
    };
    let cases = [
        (vec![wall(2, 1), wall(5, 0)], "outside"),
        (vec![wall(2, 1), wall(4, 1)], "start or the goal"),
        (
            vec![CellEdit {
                at: Point::new(1, 1),
                terrain: 10,
            }],
            "terrain value 10",
        ),
    ];
    for (batch, words) in cases {
        let refused: RepairError = finder.apply_edits(&batch).unwrap_err();
        assert!(refused.to_string().contains(words), "{refused}");
        assert_eq!(snapshot(&finder), before);
    }
    let mut lpa = Incremental::new(
        Grid::new(3, 3).unwrap(),
        Point::new(0, 0),
        Point::new(2, 2),
        o,
        Variant::LpaStar,
    )
    .unwrap();
    assert_eq!(
        lpa.move_start(Point::new(1, 1)),
        Err(RepairError::StartFixed)
    );
    assert_eq!(
        finder.move_start(Point::new(2, 1)),
        Err(RepairError::NotAMove { x: 2, y: 1 })
    );
}

/// A search hands its arrays on when it ends: one made after a search that was left dirty
/// (repaired, moved, stepped back, on other walls of a map the same size) is the search
/// made on fresh arrays, value for value.
#[test]
fn a_search_on_handed_on_arrays_sees_only_its_own_map() {
    let walled = Grid::from_terrain(
        5,
        4,
        [1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1].to_vec(),
    )
    .unwrap();
    let (start, goal) = (Point::new(0, 0), Point::new(4, 0));
    let finished = |variant| {
        let mut f = Incremental::new(
            walled.clone(),
            start,
            goal,
            SearchOptions::default(),
            variant,
        )
        .unwrap();
        f.run();
        snapshot(&f)
    };
    for variant in [Variant::DStarLite, Variant::LpaStar] {
        let expected = finished(variant);
        let mut other = Incremental::new(
            Grid::new(4, 5).unwrap(),
            Point::new(3, 4),
            Point::new(0, 0),
            SearchOptions::default(),
            variant,
        )
        .unwrap();
        other.run();
        let wall = CellEdit {
            at: Point::new(1, 1),
            terrain: 0,
        };
        other.apply_edits(&[wall]).unwrap();
        other.advance(3);
        other.step_back();
        drop(other);
        assert_eq!(finished(variant), expected, "{variant:?}");
    }
}
