//! The command line of `cargo xtask`: every command, option and default, checked here before
//! any command starts building. The numbers' options take values with a minus sign, so that
//! `--port -1` is reported as a bad port rather than as an unknown option `-1`.

use crate::wasm_build::LIB_NAME;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "Project commands. Each installs what it lacks (the wasm target, npm dependencies, \
             Chromium), so a fresh clone needs only a Rust toolchain and, for the tests, Node.js.",
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build the wasm engine into pkg/ and serve the page on http://127.0.0.1:PORT/
    Serve(Serve),
    /// Write dist/astar-visualizer.html, one self-contained file that works from disk
    Dist,
    /// Formatting, clippy, layers, native tests, wasm tests, page logic tests (Node.js) and
    /// browser tests (CI runs this)
    Test,
    /// Check that src/ keeps its layers (a step of `test`): no circle, no upward import
    Layers,
    /// Take the docs' screenshots and exported animation again (www/*.png, .gif)
    Pictures,
    /// Time the engine as the page runs it (wasm in Node.js) against PathFinding.js and against
    /// the native build, on the Moving AI maps; with --page, a drawn step in the page
    Bench(Bench),
}

#[derive(Args, Debug)]
pub struct Serve {
    /// The port to listen on; 0 picks a free one (printed)
    #[arg(
        long,
        allow_negative_numbers = true,
        value_name = "N",
        default_value_t = 8000
    )]
    pub port: u16,
    /// Serve pkg/ as last built instead of building the engine first
    #[arg(long)]
    pub no_build: bool,
}

#[derive(Args, Debug)]
pub struct Bench {
    /// Time a drawn step in the page (headless Chromium) instead: Step to the frame painted,
    /// a plain A* step against D* Lite's and A*'s walk moves
    #[arg(long)]
    pub page: bool,
    #[command(flatten)]
    pub engine: EngineBench,
    #[command(flatten)]
    pub drawn: PageBench,
}

/// The engine against PathFinding.js and native (`benches/wasm_engine.mjs`).
#[derive(Args, Debug)]
#[command(next_help_heading = "Engine bench (without --page)")]
pub struct EngineBench {
    /// Only the maps of tests/maps/movingai/ whose names contain one of these (default: all)
    #[arg(value_name = "MAP", conflicts_with = "page")]
    pub maps: Vec<String>,
    /// Scenarios per map, spread over its .scen file
    #[arg(
        long,
        allow_negative_numbers = true,
        value_name = "N",
        default_value_t = 50,
        conflicts_with = "page",
        value_parser = clap::value_parser!(u32).range(1..),
    )]
    pub per_map: u32,
    /// Rounds; each way's time is its fastest round
    #[arg(
        long,
        allow_negative_numbers = true,
        value_name = "N",
        default_value_t = 3,
        conflicts_with = "page",
        value_parser = clap::value_parser!(u32).range(1..),
    )]
    pub rounds: u32,
    /// Also time an earlier build's bindings (a copy of target/xtask/bench-web)
    #[arg(long, value_name = "DIR", conflicts_with = "page", value_parser = bindings_dir)]
    pub baseline: Option<PathBuf>,
}

/// A drawn step in the page (`benches/drawn_move.mjs`).
#[derive(Args, Debug)]
#[command(next_help_heading = "Page bench (with --page)")]
pub struct PageBench {
    /// A 512x512 Moving AI map of tests/maps/movingai/, its last scenario's start and goal
    #[arg(
        long,
        value_name = "NAME",
        default_value = "Berlin_0_512",
        requires = "page"
    )]
    pub map: String,
    /// Board sizes, multiples of 512: the map tiled (2048 = four by four)
    #[arg(
        long,
        allow_negative_numbers = true,
        value_name = "N,...",
        value_delimiter = ',',
        default_value = "512,2048",
        requires = "page",
        value_parser = page_size,
    )]
    pub sizes: Vec<u32>,
    /// Timed steps per mode and size
    #[arg(
        long,
        allow_negative_numbers = true,
        value_name = "N",
        default_value_t = 60,
        requires = "page",
        value_parser = clap::value_parser!(u32).range(1..),
    )]
    pub moves: u32,
}

/// A side of the page bench's board: the map is 512 cells wide and tiled to fill it.
fn page_size(value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(side) if side > 0 && side % 512 == 0 => Ok(side),
        _ => Err("expected a comma list of multiples of 512, e.g. 512,2048".into()),
    }
}

/// An earlier build's bindings, made absolute: the script runs in the repository root.
fn bindings_dir(value: &str) -> Result<PathBuf, String> {
    let dir = PathBuf::from(value);
    if !dir.is_dir() {
        return Err("no such directory; expected a copy of target/xtask/bench-web".into());
    }
    let wasm = format!("{LIB_NAME}_bg.wasm");
    if !dir.join(&wasm).is_file() {
        return Err(format!(
            "it holds no {wasm}; expected a copy of target/xtask/bench-web"
        ));
    }
    dir.canonicalize().map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("cargo xtask").chain(args.iter().copied()))
    }

    fn bench(args: &[&str]) -> Bench {
        match parse(args).unwrap().command {
            Command::Bench(bench) => bench,
            other => panic!("parsed as {other:?}"),
        }
    }

    /// The parse fails, and its message, before the usage it ends with, names `option`.
    fn rejects(args: &[&str], option: &str) -> String {
        let message = parse(args).expect_err("accepted").to_string();
        let (error, _usage) = message.split_once("\n\n").unwrap_or((&message, ""));
        assert!(error.contains(option), "{args:?}: {message}");
        message
    }

    #[test]
    fn serve_defaults_and_options() {
        let Command::Serve(serve) = parse(&["serve"]).unwrap().command else {
            panic!("not serve")
        };
        assert_eq!((serve.port, serve.no_build), (8000, false));
        let Command::Serve(serve) = parse(&["serve", "--no-build", "--port", "0"])
            .unwrap()
            .command
        else {
            panic!("not serve")
        };
        assert_eq!((serve.port, serve.no_build), (0, true));
        let Command::Serve(serve) = parse(&["serve", "--port=65535"]).unwrap().command else {
            panic!("not serve")
        };
        assert_eq!(serve.port, 65535);
    }

    #[test]
    fn serve_rejects_bad_ports_and_options() {
        for port in ["65536", "-1", "abc", ""] {
            rejects(&["serve", "--port", port], "--port");
        }
        rejects(&["serve", "--port"], "--port");
        rejects(&["serve", "--build"], "--build");
    }

    #[test]
    fn commands_without_options() {
        for (name, expected) in [
            ("dist", "Dist"),
            ("test", "Test"),
            ("layers", "Layers"),
            ("pictures", "Pictures"),
        ] {
            assert_eq!(format!("{:?}", parse(&[name]).unwrap().command), expected);
            rejects(&[name, "--fast"], "--fast");
            rejects(&[name, "extra"], "extra");
        }
        rejects(&["deploy"], "deploy");
    }

    #[test]
    fn no_command_shows_help_as_an_error() {
        let error = parse(&[]).unwrap_err();
        assert_eq!(
            error.kind(),
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        );
        assert!(error.use_stderr(), "must exit non-zero");
        assert!(error.to_string().contains("bench"), "{error}");
    }

    #[test]
    fn help_is_help_not_an_error() {
        for args in [
            &["--help"][..],
            &["help"],
            &["bench", "--help"],
            &["help", "bench"],
        ] {
            let error = parse(args).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::DisplayHelp, "{args:?}");
            assert!(!error.use_stderr(), "{args:?}");
        }
        let help = parse(&["bench", "--help"]).unwrap_err().to_string();
        for option in [
            "--per-map",
            "--rounds",
            "--baseline",
            "--page",
            "--map",
            "--sizes",
        ] {
            assert!(help.contains(option), "{help}");
        }
    }

    #[test]
    fn engine_bench_defaults_and_options() {
        let bench = bench(&["bench"]);
        assert!(!bench.page);
        assert!(bench.engine.maps.is_empty());
        assert_eq!((bench.engine.per_map, bench.engine.rounds), (50, 3));
        assert_eq!(bench.engine.baseline, None);

        let bench = self::bench(&["bench", "arena2", "--per-map", "30", "lak", "--rounds=2"]);
        assert_eq!(bench.engine.maps, ["arena2", "lak"]);
        assert_eq!((bench.engine.per_map, bench.engine.rounds), (30, 2));
    }

    #[test]
    fn engine_bench_rejects_bad_numbers() {
        for option in ["--per-map", "--rounds"] {
            for value in ["abc", "0", "-3", "2.5", ""] {
                rejects(&["bench", option, value], option);
            }
            rejects(&["bench", option], option);
        }
    }

    #[test]
    fn baseline_must_be_a_build_s_bindings() {
        let dir = std::env::temp_dir().join(format!("xtask-cli-baseline-{}", std::process::id()));
        let missing = dir.join("missing");
        let message = rejects(
            &["bench", "--baseline", missing.to_str().unwrap()],
            "--baseline",
        );
        assert!(message.contains("no such directory"), "{message}");

        std::fs::create_dir_all(&dir).unwrap();
        let message = rejects(
            &["bench", "--baseline", dir.to_str().unwrap()],
            "--baseline",
        );
        assert!(message.contains("holds no"), "{message}");

        std::fs::write(dir.join(format!("{LIB_NAME}_bg.wasm")), b"").unwrap();
        let bench = bench(&["bench", "--baseline", dir.to_str().unwrap()]);
        assert_eq!(bench.engine.baseline, Some(dir.canonicalize().unwrap()));
        let message = rejects(
            &["bench", "--page", "--baseline", dir.to_str().unwrap()],
            "--page",
        );
        assert!(message.contains("--baseline"), "{message}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn page_bench_defaults_and_options() {
        let bench = self::bench(&["bench", "--page"]);
        assert!(bench.page);
        assert_eq!(bench.drawn.map, "Berlin_0_512");
        assert_eq!(bench.drawn.sizes, [512, 2048]);
        assert_eq!(bench.drawn.moves, 60);

        let bench = self::bench(&[
            "bench",
            "--page",
            "--sizes",
            "512",
            "--moves",
            "100",
            "--map",
            "random512-10-0",
        ]);
        assert_eq!(bench.drawn.map, "random512-10-0");
        assert_eq!(bench.drawn.sizes, [512]);
        assert_eq!(bench.drawn.moves, 100);
        assert_eq!(
            self::bench(&["bench", "--sizes=1024,512", "--page"])
                .drawn
                .sizes,
            [1024, 512]
        );
    }

    #[test]
    fn page_bench_rejects_bad_values() {
        for sizes in ["abc", "0", "500", "512,", "512,,2048", "-512", "512;2048"] {
            rejects(&["bench", "--page", "--sizes", sizes], "--sizes");
        }
        for moves in ["abc", "0", "-1"] {
            rejects(&["bench", "--page", "--moves", moves], "--moves");
        }
        rejects(&["bench", "--page", "--map"], "--map");
    }

    #[test]
    fn bench_options_belong_to_one_bench() {
        // Page options without --page, engine options with it.
        for option in [&["--map", "x"][..], &["--sizes", "512"], &["--moves", "5"]] {
            let args = [&["bench"][..], option].concat();
            // "required: --page", with the usage naming the option that requires it.
            let message = rejects(&args, "--page");
            assert!(
                message.contains(&format!("Usage: cargo xtask bench --page {}", option[0])),
                "{message}"
            );
        }
        for (option, name) in [
            (&["--per-map", "5"][..], "--per-map"),
            (&["--rounds", "2"], "--rounds"),
            (&["arena2"], "[MAP]"),
        ] {
            let args = [&["bench", "--page"][..], option].concat();
            let message = rejects(&args, "--page");
            assert!(message.contains(name), "{message}");
        }
    }
}
