//! IDA* and the bidirectional searches on the tutorials' worked examples: IDA*'s thresholds,
//! the node limit, the backward side's exact costs on terrain, and the options each finder
//! refuses. Their costs under every movement rule are in `worked_examples.rs`.

use astar_visualizer::formats::map_text::{parse_map, TextMap};
use astar_visualizer::vocabulary::events::{Side, StoppingRule, VisitOutcome};
use astar_visualizer::{
    new_finder, Algorithm, DiagonalRule, Directions, Finder, Point, SearchOptions, Status,
    StepEvent,
};

const WALL_BETWEEN: &str = include_str!("maps/tutorial/wall_between.txt");
const MULTIMAP: &str = include_str!("maps/tutorial/multimap.txt");

fn map(text: &str) -> TextMap {
    parse_map(text).unwrap()
}

fn finder(m: &TextMap, name: &str, o: SearchOptions) -> Box<dyn Finder> {
    let o = SearchOptions {
        algorithm: name.parse().unwrap(),
        ..o
    };
    new_finder(m.grid.clone(), m.start.unwrap(), m.goal.unwrap(), o).unwrap()
}

fn movement(directions: Directions, diagonal: DiagonalRule) -> SearchOptions {
    SearchOptions {
        directions,
        diagonal,
        ..SearchOptions::default()
    }
}

#[test]
fn bidirectional_breadth_first_takes_the_fewest_moves_on_the_multimap() {
    // 4 directions, uniform ground: the tutorial's 38 moves.
    let m = map(MULTIMAP);
    let o = movement(Directions::Four, DiagonalRule::Never);
    let mut bfs = finder(&m, "bi-bfs", o);
    assert_eq!(bfs.run(), Status::Found);
    assert_eq!(bfs.path_steps(), Some(38));
    let mut a_star = finder(&m, "astar", o);
    a_star.run();
    assert_eq!(bfs.path_cost(), a_star.path_cost());
}

#[test]
fn ida_star_starts_at_the_start_h_and_raises_the_threshold_to_the_smallest_pruned_f() {
    let m = map(WALL_BETWEEN);
    let mut f = finder(&m, "idastar", SearchOptions::default());
    let mut thresholds = Vec::new();
    let mut smallest_pruned = f64::INFINITY;
    while let Some(event) = f.step() {
        match event {
            StepEvent::Visited {
                iteration,
                threshold,
                new_iteration,
                node,
                outcome,
                next_threshold,
                ..
            } => {
                if new_iteration {
                    if let Some(&last) = thresholds.last() {
                        assert!(threshold > last);
                        assert_eq!(threshold, smallest_pruned, "iteration {iteration}");
                    }
                    thresholds.push(threshold);
                    smallest_pruned = f64::INFINITY;
                }
                assert_eq!(iteration as usize, thresholds.len());
                assert_eq!(f.info().threshold, Some(threshold));
                assert_eq!(f.info().iteration, Some(iteration));
                if outcome == VisitOutcome::Pruned {
                    assert!(node.f > threshold);
                    smallest_pruned = smallest_pruned.min(node.f);
                } else {
                    assert!(node.f <= threshold);
                }
                assert_eq!(
                    next_threshold,
                    smallest_pruned.is_finite().then_some(smallest_pruned)
                );
            }
            StepEvent::GoalReached { cost, .. } => assert_eq!(cost, 56.0),
            other => panic!("unexpected {other:?}"),
        }
    }
    // The start's H: four columns to the goal, 40; then up to the cost 56 around the wall.
    assert_eq!(thresholds.first(), Some(&40.0));
    assert_eq!(thresholds.last(), Some(&56.0));
    assert_eq!(f.status(), Status::Found);
}

#[test]
fn ida_star_stops_at_its_node_limit_and_steps_back_from_it() {
    let m = map(WALL_BETWEEN);
    let o = SearchOptions {
        node_limit: Some(7),
        ..SearchOptions::default()
    };
    let mut f = finder(&m, "idastar", o);
    let events: Vec<StepEvent> = std::iter::from_fn(|| f.step()).collect();
    assert_eq!(events.len(), 8, "seven visits, then the stop");
    assert_eq!(
        events.last(),
        Some(&StepEvent::NodeLimit { step: 8, limit: 7 })
    );
    assert_eq!(f.status(), Status::LimitReached);
    assert_eq!(f.counters().generated, 7);
    assert_eq!((f.path_cost(), f.path_steps()), (None, None));
    assert!(f.step_back());
    assert_eq!(f.status(), Status::Running);
    assert_eq!(f.step(), events.last().cloned());
}

#[test]
fn the_backward_side_pays_for_the_cell_it_enters_going_forwards() {
    // Entering the heavy cell costs 9 x 10 whichever way the search runs.
    for text in ["S9E\n", "E9S\n", "SOOO\nO99O\nOO9E\n"] {
        let m = map(text);
        let mut a_star = finder(&m, "astar", SearchOptions::default());
        a_star.run();
        for name in ["bi-astar", "bi-dijkstra", "idastar"] {
            let mut f = finder(&m, name, SearchOptions::default());
            f.run();
            assert_eq!(f.path_cost(), a_star.path_cost(), "{name} on {text:?}");
        }
    }
}

#[test]
fn bidirectional_steps_name_the_side_the_meeting_and_the_stopping_test() {
    let m = map(WALL_BETWEEN);
    let mut f = finder(&m, "bi-astar", SearchOptions::default());
    let mut sides = Vec::new();
    let mut met = None;
    let mut last = None;
    while let Some(event) = f.step() {
        match &event {
            StepEvent::SideExpanded {
                side, test, met: m, ..
            } => {
                assert_eq!(test.rule, StoppingRule::LargerHeadF);
                assert!(!test.stop);
                sides.push(*side);
                met = (*m).or(met);
            }
            StepEvent::Stopped { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
        last = Some(event);
    }
    // The sides take turns, forward first.
    assert!(sides.len() >= 2);
    for (k, side) in sides.iter().enumerate() {
        assert_eq!(
            *side,
            if k % 2 == 0 {
                Side::Forward
            } else {
                Side::Backward
            }
        );
    }
    assert!(met.is_some(), "the searches met");
    let Some(StepEvent::Stopped {
        test,
        meeting,
        cost,
        ..
    }) = last
    else {
        panic!("the last step is the stop");
    };
    let (best, bound) = (test.best.unwrap(), test.bound.unwrap());
    assert!(test.stop && best <= bound, "{test:?}");
    assert_eq!(cost, Some(56.0));
    let meeting = meeting.unwrap();
    let at = Point::new(meeting.x, meeting.y);
    assert_eq!(f.info().meeting, Some(at));
    assert_eq!(f.info().best_cost, Some(56.0));
    let i = m.grid.index(at) as u32;
    assert!(f.path().contains(&i));
    assert_ne!(
        f.marks()[i as usize] & astar_visualizer::vocabulary::marks::MARK_MEETING,
        0
    );
}

#[test]
fn options_a_finder_cannot_use_are_errors() {
    let m = map(WALL_BETWEEN);
    let (s, g) = (m.start.unwrap(), m.goal.unwrap());
    let make = |algorithm, weight, node_limit| {
        let o = SearchOptions {
            algorithm,
            weight,
            node_limit,
            ..SearchOptions::default()
        };
        new_finder(m.grid.clone(), s, g, o)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    for a in Algorithm::ALL {
        let weighted = make(*a, 1.5, None);
        if a.takes_weight() {
            assert_eq!(weighted, Ok(()), "{a}");
        } else {
            assert!(weighted.unwrap_err().contains("means nothing to"), "{a}");
        }
        let limited = make(*a, 1.0, Some(100));
        if *a == Algorithm::IdaStar {
            assert_eq!(limited, Ok(()));
        } else {
            assert!(limited.unwrap_err().contains("idastar only"), "{a}");
        }
    }
    assert!(make(Algorithm::IdaStar, 1.0, Some(0))
        .unwrap_err()
        .contains("at least 1"));
}
