//! `astar`: solve text maps and run Moving AI scenario files from the command line.

use std::cmp::Ordering;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use astar_visualizer::catalogue::{catalogue, FinderEntry, FINDERS};
use astar_visualizer::dynamic::incremental::{CellEdit, Incremental, Variant};
use astar_visualizer::dynamic::navigation::{Arrival, Navigation, NavigationError, PlannerKind};
use astar_visualizer::finders::idastar::DEFAULT_NODE_LIMIT;
use astar_visualizer::formats::map_text::{parse_map, write_map, MapFormat, TextMap};
use astar_visualizer::formats::scenario::{parse_scenarios, Scenario};
use astar_visualizer::formats::trace::write_trace;
use astar_visualizer::geometry::grid::{GROUND, MAX_WEIGHT, WALL};
use astar_visualizer::options::fields::{OptionField, OptionProblem};
use astar_visualizer::{
    new_finder, Algorithm, CostModel, DiagonalRule, Directions, Finder, GoalTest, Grid, Heuristic,
    NeighbourOrder, Point, Search, SearchOptions, Status, TieBreak,
};

/// The help text, its lists of finders and values drawn from the catalogue.
fn help() -> String {
    let takers = |takes: fn(&FinderEntry) -> bool| {
        let ids: Vec<&str> = (FINDERS.iter())
            .filter(|entry| takes(entry))
            .map(|entry| entry.id.name())
            .collect();
        ids.join(", ")
    };
    let limits = catalogue().limits;
    format!(
        "\
astar: grid pathfinding from the command line

USAGE:
    astar solve MAPFILE [OPTIONS] [--start X,Y] [--goal X,Y]
        Solves a text map (O X S E, . + s d or Moving AI .map), prints it with the path
        drawn, then 'cost: N' and the expansions, or 'no path'. A Moving AI map has no
        start or goal: give --start and --goal; it is searched by the benchmark's rules
        (as scen does) unless options say otherwise.
    astar trace MAPFILE [OPTIONS] [--start X,Y] [--goal X,Y] [--output FILE]
        Writes the whole search as a Posthoc search trace (YAML, version 1.4.0) to FILE
        or standard output: source, destination, then expanding, generating, updating and
        closing events with id, pId, x, y, g, h, f, and end at the goal, from which pId
        leads back to the start (bidirectional searches: events with side: forward or
        backward, and path events joining the two halves before end). A {node_limit}
        search stopped by its node limit is written whole, without end, then reported as
        solve reports it (exit code 2).
    astar replan MAPFILE --edits FILE [OPTIONS] [--start X,Y] [--goal X,Y]
        Searches, then applies batches of cell changes and repairs the search after each.
        The edits file has one change a line, 'X Y wall', 'X Y free' or 'X Y W' (ground of
        terrain weight W, 1-9), and a blank line between batches. Prints
        'batch<TAB>K<TAB>COST<TAB>EXPANDED' after the first search (K = 0) and after each
        batch: the optimal cost on the map as edited ('none' without a path) and the
        expansions of that search. --algorithm lpastar (default), dstar-lite, or astar (a
        search from scratch each time).
    astar navigate MAPFILE --sensor R [OPTIONS] [--start X,Y] [--goal X,Y]
        An agent walks from start to goal knowing only the cells within R (Euclidean, at
        least 1.5) of each cell it has stood on; unseen cells count as ground. Prints
        'move<TAB>K<TAB>X<TAB>Y<TAB>PLANNED<TAB>EXPANDED' for every cell it stands on (K
        moves made; PLANNED the optimal cost to the goal on the map as known there, or
        'none'; EXPANDED the replanning done there), then
        'arrived<TAB>TRAVELLED<TAB>TOTAL_EXPANDED' (TRAVELLED: the cost of its moves) or
        'unreachable<TAB>K'. --algorithm dstar-lite (default), astar (A* from scratch at
        every cell where what it sensed changed its path) or astar-every-change (A* from
        scratch at every cell where what it sensed changed the known map).
        replan and navigate follow the Moving AI rules on a .map file.
    astar scen MAPFILE SCENFILE [OPTIONS]
        Runs every scenario in file order and prints one tab-separated line per scenario,
        'index cost optimal expanded' ('-' for the cost when there is no path), then a
        summary. A cost is optimal when it rounds to the file's optimal length at the
        number of decimals the file gives it with. Defaults follow the Moving AI rules:
        8 directions, only-when-no-obstacles, exact costs.
    astar finders
        Lists the finders: what each takes (options) and what it emits (events, outcomes,
        cell marks, counters).

OPTIONS:
    --algorithm {algorithms}
                        (default astar; jps: jump point search, exact like astar, maps
                        without terrain weights only)
    --heuristic {heuristics}
                        (default octile with diagonals, else manhattan)
                        used by {heuristic}
    --weight W          heuristic weight, f = g + W*h, 0 <= W <= {max_weight}
                        (default 1; {weight} only)
    --movement {directions}      directions (default 8)
    --diagonal {diagonals}
                        when a diagonal may pass a wall's corner
                        (default if-at-most-one-obstacle; scen and Moving AI .map:
                        only-when-no-obstacles)
    --costs {costs} straight/diagonal step costs 10/14 or 1/sqrt(2)
                        (default 10-14; scen and Moving AI .map: exact)
    --tie-break {ties}
                        order among equal F (default larger-g)
    --node-limit N      {node_limit}: give up after visiting N nodes (default {default_limit})
    --goal-test {goal_tests}
                        stop when the goal is taken off the open list (default; the
                        shortest path) or when it is first reached (as some tutorials do;
                        can miss the shortest path); {goal_test} only
    --neighbour-order {orders}
                        the order a node's neighbours are examined in, which decides
                        among equal routes (default clockwise); {neighbour_order} only
    -h, --help          this text
",
        algorithms = Algorithm::NAMES.join("|"),
        heuristics = Heuristic::NAMES.join("|"),
        heuristic = takers(|e| e.options.heuristic),
        max_weight = limits.max_weight,
        weight = takers(|e| e.options.weight),
        directions = Directions::NAMES.join("|"),
        diagonals = DiagonalRule::NAMES.join("|"),
        costs = CostModel::NAMES.join("|"),
        ties = TieBreak::NAMES.join("|"),
        node_limit = takers(|e| e.options.node_limit),
        default_limit = limits.default_node_limit,
        goal_tests = GoalTest::NAMES.join("|"),
        goal_test = takers(|e| e.options.goal_test),
        orders = NeighbourOrder::NAMES.join("|"),
        neighbour_order = takers(|e| e.options.neighbour_order),
    )
}

/// `astar finders`: the catalogue, a block per finder.
fn finders() -> String {
    let names = |words: Vec<&str>| {
        if words.is_empty() {
            "-".to_string()
        } else {
            words.join(", ")
        }
    };
    let mut out = String::new();
    for entry in &FINDERS {
        let t = entry.options;
        // An option it takes only some values of names them: tie-break (larger-g, smaller-g).
        let tie_break = match entry.only.tie_break {
            Some(values) => {
                let values: Vec<&str> = values.iter().map(|v| v.name()).collect();
                format!("tie-break ({})", values.join(", "))
            }
            None => "tie-break".to_string(),
        };
        let taken = [
            ("heuristic", t.heuristic),
            ("weight", t.weight),
            ("node-limit", t.node_limit),
            (tie_break.as_str(), t.tie_break),
            ("terrain", t.terrain),
            ("movement", t.directions),
            ("diagonal", t.diagonal),
            ("costs", t.costs),
            ("goal-test", t.goal_test),
            ("neighbour-order", t.neighbour_order),
        ];
        out += &format!(
            "{}\n  family:   {}\n  priority: {}\n  takes:    {}\n  cells:    {}\n  repairs:  {}\n  events:   {}\n  outcomes: {}\n  marks:    {}\n  counters: {}\n",
            entry.id,
            entry.family.name(),
            entry.priority.name(),
            names(taken.iter().filter(|(_, on)| *on).map(|(n, _)| *n).collect()),
            names(entry.cell_values.iter().map(|v| v.name()).collect()),
            if entry.repairs { "yes" } else { "no" },
            names(entry.events.iter().map(|k| k.name()).collect()),
            names(entry.outcomes.iter().map(|k| k.name()).collect()),
            names(entry.marks.iter().map(|m| m.name()).collect()),
            names(entry.counters.iter().map(|c| c.name()).collect()),
        );
    }
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{}", help());
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("astar: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let (command, rest) = args.split_first().ok_or("missing command")?;
    if command == "finders" && rest.is_empty() {
        print!("{}", finders());
        return Ok(());
    }
    let mut files = Vec::new();
    let mut flags = Vec::new();
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        if a.starts_with("--") {
            let value = it.next().ok_or(format!("{a} needs a value"))?;
            flags.push((a.as_str(), value.as_str()));
        } else {
            files.push(a.as_str());
        }
    }
    match (command.as_str(), files.as_slice()) {
        ("solve", [map_file]) => solve(map_file, &flags),
        ("scen", [map_file, scen_file]) => scen(map_file, scen_file, &flags),
        ("trace", [map_file]) => trace(map_file, &flags),
        ("replan", [map_file]) => replan(map_file, &flags),
        ("navigate", [map_file]) => navigate(map_file, &flags),
        ("replan", _) => Err("usage: astar replan MAPFILE --edits FILE [OPTIONS]".into()),
        ("navigate", _) => Err("usage: astar navigate MAPFILE --sensor R [OPTIONS]".into()),
        ("solve", _) => Err("usage: astar solve MAPFILE [OPTIONS]".into()),
        ("trace", _) => Err("usage: astar trace MAPFILE [OPTIONS] [--output FILE]".into()),
        ("scen", _) => Err("usage: astar scen MAPFILE SCENFILE [OPTIONS]".into()),
        ("finders", _) => Err("usage: astar finders".into()),
        (other, _) => Err(format!(
            "unknown command '{other}': expected 'solve', 'trace', 'scen', 'replan' or \
             'navigate' (see --help)"
        )),
    }
}

/// A command-line flag and its value, e.g. `("--costs", "exact")`.
type Flag<'a> = (&'a str, &'a str);

/// Applies the shared search options (read as the page reads its option object); returns
/// the flags it did not know.
fn apply_options<'a>(
    defaults: SearchOptions,
    flags: &[Flag<'a>],
) -> Result<(SearchOptions, Vec<Flag<'a>>), String> {
    let mut options = defaults;
    let mut other = Vec::new();
    for &(flag, value) in flags {
        match OptionField::by_flag(flag) {
            Some(field) => field
                .set(&mut options, value)
                .map_err(|problem| flag_message(flag, problem))?,
            None => other.push((flag, value)),
        }
    }
    options.validate().map_err(|e| e.to_string())?;
    Ok((options, other))
}

/// A flag's value that cannot be read, worded for the command line.
fn flag_message(flag: &str, problem: OptionProblem) -> String {
    match problem {
        OptionProblem::OptionWeight { given } => {
            format!("{flag}: expected a number >= 0, found '{given}'")
        }
        OptionProblem::OptionNodeLimit { given, max } => {
            format!("{flag}: expected a whole number from 1 to {max}, found '{given}'")
        }
        other => format!("{flag}: {other}"),
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

fn parse_point(flag: &str, value: &str) -> Result<Point, String> {
    let bad = || format!("{flag}: expected X,Y (two whole numbers), found '{value}'");
    let (x, y) = value.split_once(',').ok_or_else(bad)?;
    Ok(Point::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// Costs as people read them: integers plain, others to six decimals.
fn fmt_cost(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v}")
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').to_string()
    }
}

/// The start and goal from `--start` and `--goal`, else from the map; with the flags left
/// over.
fn endpoints<'a>(
    map_path: &str,
    map: &TextMap,
    flags: Vec<Flag<'a>>,
) -> Result<(Point, Point, Vec<Flag<'a>>), String> {
    let (mut start, mut goal) = (map.start, map.goal);
    let mut rest = Vec::new();
    for (flag, value) in flags {
        match flag {
            "--start" => start = Some(parse_point(flag, value)?),
            "--goal" => goal = Some(parse_point(flag, value)?),
            _ => rest.push((flag, value)),
        }
    }
    match (start, goal) {
        (Some(start), Some(goal)) => Ok((start, goal, rest)),
        _ => Err(format!(
            "{map_path}: the map has no start and goal: give --start X,Y and --goal X,Y"
        )),
    }
}

/// A search over a map file, with start and goal from the file or the flags.
struct Opened<'a> {
    search: Box<dyn Finder>,
    start: Point,
    goal: Point,
    format: MapFormat,
    /// The flags left over.
    rest: Vec<Flag<'a>>,
}

fn open_search<'a>(map_path: &str, flags: &[Flag<'a>]) -> Result<Opened<'a>, String> {
    let map = parse_map(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let (options, other) = apply_options(rules_for(map.format), flags)?;
    let (start, goal, rest) = endpoints(map_path, &map, other)?;
    let search = new_finder(map.grid, start, goal, options).map_err(|e| e.to_string())?;
    if map.format == MapFormat::MovingAi {
        eprintln!(
            "note: {map_path} is a Moving AI map: the benchmark's rules apply (8 directions, a \
             diagonal only when no side is a wall, costs 1 and sqrt(2)) unless --movement, \
             --diagonal or --costs say otherwise"
        );
    }
    if let Some(reason) = options.admissibility().reason {
        eprintln!("warning: {reason}");
    }
    Ok(Opened {
        search,
        start,
        goal,
        format: map.format,
        rest,
    })
}

/// The rules a map is searched by before any option: a Moving AI map is the benchmark's,
/// searched by the benchmark's rules, as `scen` and the page do.
fn rules_for(format: MapFormat) -> SearchOptions {
    match format {
        MapFormat::MovingAi => SearchOptions::moving_ai(),
        _ => SearchOptions::default(),
    }
}

fn unknown_option(flags: &[Flag]) -> Result<(), String> {
    match flags.first() {
        Some((flag, _)) => Err(format!("unknown option '{flag}' (see --help)")),
        None => Ok(()),
    }
}

fn solve(map_path: &str, flags: &[Flag]) -> Result<(), String> {
    let Opened {
        mut search,
        start,
        goal,
        format,
        rest,
    } = open_search(map_path, flags)?;
    unknown_option(&rest)?;
    let format = match format {
        MapFormat::MovingAi => MapFormat::Dot,
        f => f,
    };
    let status = search.run();
    if status == Status::LimitReached {
        return Err(limit_message(search.counters().generated));
    }
    let drawn = write_map(
        search.grid(),
        Some(start),
        Some(goal),
        format,
        search.path(),
    )
    .map_err(|e| e.to_string())?;
    print!("{drawn}");
    let expanded = search.counters().expanded;
    match (status, search.path_cost()) {
        (Status::Found, Some(cost)) => println!("cost: {}\nexpanded: {expanded}", fmt_cost(cost)),
        _ => println!("no path\nexpanded: {expanded}"),
    }
    Ok(())
}

fn trace(map_path: &str, flags: &[Flag]) -> Result<(), String> {
    let Opened {
        mut search,
        start,
        goal,
        rest,
        ..
    } = open_search(map_path, flags)?;
    let (output, other): (Vec<Flag>, Vec<Flag>) =
        rest.into_iter().partition(|(flag, _)| *flag == "--output");
    unknown_option(&other)?;
    let failed = |e: &dyn std::fmt::Display| format!("writing the trace: {e}");
    let written = match output.last() {
        Some((_, path)) => {
            let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
            let mut out = std::io::BufWriter::new(file);
            write_trace(search.as_mut(), start, goal, &mut out, None)
        }
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            write_trace(search.as_mut(), start, goal, &mut out, None)
        }
    };
    // The trace is whole either way; a search stopped by the node limit is reported as
    // `solve` reports it.
    match written.map_err(|e| failed(&e))?.node_limit {
        Some(limit) => Err(limit_message(limit)),
        None => Ok(()),
    }
}

fn scen(map_path: &str, scen_path: &str, flags: &[(&str, &str)]) -> Result<(), String> {
    let (options, other) = apply_options(SearchOptions::moving_ai(), flags)?;
    if let Some((flag, _)) = other.first() {
        return Err(format!("unknown option '{flag}' (see --help)"));
    }
    let map = parse_map(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let scenarios = parse_scenarios(&read(scen_path)?).map_err(|e| format!("{scen_path}: {e}"))?;
    let (w, h) = (map.grid.width(), map.grid.height());
    if let Some((i, s)) = scenarios
        .iter()
        .enumerate()
        .find(|(_, s)| (s.width, s.height) != (w, h))
    {
        return Err(format!(
            "{scen_path}: scenario {i} is for a {}x{} map but {map_path} is {w}x{h}",
            s.width, s.height
        ));
    }
    warn_of_other_maps(map_path, scen_path, &scenarios);
    let Some(first) = scenarios.first() else {
        println!("no scenarios");
        return Ok(());
    };
    let mut search = new_finder(map.grid, first.start, first.goal, options)
        .map_err(|e| format!("scenario 0: {e}"))?;
    let (mut solved, mut matching, mut stopped, mut expanded_total) = (0, 0, 0, 0u64);
    let began = Instant::now();
    for (i, s) in scenarios.iter().enumerate() {
        search
            .restart(s.start, s.goal)
            .map_err(|e| format!("scenario {i}: {e}"))?;
        if search.run() == Status::LimitReached {
            stopped += 1;
        }
        let expanded = search.counters().expanded;
        expanded_total += expanded as u64;
        let cost = search.path_cost();
        if let Some(c) = cost {
            solved += 1;
            if s.compare(c) == Ordering::Equal {
                matching += 1;
            }
        }
        let cost = cost.map_or("-".to_string(), |c| format!("{c:.8}"));
        // As the file writes it, up to what an f64 holds.
        let decimals = s.decimals.min(15) as usize;
        println!("{i}\t{cost}\t{:.decimals$}\t{expanded}", s.optimal);
    }
    let ms = began.elapsed().as_secs_f64() * 1000.0;
    println!(
        "# scenarios: {}  solved: {solved}  optimal: {matching}  expanded: {expanded_total}  \
         time: {ms:.1} ms ({:.3} ms per search)",
        scenarios.len(),
        ms / scenarios.len() as f64
    );
    if stopped > 0 {
        println!(
            "# {stopped} searches stopped at the node limit ({}) without an answer",
            options.node_limit.unwrap_or(DEFAULT_NODE_LIMIT)
        );
    }
    Ok(())
}

/// A scenario file made for another map of the same size would judge this map by that
/// map's lengths: says so when a line names another map file than the one opened.
fn warn_of_other_maps(map_path: &str, scen_path: &str, scenarios: &[Scenario]) {
    let opened = Path::new(map_path)
        .file_name()
        .map_or_else(|| map_path.into(), |name| name.to_string_lossy());
    let others = scenarios
        .iter()
        .filter(|s| s.map_file_name() != opened)
        .count();
    if let Some((i, s)) = (scenarios.iter().enumerate()).find(|(_, s)| s.map_file_name() != opened)
    {
        eprintln!(
            "warning: {scen_path}: {others} of {} scenarios name another map than {opened}, \
             the first (scenario {i}) {}; their optimal lengths are that map's",
            scenarios.len(),
            s.map
        );
    }
}

fn limit_message(visited: u32) -> String {
    format!(
        "idastar stopped after visiting {visited} nodes, its node limit, without reaching the \
         goal; raise the limit with --node-limit N or use another algorithm"
    )
}

/// A map for `replan` and `navigate`: its grid, its start and goal (from the map or the
/// flags), the options (the Moving AI rules on a `.map` file) and the flags left over.
struct Scene<'a> {
    grid: Grid,
    start: Point,
    goal: Point,
    options: SearchOptions,
    rest: Vec<Flag<'a>>,
}

/// The scene and the `--algorithm` of `replan` or `navigate`, one of `choices` (the first
/// by default). These commands build their finders themselves, not from the catalogue,
/// so the flag is read here; the other options as for every command.
fn open_scene<'a, T: Copy>(
    map_path: &str,
    flags: &[Flag<'a>],
    choices: &[(&str, T)],
) -> Result<(Scene<'a>, T), String> {
    let mut algorithm = choices[0].1;
    for &(_, value) in flags.iter().filter(|(flag, _)| *flag == "--algorithm") {
        let chosen = choices.iter().find(|(name, _)| *name == value.trim());
        algorithm = chosen.map(|&(_, a)| a).ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|&(name, _)| name).collect();
            format!(
                "--algorithm: expected {}, found '{value}'",
                names.join(" or ")
            )
        })?;
    }
    let flags: Vec<Flag> = (flags.iter().copied())
        .filter(|(flag, _)| *flag != "--algorithm")
        .collect();
    let map = parse_map(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let base = match map.format {
        MapFormat::MovingAi => SearchOptions::moving_ai(),
        _ => SearchOptions::default(),
    };
    let (options, other) = apply_options(base, &flags)?;
    let (start, goal, rest) = endpoints(map_path, &map, other)?;
    endpoint_cells(&map.grid, start, goal)?;
    if let Some(reason) = options.admissibility().reason {
        eprintln!("warning: {reason}");
    }
    let scene = Scene {
        grid: map.grid,
        start,
        goal,
        options,
        rest,
    };
    Ok((scene, algorithm))
}

/// The start and goal must be passable cells of the grid.
fn endpoint_cells(grid: &Grid, start: Point, goal: Point) -> Result<(), String> {
    for (name, p) in [("start", start), ("goal", goal)] {
        if !grid.is_passable(p) {
            let why = if grid.get(p).is_ok() {
                "is on a wall".to_string()
            } else {
                format!("is outside the {}x{} map", grid.width(), grid.height())
            };
            return Err(format!("the {name} ({},{}) {why}", p.x, p.y));
        }
    }
    Ok(())
}

/// The value of a flag the command needs.
fn required<'a>(rest: &[Flag<'a>], flag: &str, what: &str) -> Result<&'a str, String> {
    rest.iter()
        .rev()
        .find(|(f, _)| *f == flag)
        .map(|(_, v)| *v)
        .ok_or_else(|| format!("{flag} is required: {what}"))
}

/// Batches of cell changes from an edits file: one change a line, a blank line between
/// batches. Every change is checked (on the map, not on the start or goal) before any is
/// made, and a refusal names the line.
fn parse_edits(
    path: &str,
    text: &str,
    grid: &Grid,
    start: Point,
    goal: Point,
) -> Result<Vec<Vec<CellEdit>>, String> {
    let mut batches: Vec<Vec<CellEdit>> = vec![Vec::new()];
    for (n, line) in text.lines().enumerate() {
        let at_line = |what: String| format!("{path} line {}: {what}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            if batches.last().is_some_and(|b| !b.is_empty()) {
                batches.push(Vec::new());
            }
            continue;
        }
        let malformed = || {
            at_line(format!(
                "expected 'X Y wall', 'X Y free' or 'X Y W' (a weight 1-9), found '{}'",
                line.trim()
            ))
        };
        let [x, y, what] = words[..] else {
            return Err(malformed());
        };
        let (Ok(x), Ok(y)) = (x.parse::<i64>(), y.parse::<i64>()) else {
            return Err(malformed());
        };
        let terrain = match what {
            "wall" => WALL,
            "free" => GROUND,
            w => match w.parse::<u8>() {
                Ok(w) if (1..=MAX_WEIGHT).contains(&w) => w,
                _ => return Err(malformed()),
            },
        };
        let cell = grid.index_of(x, y).map_err(|e| at_line(e.to_string()))?;
        let at = grid.point(cell);
        for (name, endpoint) in [("start", start), ("goal", goal)] {
            if at == endpoint {
                return Err(at_line(format!(
                    "({x},{y}) is the {name}: edits may not change the start or the goal"
                )));
            }
        }
        batches
            .last_mut()
            .expect("at least one batch")
            .push(CellEdit { at, terrain });
    }
    batches.retain(|b| !b.is_empty());
    Ok(batches)
}

fn cost_or_none(cost: Option<f64>) -> String {
    cost.map_or("none".to_string(), fmt_cost)
}

/// How `replan` answers after each batch: repairing the search, or A* from scratch.
#[derive(Clone, Copy)]
enum Replanner {
    Repair(Variant),
    FromScratch,
}

fn replan(map_path: &str, flags: &[Flag]) -> Result<(), String> {
    let choices = [
        ("lpastar", Replanner::Repair(Variant::LpaStar)),
        ("dstar-lite", Replanner::Repair(Variant::DStarLite)),
        ("astar", Replanner::FromScratch),
    ];
    let (scene, replanner) = open_scene(map_path, flags, &choices)?;
    let (edits, other): (Vec<Flag>, Vec<Flag>) =
        scene.rest.iter().partition(|(flag, _)| *flag == "--edits");
    unknown_option(&other)?;
    let edits_path = required(&edits, "--edits", "the file of cell changes")?;
    let batches = parse_edits(
        edits_path,
        &read(edits_path)?,
        &scene.grid,
        scene.start,
        scene.goal,
    )?;
    let Scene {
        mut grid,
        start,
        goal,
        options,
        ..
    } = scene;
    let print = |k: usize, cost: Option<f64>, expanded: u32| {
        println!("batch\t{k}\t{}\t{expanded}", cost_or_none(cost));
    };
    let Replanner::Repair(variant) = replanner else {
        for k in 0..=batches.len() {
            if k > 0 {
                for e in &batches[k - 1] {
                    grid.set(e.at, e.terrain).map_err(|e| e.to_string())?;
                }
            }
            let mut search =
                Search::new(grid.clone(), start, goal, options).map_err(|e| e.to_string())?;
            search.run();
            print(k, search.path_cost(), search.counters().expanded);
        }
        return Ok(());
    };
    let mut finder =
        Incremental::new(grid, start, goal, options, variant).map_err(|e| e.to_string())?;
    finder.run();
    print(0, finder.path_cost(), finder.counters().expanded);
    for (k, batch) in batches.iter().enumerate() {
        finder.apply_edits(batch).map_err(|e| e.to_string())?;
        finder.run();
        print(k + 1, finder.path_cost(), finder.repair_expanded());
    }
    Ok(())
}

fn navigate(map_path: &str, flags: &[Flag]) -> Result<(), String> {
    let choices: Vec<(&str, PlannerKind)> =
        (PlannerKind::ALL.iter()).map(|&p| (p.name(), p)).collect();
    let (scene, planner) = open_scene(map_path, flags, &choices)?;
    let (sensor, other): (Vec<Flag>, Vec<Flag>) =
        scene.rest.iter().partition(|(flag, _)| *flag == "--sensor");
    unknown_option(&other)?;
    let radius = required(&sensor, "--sensor", "the sensor radius R (at least 1.5)")?;
    let radius: f64 = radius.parse().map_err(|_| {
        format!("--sensor: expected a number of cells (at least 1.5), found '{radius}'")
    })?;
    let mut walk = Navigation::new(
        scene.grid,
        scene.start,
        scene.goal,
        scene.options,
        radius,
        planner,
    )
    .map_err(|e| match e {
        NavigationError::SensorRadius { .. } => format!("--sensor: {e}"),
        _ => e.to_string(),
    })?;
    while let Some(visit) = walk.advance() {
        println!(
            "move\t{}\t{}\t{}\t{}\t{}",
            visit.k,
            visit.at.x,
            visit.at.y,
            cost_or_none(visit.planned),
            visit.expanded
        );
    }
    match walk.arrival() {
        Some(Arrival::Arrived {
            travelled,
            expanded,
        }) => println!("arrived\t{}\t{expanded}", fmt_cost(travelled)),
        Some(Arrival::Unreachable { k }) => println!("unreachable\t{k}"),
        None => {}
    }
    Ok(())
}
