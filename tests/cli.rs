//! The `astar` command line: solving the tutorial maps, running scenario files, and clear
//! messages with exit code 2 for anything it cannot use.

#[path = "common/command_line.rs"]
mod command_line;

use std::path::PathBuf;

use astar_visualizer::checks::fields::OptionField;
use command_line::astar;

const TUTORIAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/tutorial");
const MOVING_AI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/movingai");

fn tutorial(name: &str) -> String {
    format!("{TUTORIAL}/{name}")
}

/// A file of this test's own under cargo's scratch directory for integration tests.
fn scratch_file(name: &str, contents: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_string_lossy().into_owned()
}

/// Succeeds with nothing on stderr; returns stdout.
fn ok(args: &[&str]) -> String {
    let ran = astar(args);
    assert_eq!(
        ran.code,
        Some(0),
        "{args:?}\nstdout:\n{}\nstderr:\n{}",
        ran.stdout,
        ran.stderr
    );
    ran.stdout
}

/// Fails with exit code 2, nothing on stdout and a one-line message; returns the message.
fn refused(args: &[&str]) -> String {
    let ran = astar(args);
    assert_eq!(
        ran.code,
        Some(2),
        "{args:?}\nstdout:\n{}\nstderr:\n{}",
        ran.stdout,
        ran.stderr
    );
    assert_eq!(ran.stdout, "", "{args:?}");
    assert!(
        ran.stderr.starts_with("astar: "),
        "{args:?}: {}",
        ran.stderr
    );
    assert_eq!(ran.stderr.lines().count(), 1, "{args:?}: {}", ran.stderr);
    ran.stderr
}

/// Splits `solve`'s output into the drawn map and the lines after it.
fn drawn_and_summary(out: &str) -> (Vec<&str>, Vec<&str>) {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("cost: ") || *l == "no path")
        .unwrap_or_else(|| panic!("no cost line in:\n{out}"));
    (lines[..at].to_vec(), lines[at..].to_vec())
}

#[test]
fn solve_draws_the_path_and_prints_the_tutorial_costs() {
    let map = tutorial("wall_between.txt");
    let original = std::fs::read_to_string(&map).unwrap();
    let cases: [(&[&str], &str, usize); 6] = [
        (&["--diagonal", "always"], "cost: 56", 3),
        (&[], "cost: 56", 3),
        (&["--diagonal", "only-when-no-obstacles"], "cost: 68", 5),
        (&["--movement", "4"], "cost: 80", 7),
        // Tutorial 000's blink: 10 + (20 + 10) + 10 through the wall, or, dearer than the
        // 56 round it, not at all.
        (&["--directions", "blink"], "cost: 50", 2),
        (
            &["--directions", "blink", "--blink-cost", "2"],
            "cost: 56",
            3,
        ),
    ];
    for (options, cost, path_cells) in cases {
        let mut args = vec!["solve", map.as_str()];
        args.extend_from_slice(options);
        let out = ok(&args);
        let (drawn, summary) = drawn_and_summary(&out);
        assert_eq!(summary[0], cost, "{options:?}\n{out}");
        assert!(summary[1].starts_with("expanded: "), "{out}");
        // The map comes back as it was, with the path's cells between S and E marked '*'.
        let marked: usize = drawn.iter().map(|l| l.matches('*').count()).sum();
        assert_eq!(marked, path_cells, "{options:?}\n{out}");
        assert_eq!(
            drawn.join("\n").replace('*', "O") + "\n",
            original,
            "{options:?}"
        );
    }
}

#[test]
fn solve_reports_no_path_and_the_corner_squeeze() {
    let map = tutorial("corner_squeeze.txt");
    let out = ok(&["solve", &map, "--diagonal", "always"]);
    assert_eq!(
        drawn_and_summary(&out).0,
        ["OXXXXOOO", "OXOOXOOO", "OOSOXOEX", "OOO*XXX*", "OOOX*X*O", "OOOOO*OO"]
    );
    assert!(out.contains("\ncost: 84\n"), "{out}");
    for rule in ["if-at-most-one-obstacle", "only-when-no-obstacles"] {
        let out = ok(&["solve", &map, "--diagonal", rule]);
        let (drawn, summary) = drawn_and_summary(&out);
        assert_eq!(summary[0], "no path", "{rule}");
        assert!(drawn.iter().all(|l| !l.contains('*')));
    }
}

/// With the multimap tutorial's rules the drawn map is the tutorial's own printed figure.
#[test]
fn solve_with_the_tutorials_goal_test_and_neighbour_order_draws_its_figure() {
    let out = ok(&[
        "solve",
        &tutorial("multimap.txt"),
        "--movement",
        "4",
        "--costs",
        "exact",
        "--heuristic",
        "manhattan",
        "--tie-break",
        "first-in",
        "--neighbour-order",
        "left-right-up-down",
        "--goal-test",
        "first-reached",
    ]);
    let (drawn, summary) = drawn_and_summary(&out);
    let printed = std::fs::read_to_string(tutorial("multimap_solved.txt")).unwrap();
    assert_eq!(drawn.join("\n") + "\n", printed, "{out}");
    assert_eq!(summary[0], "cost: 38");
    let message = refused(&[
        "solve",
        &tutorial("multimap.txt"),
        "--algorithm",
        "jps",
        "--goal-test",
        "first-reached",
    ]);
    assert!(
        message.contains("jps has a stopping rule of its own"),
        "{message}"
    );
}

#[test]
fn solve_reads_the_dot_format_and_draws_in_it() {
    let out = ok(&["solve", &tutorial("multimap.txt"), "--movement", "4"]);
    let (drawn, summary) = drawn_and_summary(&out);
    assert_eq!(drawn.len(), 9);
    let marked: usize = drawn.iter().map(|l| l.matches('-').count()).sum();
    assert_eq!(marked, 37, "38 steps pass 37 cells between s and d\n{out}");
    assert_eq!(summary[0], "cost: 380");
    // Exact costs print as decimals: four diagonals are 4 * sqrt(2), not 4 * 1.414214.
    let out = ok(&["solve", &tutorial("wall_between.txt"), "--costs", "exact"]);
    assert!(out.contains("\ncost: 5.656854\n"), "{out}");
}

#[test]
fn solve_takes_endpoints_for_a_moving_ai_map() {
    let map = scratch_file(
        "pillar.map",
        "type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n",
    );
    // The benchmark's rules, as `scen` and the page use for a Moving AI map, and a note
    // that says so; options given explicitly win.
    let ran = astar(&["solve", &map, "--start", "0,0", "--goal", "2,2"]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(
        drawn_and_summary(&ran.stdout).1[0],
        "cost: 4",
        "{}",
        ran.stdout
    );
    assert!(
        ran.stderr.starts_with("note: ") && ran.stderr.contains("is a Moving AI map"),
        "{}",
        ran.stderr
    );
    let out = ok(&[
        "solve", &map, "--start", "0,0", "--goal", "2,2", "--costs", "10-14",
    ]);
    assert_eq!(drawn_and_summary(&out).1[0], "cost: 40", "{out}");
    let out = ok(&[
        "solve",
        &map,
        "--start",
        "0,0",
        "--goal",
        "2,2",
        "--diagonal",
        "always",
    ]);
    assert_eq!(drawn_and_summary(&out).1[0], "cost: 3.414214", "{out}");
    // A tutorial map keeps the tutorial rules, without a note.
    let ran = astar(&["solve", &tutorial("wall_between.txt")]);
    assert!(ran.stdout.contains("\ncost: 56\n"), "{}", ran.stdout);
    assert_eq!(ran.stderr, "");
    let msg = refused(&["solve", &map]);
    assert!(msg.contains("--start X,Y and --goal X,Y"), "{msg}");
    let msg = refused(&["solve", &map, "--start", "1,1", "--goal", "2,2"]);
    assert!(msg.contains("(1,1) is on a wall"), "{msg}");
    let msg = refused(&["solve", &map, "--start", "0,0", "--goal", "3,0"]);
    assert!(msg.contains("outside the 3x3 grid"), "{msg}");
    let msg = refused(&["solve", &map, "--start", "0;0", "--goal", "2,2"]);
    assert!(msg.contains("--start: expected X,Y"), "{msg}");
}

#[test]
fn scen_prints_a_line_per_scenario_and_a_summary() {
    let all = std::fs::read_to_string(format!("{MOVING_AI}/arena2.map.scen")).unwrap();
    let first_six: Vec<&str> = all.lines().take(7).collect();
    let scen = scratch_file("arena2_first_six.scen", &(first_six.join("\n") + "\n"));
    let out = ok(&["scen", &format!("{MOVING_AI}/arena2.map"), &scen]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    for (i, line) in lines[..6].iter().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert_eq!(fields[0], i.to_string());
        let cost: f64 = fields[1].parse().unwrap();
        let optimal: f64 = fields[2].parse().unwrap();
        let published: f64 = first_six[i + 1]
            .split('\t')
            .nth(8)
            .unwrap()
            .parse()
            .unwrap();
        assert!((optimal - published).abs() < 1e-8, "{line}");
        assert!((cost - optimal).abs() <= 1e-4 * optimal, "{line}");
        assert!(fields[3].parse::<u32>().unwrap() > 0, "{line}");
    }
    assert!(
        lines[6].starts_with("# scenarios: 6  solved: 6  optimal: 6  expanded: "),
        "{}",
        lines[6]
    );
}

/// A cost is optimal when it is the file's length to the file's decimals: 2 in this one (the
/// lengths of arena2's every fifth scenario rounded to 2 decimals, as some Moving AI files
/// give them), where 3.41 is 1 + sqrt(2).
#[test]
fn scen_judges_costs_at_the_files_precision() {
    let out = ok(&[
        "scen",
        &format!("{MOVING_AI}/arena2.map"),
        &format!("{MOVING_AI}/arena2_2_decimals.scen"),
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1].split('\t').take(3).collect::<Vec<_>>(),
        ["1", "2.41421356", "2.41"]
    );
    // Some costs differ from their 2-decimal length by more than a relative 1e-4, so a bound
    // of that kind would call them wrong.
    let far = lines[..182]
        .iter()
        .filter(|line| {
            let f: Vec<f64> = line.split('\t').map(|f| f.parse().unwrap()).collect();
            (f[1] - f[2]).abs() > 1e-4 * f[2]
        })
        .count();
    assert!(far >= 10, "{far}");
    assert!(
        lines[182].starts_with("# scenarios: 182  solved: 182  optimal: 182  "),
        "{}",
        lines[182]
    );
}

/// The cost printed is the sum of the path's moves, not of sqrt(2) rounded at each move.
#[test]
fn costs_are_the_exact_sum_of_the_moves() {
    let side = 301;
    let row = ".".repeat(side);
    let open = scratch_file(
        "open301.map",
        &format!(
            "type octile\nheight {side}\nwidth {side}\nmap\n{}",
            format!("{row}\n").repeat(side)
        ),
    );
    let ran = astar(&["solve", &open, "--start", "0,0", "--goal", "300,300"]);
    // 300 * sqrt(2) = 424.2640687; with sqrt(2) as 1.414214 it would be 424.2642.
    assert!(
        ran.stdout.contains("\ncost: 424.264069\n"),
        "{}",
        ran.stderr
    );
    let scen = scratch_file(
        "open301.map.scen",
        "version 1\n0\topen301.map\t301\t301\t0\t0\t300\t300\t424.26406871\n\
         0\topen301.map\t301\t301\t0\t0\t300\t299\t423.84985515\n",
    );
    let out = ok(&["scen", &open, &scen]);
    let costs: Vec<&str> = out.lines().filter_map(|l| l.split('\t').nth(1)).collect();
    assert_eq!(costs[..2], ["424.26406871", "423.84985515"], "{out}");
    assert!(out.contains("optimal: 2"), "{out}");
}

/// A scenario file names its map: one for another map of the same size is run, with a
/// warning, since its lengths are that map's.
#[test]
fn scen_warns_when_the_file_names_another_map() {
    let map = format!("{MOVING_AI}/arena2.map");
    let all = std::fs::read_to_string(format!("{MOVING_AI}/arena2.map.scen")).unwrap();
    let renamed = all
        .lines()
        .take(4)
        .collect::<Vec<_>>()
        .join("\n")
        .replace("arena2.map", "arena3.map");
    let scen = scratch_file("arena3.map.scen", &(renamed + "\n"));
    let ran = astar(&["scen", &map, &scen]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(ran.stdout.lines().count(), 4, "{}", ran.stdout);
    assert!(
        ran.stderr.starts_with("warning: ")
            && ran
                .stderr
                .contains("3 of 3 scenarios name another map than arena2.map")
            && ran.stderr.contains("arena3.map"),
        "{}",
        ran.stderr
    );
    assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
    // A name with the folders before it is the same map.
    let foldered = all
        .lines()
        .take(4)
        .collect::<Vec<_>>()
        .join("\n")
        .replace("arena2.map", "maps/dao/arena2.map");
    let scen = scratch_file("foldered.map.scen", &(foldered + "\n"));
    let ran = astar(&["scen", &map, &scen]);
    assert_eq!((ran.code, ran.stderr.as_str()), (Some(0), ""));
}

#[test]
fn scen_marks_unreachable_goals_and_honours_options() {
    let map = scratch_file(
        "split.map",
        "type octile\r\nheight 3\r\nwidth 3\r\nmap\r\n.@.\r\n.@.\r\n.@.\r\n",
    );
    let scen = scratch_file(
        "split.map.scen",
        "version 1.0\n0 split.map 3 3 0 0 2 2 0\n0 split.map 3 3 0 0 0 2 2\n",
    );
    let out = ok(&["scen", &map, &scen]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].split('\t').nth(1), Some("-"), "{out}");
    assert_eq!(
        lines[1].split('\t').take(2).collect::<Vec<_>>(),
        ["1", "2.00000000"],
        "{out}"
    );
    assert!(
        lines[2].starts_with("# scenarios: 2  solved: 1  optimal: 1"),
        "{out}"
    );
    // Breadth-first search on the same file: the options apply.
    let out = ok(&["scen", &map, &scen, "--algorithm", "bfs"]);
    assert_eq!(
        out.lines().nth(1).unwrap().split('\t').nth(1),
        Some("2.00000000")
    );
    // An empty scenario file is not an error.
    let empty = scratch_file("empty.scen", "version 1\n");
    assert_eq!(ok(&["scen", &map, &empty]), "no scenarios\n");
}

#[test]
fn bad_options_are_refused_with_the_choices() {
    let map = tutorial("wall_between.txt");
    let cases: [(&[&str], &str); 11] = [
        (
            &["--movement", "5"],
            "--movement: unknown direction count '5': expected one of 4, 8",
        ),
        (
            &["--diagonal", "sometimes"],
            "expected one of always, if-at-most-one-obstacle",
        ),
        (
            &["--algorithm", "dfs"],
            "expected one of astar, dijkstra, greedy, bfs",
        ),
        (
            &["--heuristic", "crow"],
            "manhattan, octile, euclidean, euclidean-up, chebyshev, zero",
        ),
        (&["--costs", "1-2"], "expected one of 10-14, exact"),
        (
            &["--tie-break", "random"],
            "larger-g, smaller-g, first-in, last-in",
        ),
        (&["--weight", "-1"], "weight must be a number from 0 to 100"),
        (&["--weight", "1e300"], "from 0 to 100, got 1e300"),
        (
            &["--weight", "heavy"],
            "--weight: expected a number >= 0, found 'heavy'",
        ),
        (&["--colour", "red"], "unknown option '--colour'"),
        (&["--movement"], "--movement needs a value"),
    ];
    for (options, needle) in cases {
        let mut args = vec!["solve", map.as_str()];
        args.extend_from_slice(options);
        let msg = refused(&args);
        assert!(msg.contains(needle), "{options:?}: {msg}");
    }
    let scen_map = format!("{MOVING_AI}/arena2.map");
    let scen = format!("{MOVING_AI}/arena2.map.scen");
    let msg = refused(&["scen", &scen_map, &scen, "--start", "1,1"]);
    assert!(msg.contains("unknown option '--start'"), "{msg}");
    let msg = refused(&["route", &map]);
    assert!(msg.contains("unknown command 'route'"), "{msg}");
    let msg = refused(&["solve"]);
    assert!(
        msg.contains("<MAPFILE> is required; usage: astar solve [OPTIONS] <MAPFILE>"),
        "{msg}"
    );
    let msg = refused(&["scen", &scen_map]);
    assert!(
        msg.contains("<SCENFILE> is required; usage: astar scen [OPTIONS] <MAPFILE> <SCENFILE>"),
        "{msg}"
    );
}

#[test]
fn malformed_or_missing_files_are_refused_with_their_position() {
    let bad_map = scratch_file("bad.txt", "OOO\nOSQ\nOOE\n");
    let msg = refused(&["solve", &bad_map]);
    assert!(
        msg.contains("bad.txt: line 2, column 3: unknown character 'Q'"),
        "{msg}"
    );
    let ragged = scratch_file("ragged.txt", "OOO\nOS\nOOE\n");
    assert!(refused(&["solve", &ragged]).contains("line 2, column 3"));
    let missing = format!("{TUTORIAL}/no_such_map.txt");
    let msg = refused(&["solve", &missing]);
    assert!(msg.contains("no_such_map.txt"), "{msg}");

    let map = format!("{MOVING_AI}/arena2.map");
    let bad_scen = scratch_file(
        "bad.scen",
        "version 1\n0\tarena2.map\t281\t209\tx\t159\t101\t162\t3.8\n",
    );
    let msg = refused(&["scen", &map, &bad_scen]);
    assert!(
        msg.contains("bad.scen: line 2, column 22: start x must be a whole number"),
        "{msg}"
    );
    let other_size = scratch_file(
        "other.scen",
        "version 1\n0\tother.map\t10\t10\t1\t1\t2\t2\t1.4\n",
    );
    let msg = refused(&["scen", &map, &other_size]);
    assert!(msg.contains("scenario 0 is for a 10x10 map"), "{msg}");
    let second_on_wall = scratch_file(
        "second_on_wall.scen",
        "version 1\n0\tarena2.map\t281\t209\t99\t159\t101\t162\t3.82842712\n\
         0\tarena2.map\t281\t209\t0\t0\t101\t162\t3.8\n",
    );
    // Scenarios run in file order: the first one's line is out before the second is refused.
    let ran = astar(&["scen", &map, &second_on_wall]);
    assert_eq!(ran.code, Some(2));
    assert!(ran.stdout.starts_with("0\t3.82842712\t"), "{}", ran.stdout);
    assert!(
        ran.stderr
            .contains("scenario 1: the start (0,0) is on a wall"),
        "{}",
        ran.stderr
    );
    let header = scratch_file(
        "header.map",
        "type octile\nheight two\nwidth 3\nmap\n...\n...\n",
    );
    let msg = refused(&["scen", &header, &second_on_wall]);
    assert!(
        msg.contains("line 2, column 8: 'height' needs a whole number"),
        "{msg}"
    );
    // A line of any length is cut in the message, its length said.
    let long_type = format!(
        "type {}\nheight 2\nwidth 2\nmap\n..\n..\n",
        "y".repeat(10_000_000)
    );
    let msg = refused(&[
        "solve",
        &scratch_file("long.map", &long_type),
        "--start",
        "0,0",
        "--goal",
        "1,1",
    ]);
    assert!(msg.len() < 300, "{} bytes", msg.len());
    assert!(
        msg.contains("(10000000 characters): expected 'type octile'"),
        "{msg}"
    );
}

/// Any scenario with an endpoint on a wall is named, the first one included.
#[test]
fn a_first_scenario_on_a_wall_is_named_like_the_others() {
    let map = format!("{MOVING_AI}/arena2.map");
    let on_wall = scratch_file(
        "first_on_wall.scen",
        "version 1\n0\tarena2.map\t281\t209\t0\t0\t101\t162\t3.8\n",
    );
    let msg = refused(&["scen", &map, &on_wall]);
    assert!(
        msg.contains("scenario 0: the start (0,0) is on a wall"),
        "{msg}"
    );
}

/// Each command with its usage line and the flags it takes besides the search options.
const COMMANDS: [(&str, &str, &[&str]); 6] = [
    (
        "solve",
        "astar solve [OPTIONS] <MAPFILE>",
        &["--start", "--goal"],
    ),
    (
        "trace",
        "astar trace [OPTIONS] <MAPFILE>",
        &["--start", "--goal", "--output"],
    ),
    (
        "replan",
        "astar replan [OPTIONS] --edits <FILE> <MAPFILE>",
        &["--start", "--goal", "--edits"],
    ),
    (
        "navigate",
        "astar navigate [OPTIONS] --sensor <R> <MAPFILE>",
        &["--start", "--goal", "--sensor"],
    ),
    ("scen", "astar scen [OPTIONS] <MAPFILE> <SCENFILE>", &[]),
    ("finders", "astar finders", &[]),
];

/// The help lists the commands; each command's help gives its usage line and every flag it
/// takes, the search options being every field of the engine's option table.
#[test]
fn help_documents_every_command_and_option() {
    for args in [&["--help"][..], &["-h"], &[], &["help"]] {
        let out = ok(args);
        assert!(out.starts_with("Grid pathfinding"), "{args:?}: {out}");
        assert!(
            out.contains("\nUsage: astar <COMMAND>\n"),
            "{args:?}: {out}"
        );
        for (command, ..) in COMMANDS {
            assert!(out.contains(&format!("\n  {command} ")), "{args:?}: {out}");
        }
    }
    let flags = OptionField::ALL.map(OptionField::flag);
    for (command, usage, own) in COMMANDS {
        let search_options: &[&str] = if command == "finders" { &[] } else { &flags };
        let mut asked = vec![
            vec![command, "--help"],
            vec![command, "-h"],
            vec!["help", command],
        ];
        if command != "finders" {
            // Asked for among other arguments.
            asked.push(vec![command, "x", "--weight", "2", "--help"]);
        }
        for args in asked {
            let out = ok(&args);
            assert!(
                out.contains(&format!("\nUsage: {usage}\n")),
                "{args:?}: {out}"
            );
            for flag in search_options.iter().chain(own) {
                assert!(out.contains(&format!("{flag} <")), "{args:?}: no {flag}");
            }
        }
    }
    // A flag a command does not take is not in its help.
    assert!(!ok(&["scen", "--help"]).contains("--start"));
}

/// An option the parser does not know is named, with the command's usage.
#[test]
fn an_unknown_option_is_named_with_the_usage_of_the_command() {
    for (command, usage, _) in COMMANDS {
        let msg = refused(&[command, "--colour", "red"]);
        assert!(msg.starts_with("astar: unknown option '--colour'"), "{msg}");
        assert!(msg.ends_with(&format!("; usage: {usage}\n")), "{msg}");
    }
    let msg = refused(&["--colour", "solve"]);
    assert!(
        msg.contains("unknown option '--colour'; usage: astar <COMMAND>"),
        "{msg}"
    );
    let map = tutorial("wall_between.txt");
    let msg = refused(&["solve", &map, "second.txt"]);
    assert!(msg.contains("unexpected argument 'second.txt'"), "{msg}");
}

#[test]
fn version_prints_the_package_version() {
    for flag in ["--version", "-V"] {
        assert_eq!(
            ok(&[flag]),
            format!("astar {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

/// `--flag=value` reads as `--flag value`, a value may start with a dash, and a flag given
/// twice takes its last value.
#[test]
fn a_flag_takes_its_value_after_a_space_or_an_equals_sign() {
    let map = tutorial("wall_between.txt");
    let spaced = ok(&["solve", &map, "--movement", "4", "--costs", "exact"]);
    assert!(spaced.contains("\ncost: 8\n"), "{spaced}");
    assert_eq!(
        ok(&["solve", &map, "--movement=4", "--costs=exact"]),
        spaced
    );
    assert_eq!(
        ok(&[
            "solve",
            "--movement=8",
            &map,
            "--costs=exact",
            "--movement",
            "4"
        ]),
        spaced
    );
    let msg = refused(&["solve", &map, "--movement=5"]);
    assert!(
        msg.contains("--movement: unknown direction count '5': expected one of 4, 8"),
        "{msg}"
    );
    let msg = refused(&["solve", &map, "--start=-1,0"]);
    assert!(
        msg.contains("--start: expected X,Y (two whole numbers), found '-1,0'"),
        "{msg}"
    );
    let msg = refused(&["solve", &map, "--weight="]);
    assert!(
        msg.contains("--weight: expected a number >= 0, found ''"),
        "{msg}"
    );
}

/// After `--` every argument is a file, even one whose name starts with a dash.
#[test]
fn a_double_dash_ends_the_options() {
    let map = scratch_file("-dashed.txt", "SOOO\nOOOE\n");
    let folder = std::path::Path::new(&map).parent().unwrap();
    let run = |args: &[&str]| {
        let ran = std::process::Command::new(env!("CARGO_BIN_EXE_astar"))
            .current_dir(folder)
            .args(args)
            .output()
            .unwrap();
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        (ran.status.code(), text(ran.stdout), text(ran.stderr))
    };
    let (code, out, err) = run(&["solve", "--movement", "4", "--", "-dashed.txt"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.ends_with("cost: 40\nexpanded: 4\n"), "{out}");
    let (code, out, err) = run(&["solve", "-dashed.txt"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.starts_with("astar: unknown option '-d'; usage: "),
        "{err}"
    );
    // After `--` a flag is a second file, which solve does not take.
    let (code, _, err) = run(&["solve", "--", "-dashed.txt", "--movement", "4"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("'--movement'"), "{err}");
}

#[test]
fn idastar_and_the_bidirectional_searches_solve_the_tutorial_maps() {
    for algorithm in ["idastar", "bi-astar", "bi-dijkstra"] {
        let out = ok(&[
            "solve",
            &tutorial("wall_between.txt"),
            "--algorithm",
            algorithm,
        ]);
        assert!(out.contains("cost: 56\n"), "{algorithm}:\n{out}");
        let out = ok(&[
            "solve",
            &tutorial("wall_between.txt"),
            "--algorithm",
            algorithm,
            "--diagonal",
            "never",
        ]);
        assert!(out.contains("cost: 80\n"), "{algorithm}:\n{out}");
    }
    let out = ok(&[
        "scen",
        &format!("{MOVING_AI}/arena2.map"),
        &format!("{MOVING_AI}/arena2.map.scen"),
        "--algorithm",
        "bi-astar",
    ]);
    assert!(out.contains("solved: 910  optimal: 910"), "{out}");
}

#[test]
fn idastar_stops_at_its_node_limit_with_a_message() {
    let wall_between = tutorial("wall_between.txt");
    let message = refused(&[
        "solve",
        &wall_between,
        "--algorithm",
        "idastar",
        "--node-limit",
        "5",
    ]);
    assert!(message.contains("after visiting 5 nodes"), "{message}");
    assert!(message.contains("--node-limit"), "{message}");
    // `trace` writes the whole search, a well-formed trace without `end`, then says the same
    // and exits the same way; to a file as to standard output.
    let file = scratch_file("limited.trace.yaml", "");
    for output in [None, Some(file.as_str())] {
        let mut args = vec![
            "trace",
            wall_between.as_str(),
            "--algorithm",
            "idastar",
            "--node-limit",
            "5",
        ];
        args.extend(output.iter().flat_map(|file| ["--output", file]));
        let ran = astar(&args);
        assert_eq!(ran.code, Some(2), "{}", ran.stderr);
        assert_eq!(ran.stderr, message);
        let trace = match output {
            Some(file) => std::fs::read_to_string(file).unwrap(),
            None => ran.stdout,
        };
        assert!(trace.starts_with("version: 1.4.0\nviews:\n"), "{trace}");
        let events: Vec<&str> = trace
            .lines()
            .skip_while(|l| *l != "events:")
            .skip(1)
            .collect();
        assert!(events.len() > 5, "{trace}");
        assert!(
            events
                .iter()
                .all(|l| l.starts_with("  - { type: ") && l.ends_with(" }")),
            "{trace}"
        );
        assert!(!trace.contains("type: end"), "{trace}");
    }
    let out = ok(&[
        "solve",
        &tutorial("wall_between.txt"),
        "--algorithm",
        "idastar",
        "--node-limit",
        "100000",
    ]);
    assert!(out.contains("cost: 56\n"), "{out}");
    let bad = refused(&[
        "solve",
        &tutorial("wall_between.txt"),
        "--algorithm",
        "idastar",
        "--node-limit",
        "lots",
    ]);
    assert!(
        bad.contains("--node-limit: expected a whole number"),
        "{bad}"
    );
    let zero = refused(&[
        "solve",
        &tutorial("wall_between.txt"),
        "--algorithm",
        "idastar",
        "--node-limit",
        "0",
    ]);
    assert!(zero.contains("at least 1"), "{zero}");
}

#[test]
fn options_a_finder_cannot_use_are_refused() {
    for algorithm in [
        "dijkstra",
        "bfs",
        "greedy",
        "bi-astar",
        "bi-dijkstra",
        "bi-bfs",
        "bi-greedy",
    ] {
        let message = refused(&[
            "solve",
            &tutorial("wall_between.txt"),
            "--algorithm",
            algorithm,
            "--weight",
            "2",
        ]);
        assert!(
            message.contains("weight of 2 means nothing to")
                && message.contains("its priority has no weighted heuristic term")
                && !message.contains("uses no heuristic"),
            "{algorithm}: {message}"
        );
    }
    let message = refused(&["solve", &tutorial("wall_between.txt"), "--node-limit", "10"]);
    assert!(message.contains("applies to idastar only"), "{message}");
}

#[test]
fn jump_point_search_solves_the_tutorial_maps_with_every_cell_of_the_path() {
    let map = tutorial("wall_between.txt");
    let cases: [(&[&str], &str, usize); 5] = [
        (&["--diagonal", "always"], "cost: 56", 3),
        (&["--diagonal", "if-at-most-one-obstacle"], "cost: 56", 3),
        (&["--diagonal", "only-when-no-obstacles"], "cost: 68", 5),
        (&["--diagonal", "never"], "cost: 80", 7),
        (&["--movement", "4"], "cost: 80", 7),
    ];
    for (options, cost, path_cells) in cases {
        let mut args = vec!["solve", map.as_str(), "--algorithm", "jps"];
        args.extend_from_slice(options);
        let out = ok(&args);
        let (drawn, summary) = drawn_and_summary(&out);
        assert_eq!(summary[0], cost, "{options:?}\n{out}");
        let marked: usize = drawn.iter().map(|l| l.matches('*').count()).sum();
        assert_eq!(marked, path_cells, "{options:?}\n{out}");
    }
    let out = ok(&[
        "scen",
        &format!("{MOVING_AI}/arena2.map"),
        &format!("{MOVING_AI}/arena2.map.scen"),
        "--algorithm",
        "jps",
    ]);
    let summary = out.lines().last().unwrap();
    assert!(
        summary.starts_with("# scenarios: 910  solved: 910  optimal: 910  "),
        "{summary}"
    );
}

#[test]
fn jump_point_search_refuses_a_weighted_map() {
    let map = scratch_file("weighted.txt", "SOOO\nO3OO\nOOOE\n");
    let message = refused(&["solve", &map, "--algorithm", "jps"]);
    assert!(message.contains("uniform"), "{message}");
    assert!(message.contains("weight 3 at (1,1)"), "{message}");
    // The same map is fine for A*, which takes the weights into account.
    assert!(ok(&["solve", &map]).contains("cost: "));
}

#[test]
fn finders_lists_the_catalogue_and_the_help_draws_from_it() {
    let out = ok(&["finders"]);
    let blocks: Vec<&str> = out.split("\n").filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        blocks,
        [
            "astar",
            "dijkstra",
            "greedy",
            "bfs",
            "idastar",
            "bi-astar",
            "bi-dijkstra",
            "bi-bfs",
            "bi-greedy",
            "jps",
            "lpastar",
            "dstar-lite",
            "theta-star",
            "lazy-theta-star",
            ""
        ]
    );
    let dstar = out.split("dstar-lite\n").nth(1).unwrap();
    assert!(dstar.contains("tie-break (larger-g, smaller-g)"), "{dstar}");
    assert!(
        dstar.contains("cells:    key, g, rhs\n  repairs:  yes"),
        "{dstar}"
    );
    let bi_astar = out.split("bi-astar\n").nth(1).unwrap();
    let takes = bi_astar.lines().find(|l| l.contains("takes:")).unwrap();
    assert!(!takes.contains("weight"), "{takes}");
    assert!(
        out.contains("marks:    scanned, jump-point, forced"),
        "{out}"
    );
    // The help, its lines rejoined wherever they are wrapped.
    let help = ok(&["solve", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("from 0 to 100 [default: 1] [only for astar, idastar, jps]"),
        "{help}"
    );
    assert!(
        help.contains("[default: 1000000] [only for idastar]"),
        "{help}"
    );
    assert!(refused(&["finders", "extra"]).contains("usage: astar finders"));
}

const DYNAMIC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/dynamic");

/// The lines of `replan` as (K, COST, EXPANDED).
fn batches(out: &str) -> Vec<(String, String, u32)> {
    out.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!((fields.len(), fields[0]), (4, "batch"), "{line}");
            (
                fields[1].to_string(),
                fields[2].to_string(),
                fields[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn replan_prints_the_optimal_cost_after_each_batch_for_every_algorithm() {
    let map = format!("{DYNAMIC}/detour_20x15.txt");
    // Close the only gap in the wall, then open a door on the straight line; then a
    // heavy cell on that line (3 x 10 to enter it), which two diagonals round it beat by
    // 2 (28 against 30 + 10 - 20), then clear it.
    let edits = scratch_file(
        "detour_edits.txt",
        "10 14 wall\n\n10 7 free\n\n\n11 7 3\n\n11 7 free\n",
    );
    let mut expanded = Vec::new();
    for algorithm in ["lpastar", "dstar-lite", "astar"] {
        let out = ok(&["replan", &map, "--edits", &edits, "--algorithm", algorithm]);
        let lines = batches(&out);
        let costs: Vec<(&str, &str)> = lines
            .iter()
            .map(|(k, c, _)| (k.as_str(), c.as_str()))
            .collect();
        assert_eq!(
            costs,
            [
                ("0", "246"),
                ("1", "none"),
                ("2", "190"),
                ("3", "198"),
                ("4", "190")
            ],
            "{algorithm}\n{out}"
        );
        expanded.push(lines.iter().map(|l| l.2).collect::<Vec<u32>>());
    }
    // Both repair the first search's answer with fewer expansions than A* from scratch
    // once the door opens on their searched ground.
    for repaired in &expanded[..2] {
        assert!(repaired[2] < expanded[2][2], "{expanded:?}");
    }
}

#[test]
fn replan_refuses_bad_edits_naming_the_line() {
    let map = format!("{DYNAMIC}/detour_20x15.txt");
    let cases = [
        ("1 1 wall\n\n20 3 wall\n", "line 3", "outside"),
        ("1 1 wall\n0 7 wall\n", "line 2", "is the start"),
        ("19 7 free\n", "line 1", "is the goal"),
        ("1 1 wall\n1 2\n", "line 2", "expected 'X Y wall'"),
        ("1 1 door\n", "line 1", "found '1 1 door'"),
        ("1 1 10\n", "line 1", "a weight 1-9"),
    ];
    for (text, line, words) in cases {
        let edits = scratch_file("bad_edits.txt", text);
        let message = refused(&["replan", &map, "--edits", &edits]);
        assert!(
            message.contains(line) && message.contains(words),
            "{text:?}: {message}"
        );
    }
    let missing = refused(&["replan", &map, "--edits", "/nonexistent/edits.txt"]);
    assert!(missing.contains("/nonexistent/edits.txt"), "{missing}");
    assert!(refused(&["replan", &map]).contains("--edits is required"));
    let wrong = refused(&["replan", &map, "--edits", &map, "--algorithm", "jps"]);
    assert!(wrong.contains("lpastar or dstar-lite or astar"), "{wrong}");
}

#[test]
fn replan_cuts_a_long_bad_line_and_reads_an_edits_file_with_a_byte_order_mark() {
    let map = format!("{DYNAMIC}/detour_20x15.txt");
    let line = format!("3 3 {}", "w".repeat(10_000_000));
    let edits = scratch_file("long_edits.txt", &line);
    let message = refused(&["replan", &map, "--edits", &edits]);
    assert!(message.len() < 300, "{} bytes", message.len());
    let shown = format!("found '3 3 {}…' (10000004 characters)", "w".repeat(56));
    assert!(message.contains(&shown), "{message}");
    let plain = ok(&[
        "replan",
        &map,
        "--edits",
        &scratch_file("edits.txt", "9 7 wall\n"),
    ]);
    let marked = scratch_file("bom_edits.txt", "\u{feff}9 7 wall\n");
    assert_eq!(ok(&["replan", &map, "--edits", &marked]), plain);
    assert_eq!(batches(&plain).len(), 2, "{plain}");
}

#[test]
fn replan_and_navigate_check_options_as_their_planner_takes_them() {
    let map = format!("{DYNAMIC}/detour_20x15.txt");
    let edits = scratch_file("one_edit.txt", "9 7 wall\n");
    for (args, finder) in [
        (vec!["replan", &map, "--edits", &edits], "lpastar"),
        (
            vec![
                "replan",
                &map,
                "--edits",
                &edits,
                "--algorithm",
                "dstar-lite",
            ],
            "dstar-lite",
        ),
        (vec!["navigate", &map, "--sensor", "2"], "dstar-lite"),
    ] {
        // Refused before any warning about the weight (`refused` wants one line).
        let weight = refused(&[&args[..], &["--weight", "2"]].concat());
        assert!(
            weight.contains(&format!("weight of 2 means nothing to {finder}")),
            "{weight}"
        );
        let limit = refused(&[&args[..], &["--node-limit", "5"]].concat());
        assert!(
            limit.contains(&format!("applies to idastar only, not to {finder}")),
            "{limit}"
        );
    }
    let limit = refused(&[
        "navigate",
        &map,
        "--sensor",
        "2",
        "--algorithm",
        "astar",
        "--node-limit",
        "5",
    ]);
    assert!(limit.contains("not to astar"), "{limit}");
    // A* takes a weight: the warning, then the walk.
    let ran = astar(&[
        "navigate",
        &map,
        "--sensor",
        "2",
        "--algorithm",
        "astar",
        "--weight",
        "2",
    ]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with("warning: weight 2"),
        "{}",
        ran.stderr
    );
}

#[test]
fn navigate_walks_the_paper_example_cell_by_cell() {
    let map = format!("{DYNAMIC}/koenig_likhachev_3x5.txt");
    let out = ok(&[
        "navigate",
        &map,
        "--sensor",
        "1.5",
        "--costs",
        "unit",
        "--tie-break",
        "smaller-g",
    ]);
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    let moves: Vec<&[&str]> = lines[..5].iter().map(|l| &l[..5]).collect();
    assert_eq!(
        moves[..5],
        [
            ["move", "0", "0", "1", "4"],
            ["move", "1", "1", "1", "3"],
            ["move", "2", "2", "0", "2"],
            ["move", "3", "3", "0", "1"],
            ["move", "4", "4", "1", "0"],
        ],
        "{out}"
    );
    // Seeing the wall costs D* Lite no expansion: every cell keeps a route as cheap.
    assert_eq!(lines[1][5], "0", "{out}");
    let first: u32 = lines[0][5].parse().unwrap();
    assert_eq!(lines[5], ["arrived", "4", &first.to_string()], "{out}");
}

/// Owned arguments as `astar` takes them.
fn borrowed(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// With 16 or blink moves the agent needs a sensor that reaches the longest move's cells;
/// with it, it walks the detour map as the page's walk of the same example does
/// (`tests/node/session.test.mjs`): the figures below are the page's too.
#[test]
fn navigate_with_long_moves_needs_the_sensor_they_need() {
    let map = format!("{DYNAMIC}/detour_20x15.txt");
    // The arguments of a walk, owned: the map's path is made here.
    let walk = |directions: &str, sensor: &str, algorithm: &str| -> Vec<String> {
        let ends = [
            "--start",
            "0,7",
            "--goal",
            "19,7",
            "--directions",
            directions,
        ];
        ([
            "navigate",
            &map,
            "--sensor",
            sensor,
            "--algorithm",
            algorithm,
        ]
        .iter())
        .chain(&ends)
        .map(|arg| arg.to_string())
        .collect()
    };
    let message = refused(&borrowed(&walk("16", "1.5", "dstar-lite")));
    assert!(
        message.contains("--sensor: the sensor radius must be at least 2.24"),
        "{message}"
    );
    for (directions, sensor, algorithm, moves, last) in [
        ("16", "2.24", "dstar-lite", 24, ["arrived", "292", "147"]),
        ("16", "2.24", "astar", 24, ["arrived", "292", "123"]),
        ("blink", "2.83", "dstar-lite", 18, ["arrived", "200", "40"]),
        ("blink", "2.83", "astar", 18, ["arrived", "200", "31"]),
    ] {
        let out = ok(&borrowed(&walk(directions, sensor, algorithm)));
        let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(lines.len(), moves + 2, "{out}");
        assert_eq!(lines.last().unwrap(), &last, "{out}");
    }
}

#[test]
fn navigate_follows_the_moving_ai_rules_on_a_map_file() {
    let map = scratch_file(
        "pillar.map",
        "type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n",
    );
    for algorithm in ["dstar-lite", "astar", "astar-every-change"] {
        let out = ok(&[
            "navigate",
            &map,
            "--start",
            "0,0",
            "--goal",
            "2,2",
            "--sensor",
            "1.5",
            "--algorithm",
            algorithm,
        ]);
        // No corner of the pillar may be cut: four straight moves, exact costs.
        let first: Vec<&str> = out.lines().next().unwrap().split('\t').collect();
        assert_eq!(first[..5], ["move", "0", "0", "0", "4"], "{out}");
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("arrived\t4\t"), "{algorithm}: {out}");
        assert_eq!(out.lines().count(), 6, "{out}");
    }
}

#[test]
fn navigate_with_a_star_on_every_change_replans_where_the_lazy_one_need_not() {
    // Walls beside the straight way, seen as the agent walks, and one on it.
    let map = scratch_file(
        "corridor.txt",
        "...............\n+++++++........\ns........+....d\n+++++++........\n",
    );
    let walk = |algorithm| {
        let out = ok(&["navigate", &map, "--sensor", "3", "--algorithm", algorithm]);
        let lines: Vec<Vec<String>> = (out.lines())
            .map(|l| l.split('\t').map(String::from).collect())
            .collect();
        let replans = lines
            .iter()
            .filter(|l| l[0] == "move" && l[5] != "0")
            .count();
        let arrived = lines.last().unwrap().clone();
        assert_eq!(arrived[0], "arrived", "{algorithm}: {out}");
        (replans, arrived[1].clone())
    };
    let (lazy, lazy_travelled) = walk("astar");
    let (eager, eager_travelled) = walk("astar-every-change");
    assert_eq!(
        lazy, 2,
        "at the start and where the wall on the way comes into view"
    );
    assert!(eager > lazy, "{eager} replans");
    assert_eq!(eager_travelled, lazy_travelled);
    assert_eq!(walk("dstar-lite").1, lazy_travelled);
    let wrong = refused(&["navigate", &map, "--sensor", "3", "--algorithm", "lpastar"]);
    assert!(
        wrong.contains("dstar-lite or astar or astar-every-change"),
        "{wrong}"
    );
}

#[test]
fn navigate_reports_an_unreachable_goal_where_it_finds_out() {
    let map = scratch_file("walled_in.txt", "SOOXO\nOOOXE\nOOOXO\n");
    let out = ok(&["navigate", &map, "--sensor", "2"]);
    let last = out.lines().last().unwrap();
    let k = out.lines().count() - 2;
    assert_eq!(last, format!("unreachable\t{k}"), "{out}");
    let stuck: Vec<&str> = out.lines().nth(k).unwrap().split('\t').collect();
    assert_eq!(stuck[4], "none", "{out}");
}

#[test]
fn navigate_refuses_a_sensor_too_short_to_see_around() {
    let map = format!("{DYNAMIC}/koenig_likhachev_3x5.txt");
    let message = refused(&["navigate", &map, "--sensor", "1"]);
    assert!(message.contains("at least 1.5"), "{message}");
    assert!(refused(&["navigate", &map, "--sensor", "far"]).contains("'far'"));
    // As the page refuses them: no radius is infinite.
    for radius in ["inf", "-inf", "infinity", "NaN"] {
        let message = refused(&["navigate", &map, "--sensor", radius]);
        assert!(message.contains(&format!("found '{radius}'")), "{message}");
    }
    assert!(refused(&["navigate", &map]).contains("--sensor is required"));
    assert!(
        refused(&["navigate", "/nonexistent.map", "--sensor", "2"]).contains("/nonexistent.map")
    );
}
