//! Posthoc search traces: the document's shape, and every event checked against the search
//! it describes (replayed here step by step), from the library and from `astar trace`.

#[path = "common/command_line.rs"]
mod command_line;

use std::cell::Cell;
use std::collections::HashMap;
use std::iter::Peekable;
use std::vec::IntoIter;

use astar_visualizer::formats::map_text::parse_map;
use astar_visualizer::formats::trace::{trace_text, TraceError, TRACE_VERSION};
use astar_visualizer::vocabulary::events::SightTest;
use astar_visualizer::{
    new_finder, Algorithm, DiagonalRule, Directions, Finder, Point, Search, SearchOptions, Status,
    StepEvent,
};
use command_line::astar;

const WALL_BETWEEN: &str = include_str!("maps/tutorial/wall_between.txt");
const MULTIMAP: &str = include_str!("maps/tutorial/multimap.txt");

/// One event: its fields as written (`null` for an absent value).
type Event = HashMap<String, String>;

/// Reads the events of a trace written one flow mapping per line, and checks the header.
fn events(trace: &str) -> Vec<Event> {
    let mut lines = trace.lines();
    assert_eq!(
        lines.next(),
        Some(format!("version: {TRACE_VERSION}").as_str())
    );
    assert!(trace.contains("\nviews:\n  main:\n"), "{trace}");
    let body: Vec<&str> = lines.skip_while(|l| *l != "events:").skip(1).collect();
    body.iter()
        .map(|line| {
            let inner = line
                .strip_prefix("  - { ")
                .and_then(|l| l.strip_suffix(" }"))
                .unwrap_or_else(|| panic!("not an event line: {line}"));
            inner
                .split(", ")
                .map(|pair| {
                    let (k, v) = pair.split_once(": ").expect("key: value");
                    (k.to_string(), v.to_string())
                })
                .collect()
        })
        .collect()
}

fn search(text: &str, options: SearchOptions) -> Search {
    let map = parse_map(text).unwrap();
    Search::new(map.grid, map.start.unwrap(), map.goal.unwrap(), options).unwrap()
}

/// The trace of `search`, which stays at the step it was at.
fn trace_of(
    search: &mut Search,
    max_steps: Option<u32>,
) -> Result<String, TraceError<std::fmt::Error>> {
    let (start, goal) = (search.start(), search.goal());
    let at = search.counters().steps;
    let trace = trace_text(search as &mut dyn Finder, start, goal, max_steps);
    assert_eq!(
        search.counters().steps,
        at,
        "the search is left where it was"
    );
    trace
}

fn num(v: f64) -> String {
    format!("{v}")
}

fn id(search: &Search, p: Point) -> String {
    (p.y * search.grid().width() + p.x).to_string()
}

/// Replays the search and checks the trace says exactly what each step did, in order.
fn check_against_search(original: &Search, trace: &str) {
    let events = events(trace);
    let mut replay = original.clone();
    replay.seek(0);
    let key = |e: &Event, k: &str| e.get(k).cloned().unwrap_or_else(|| panic!("{k} in {e:?}"));
    for e in &events {
        for field in ["type", "id", "pId", "x", "y", "g", "h", "f"] {
            key(e, field);
        }
    }
    let (start, goal) = (replay.start(), replay.goal());
    assert_eq!(key(&events[0], "type"), "source");
    assert_eq!(key(&events[0], "id"), id(&replay, start));
    assert_eq!(key(&events[1], "type"), "destination");
    assert_eq!(key(&events[1], "id"), id(&replay, goal));
    assert_eq!(key(&events[2], "type"), "generating");
    assert_eq!(key(&events[2], "pId"), "null");
    let at = Cell::new(3);
    let take = || {
        at.set(at.get() + 1);
        &events[at.get() - 1]
    };
    let next = |kind: &str, p: Point, parent: Option<Point>, g: f64, h: f64, f: f64| {
        let e = take();
        assert_eq!(key(e, "type"), kind, "event {}: {e:?}", at.get());
        assert_eq!(key(e, "id"), id(original, p), "{e:?}");
        assert_eq!(key(e, "x"), p.x.to_string());
        assert_eq!(key(e, "y"), p.y.to_string());
        let p_id = parent.map_or("null".into(), |q| id(original, q));
        assert_eq!(key(e, "pId"), p_id, "{e:?}");
        assert_eq!(
            (key(e, "g"), key(e, "h"), key(e, "f")),
            (num(g), num(h), num(f)),
            "{e:?}"
        );
    };
    // Theta* and Lazy Theta*: the line-of-sight tests still to come toward `to`, in order.
    let sight = |tests: &mut Peekable<IntoIter<SightTest>>, to: Point| {
        while let Some(test) = tests.next_if(|test| test.to == to) {
            let e = take();
            let fields = ["type", "id", "pId", "x", "y", "fromX", "fromY", "clear"];
            let wanted = [
                "sight".to_string(),
                id(original, to),
                "null".to_string(),
                to.x.to_string(),
                to.y.to_string(),
                test.from.x.to_string(),
                test.from.y.to_string(),
                test.clear.to_string(),
            ];
            let got: Vec<String> = fields.iter().map(|k| key(e, k)).collect();
            assert_eq!(got, wanted, "event {}: {e:?}", at.get());
        }
    };
    while let Some(step) = replay.step() {
        match step {
            StepEvent::Expanded {
                node,
                neighbours,
                sight: tests,
                ..
            } => {
                let p = Point::new(node.x, node.y);
                let parent = replay.parent_of(p).unwrap();
                let tests = &mut tests.into_iter().peekable();
                sight(tests, p);
                next("expanding", p, parent, node.g, node.h, node.f);
                for n in neighbours {
                    let to = Point::new(n.x as u32, n.y as u32);
                    sight(tests, to);
                    match n.outcome {
                        astar_visualizer::Outcome::Opened { g, h, f, parent } => {
                            next("generating", to, Some(parent), g, h, f)
                        }
                        astar_visualizer::Outcome::Improved {
                            g, h, f, parent, ..
                        } => next("updating", to, Some(parent), g, h, f),
                        _ => {}
                    }
                }
                next("closing", p, parent, node.g, node.h, node.f);
            }
            StepEvent::GoalReached {
                node,
                cost,
                sight: tests,
                ..
            } => {
                let p = Point::new(node.x, node.y);
                assert_eq!(p, goal);
                sight(&mut tests.into_iter().peekable(), p);
                next("end", p, replay.parent_of(p).unwrap(), cost, node.h, node.f);
            }
            StepEvent::NoPath { .. } => {}
            other => panic!("a best-first search takes best-first steps: {other:?}"),
        }
    }
    assert_eq!(at.get(), events.len(), "events after the search ended");
    let count = |kind: &str| {
        events
            .iter()
            .filter(|e| e[&"type".to_string()] == kind)
            .count()
    };
    let counters = replay.counters();
    assert_eq!(count("expanding"), counters.expanded as usize);
    assert_eq!(count("closing"), counters.expanded as usize);
    // Every entry into the open list, the start's included, is a generating or an updating.
    assert_eq!(
        count("generating") + count("updating"),
        counters.generated as usize
    );
    // Every line-of-sight test the engine counted (the compare view's count) is an event.
    let sight_checks = replay.info().sight_checks.unwrap_or(0);
    assert_eq!(count("sight"), sight_checks as usize);
}

/// Following pId back from the end event gives the search's path.
fn path_from_trace(trace: &str) -> Vec<String> {
    let events = events(trace);
    let mut parent: HashMap<String, String> = HashMap::new();
    for e in &events {
        if ["generating", "updating"].contains(&e["type"].as_str()) {
            parent.insert(e["id"].clone(), e["pId"].clone());
        }
    }
    let end = events
        .iter()
        .find(|e| e["type"] == "end")
        .expect("an end event");
    let mut path = vec![end["id"].clone()];
    while let Some(p) = parent.get(path.last().unwrap()).filter(|p| *p != "null") {
        path.push(p.clone());
    }
    path.reverse();
    path
}

#[test]
fn the_tutorial_search_is_traced_event_by_event() {
    for (text, options) in [
        (WALL_BETWEEN, SearchOptions::default()),
        (
            WALL_BETWEEN,
            SearchOptions {
                directions: Directions::Four,
                ..SearchOptions::default()
            },
        ),
        (
            MULTIMAP,
            SearchOptions {
                diagonal: DiagonalRule::OnlyWhenNoObstacles,
                ..SearchOptions::default()
            },
        ),
        (
            MULTIMAP,
            SearchOptions {
                algorithm: Algorithm::Dijkstra,
                ..SearchOptions::default()
            },
        ),
    ] {
        let mut s = search(text, options);
        // The trace covers the whole search wherever the timeline is, and leaves it there.
        s.advance(3);
        let trace = trace_of(&mut s, None).unwrap();
        assert_eq!(s.counters().steps, 3);
        check_against_search(&s, &trace);
        s.run();
        assert_eq!(s.status(), Status::Found);
        let path: Vec<String> = s.path().iter().map(|c| c.to_string()).collect();
        assert_eq!(path_from_trace(&trace), path);
    }
}

/// Theta* and Lazy Theta*: each line-of-sight test is a `sight` event, in the order the
/// search made it, as many as the engine counts (the compare view's count), passed and
/// blocked both; the view draws each one's segment rather than a cell, and only their traces
/// have that rule.
#[test]
fn any_angle_traces_tell_each_line_of_sight_test() {
    let plain = trace_of(&mut search(MULTIMAP, SearchOptions::default()), None).unwrap();
    assert!(!plain.contains("sight"), "{plain}");
    for algorithm in [Algorithm::ThetaStar, Algorithm::LazyThetaStar] {
        for text in [WALL_BETWEEN, MULTIMAP] {
            let options = SearchOptions {
                algorithm,
                ..SearchOptions::default()
            };
            let mut s = search(text, options);
            let trace = trace_of(&mut s, None).unwrap();
            check_against_search(&s, &trace);
            assert!(trace.contains("    - $: path\n      $if: \"${{ $.type == 'sight' }}\"\n"));
            assert!(trace.contains("    - $: rect\n      $if: \"${{ $.type != 'sight' }}\"\n"));
            let told: Vec<[String; 5]> = events(&trace)
                .into_iter()
                .filter(|e| e["type"] == "sight")
                .map(|e| ["fromX", "fromY", "x", "y", "clear"].map(|k| e[k].clone()))
                .collect();
            let mut made = Vec::new();
            s.seek(0);
            while let Some(step) = s.step() {
                if let StepEvent::Expanded { sight, .. } | StepEvent::GoalReached { sight, .. } =
                    step
                {
                    made.extend(sight.into_iter().map(|t| {
                        [t.from.x, t.from.y, t.to.x, t.to.y]
                            .map(|v| v.to_string())
                            .into_iter()
                            .chain([t.clear.to_string()])
                            .collect::<Vec<_>>()
                    }));
                }
            }
            let name = algorithm.name();
            assert_eq!(
                told.iter().map(|t| t.to_vec()).collect::<Vec<_>>(),
                made,
                "{name}: in the order made"
            );
            assert_eq!(
                told.len(),
                s.info().sight_checks.unwrap() as usize,
                "{name}"
            );
            for clear in ["true", "false"] {
                assert!(told.iter().any(|t| t[4] == clear), "{name}: clear {clear}");
            }
            // Posthoc still follows the path from `end`.
            let path: Vec<String> = s.path().iter().map(|c| c.to_string()).collect();
            assert_eq!(followed_from_end(&trace), path, "{name}");
        }
    }
}

/// The path Posthoc shows from `end`: each node's parent is the `pId` of the last event about
/// it, followed until a node without one. Cell ids from the start to the end.
fn followed_from_end(trace: &str) -> Vec<String> {
    let events = events(trace);
    let mut parent: HashMap<&str, &str> = HashMap::new();
    for e in &events {
        parent.insert(&e["id"], &e["pId"]);
    }
    let ends: Vec<&Event> = events.iter().filter(|e| e["type"] == "end").collect();
    assert_eq!(ends.len(), 1, "one end event");
    let mut path = vec![ends[0]["id"].as_str()];
    while let Some(&p) = parent.get(path.last().unwrap()).filter(|p| **p != "null") {
        assert!(
            path.len() <= events.len(),
            "pId goes round in a circle: {path:?}"
        );
        path.push(p);
    }
    path.reverse();
    path.into_iter().map(String::from).collect()
}

/// Every finder's trace ends with a path that Posthoc can follow from `end` back to the
/// source: the finder's path, cell by cell (Jump Point Search: its jump points, in order).
#[test]
fn every_finders_trace_can_be_followed_from_end_to_the_source() {
    let maps = [
        WALL_BETWEEN,
        MULTIMAP,
        "OOOOOOOOOO\nOXXXXXXXXO\nOSOOOOOOXO\nOXXXXXOOXO\nOOOOOXOOEO\n",
    ];
    for text in maps {
        for algorithm in Algorithm::ALL {
            let map = parse_map(text).unwrap();
            let (start, goal) = (map.start.unwrap(), map.goal.unwrap());
            let options = SearchOptions {
                algorithm: *algorithm,
                ..SearchOptions::default()
            };
            let mut finder = new_finder(map.grid, start, goal, options).unwrap();
            let trace = trace_text(finder.as_mut(), start, goal, None).unwrap();
            let followed = followed_from_end(&trace);
            finder.finish();
            let path: Vec<String> = finder.path().iter().map(|c| c.to_string()).collect();
            let name = algorithm.name();
            if *algorithm == Algorithm::JumpPoint {
                let mut rest = path.iter();
                assert!(
                    followed.iter().all(|id| rest.any(|p| p == id)),
                    "{name}: {followed:?} is not along {path:?}"
                );
                assert_eq!(followed.first(), path.first(), "{name}");
                assert_eq!(followed.last(), path.last(), "{name}");
            } else {
                assert_eq!(followed, path, "{name} on {text:?}");
            }
            let end = events(&trace)
                .into_iter()
                .find(|e| e["type"] == "end")
                .unwrap();
            assert_eq!(end["g"], num(finder.path_cost().unwrap()), "{name}");
        }
    }
}

/// The two searches of a bidirectional finder are told apart by a `side` on each of their
/// events, which the view draws by; the events joining the halves and `end` have none.
#[test]
fn bidirectional_traces_tell_the_sides_apart() {
    for algorithm in [
        Algorithm::BiAStar,
        Algorithm::BiDijkstra,
        Algorithm::BiBreadthFirst,
        Algorithm::BiGreedy,
    ] {
        let map = parse_map(MULTIMAP).unwrap();
        let (start, goal) = (map.start.unwrap(), map.goal.unwrap());
        let options = SearchOptions {
            algorithm,
            ..SearchOptions::default()
        };
        let mut finder = new_finder(map.grid, start, goal, options).unwrap();
        let trace = trace_text(finder.as_mut(), start, goal, None).unwrap();
        assert!(
            trace.contains("alpha: \"${{ $.side == 'backward' ? 0.5 : 1 }}\""),
            "{trace}"
        );
        let events = events(&trace);
        fn side(e: &Event) -> Option<&str> {
            e.get("side").map(String::as_str)
        }
        let mut count: HashMap<(String, Option<&str>), usize> = HashMap::new();
        for e in &events {
            *count.entry((e["type"].clone(), side(e))).or_default() += 1;
        }
        let n =
            |kind: &str, s: Option<&str>| count.get(&(kind.to_string(), s)).copied().unwrap_or(0);
        let name = algorithm.name();
        for s in ["forward", "backward"] {
            assert!(n("expanding", Some(s)) > 0, "{name}: {count:?}");
            assert_eq!(n("expanding", Some(s)), n("closing", Some(s)), "{name}");
        }
        assert_eq!(
            n("expanding", None),
            0,
            "{name}: every expansion has its side"
        );
        assert_eq!(n("generating", None), 0, "{name}");
        // The backward search starts at the goal.
        let first_backward = events.iter().find(|e| side(e) == Some("backward")).unwrap();
        assert_eq!(
            (
                first_backward["type"].as_str(),
                first_backward["x"].as_str(),
                first_backward["y"].as_str()
            ),
            (
                "generating",
                goal.x.to_string().as_str(),
                goal.y.to_string().as_str()
            )
        );
        assert_eq!(n("end", None), 1, "{name}");
        finder.finish();
        assert_eq!(
            n("path", None) + 1,
            finder.path().len(),
            "{name}: a path event per cell before the goal"
        );
        let last = events.last().unwrap();
        assert_eq!(last["type"], "end", "{name}");
    }
}

#[test]
fn the_end_event_carries_the_path_cost() {
    let mut s = search(WALL_BETWEEN, SearchOptions::default());
    let trace = trace_of(&mut s, None).unwrap();
    let end = events(&trace)
        .into_iter()
        .find(|e| e["type"] == "end")
        .unwrap();
    assert_eq!(end["g"], "56");
}

#[test]
fn a_search_without_a_path_has_no_end_event() {
    let walled = "SXOE\nXXOO\n";
    let mut s = search(walled, SearchOptions::default());
    let trace = trace_of(&mut s, None).unwrap();
    check_against_search(&s, &trace);
    assert!(events(&trace).iter().all(|e| e["type"] != "end"));
}

#[test]
fn a_step_limit_refuses_long_searches() {
    let mut s = search(MULTIMAP, SearchOptions::default());
    let mut full = s.clone();
    let steps = {
        full.run();
        full.counters().steps
    };
    assert!(matches!(
        trace_of(&mut s, Some(steps - 1)),
        Err(TraceError::TooManySteps { limit }) if limit == steps - 1
    ));
    assert!(trace_of(&mut s, Some(steps)).is_ok());
}

#[test]
fn the_command_line_writes_the_same_trace() {
    let map = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/maps/tutorial/wall_between.txt"
    );
    let run = astar(&["trace", map, "--diagonal", "never"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = run.stdout;
    let mut s = search(
        WALL_BETWEEN,
        SearchOptions {
            diagonal: DiagonalRule::Never,
            ..SearchOptions::default()
        },
    );
    assert_eq!(out, trace_of(&mut s, None).unwrap());
    check_against_search(&s, &out);

    // Theta*'s trace, with its line-of-sight tests.
    let run = astar(&["trace", map, "--algorithm", "theta-star"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let options = SearchOptions {
        algorithm: Algorithm::ThetaStar,
        ..SearchOptions::default()
    };
    let mut s = search(WALL_BETWEEN, options);
    assert_eq!(run.stdout, trace_of(&mut s, None).unwrap());
    check_against_search(&s, &run.stdout);
    assert!(run.stdout.contains("type: sight"));

    // A Moving AI map needs the start and the goal from the flags; --output writes a file.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("trace");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("arena2.trace.yaml");
    let arena = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/maps/movingai/arena2.map"
    );
    let run = astar(&[
        "trace",
        arena,
        "--start",
        "99,159",
        "--goal",
        "101,162",
        "--costs",
        "exact",
        "--output",
        file.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let written = std::fs::read_to_string(&file).unwrap();
    let trace_events = events(&written);
    assert_eq!(trace_events[0]["x"], "99");
    assert_eq!(trace_events[1]["y"], "162");
    let end = trace_events.iter().find(|e| e["type"] == "end").unwrap();
    // The scenario file's optimal length for this start and goal.
    assert!(
        (end["g"].parse::<f64>().unwrap() - 3.82842712).abs() < 1e-6,
        "{end:?}"
    );

    let missing = astar(&["trace", arena]);
    assert_eq!(missing.code, Some(2));
    assert!(missing.stderr.contains("--start X,Y"));
}
