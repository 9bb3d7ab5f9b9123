//! What a repair saves: the expansions of A* from scratch on the map as it is now, worked
//! out when first asked for.

use std::sync::Arc;

use crate::finder::Finder;
use crate::options::{Algorithm, SearchOptions};
use crate::search::Search;

use super::Incremental;

impl Incremental {
    /// How many nodes A* expands searching from scratch, with the same options, from the
    /// start to the goal of the map as it is now: what this repair saves.
    pub fn from_scratch_expanded(&self) -> u32 {
        *self.from_scratch.get_or_init(|| {
            let options = SearchOptions {
                algorithm: Algorithm::AStar,
                ..self.options
            };
            // The same grid, endpoints and checked options a search was made with.
            match Search::with_topology(
                self.graph.grid.clone(),
                self.s.start_at,
                self.goal_at,
                options,
                Arc::clone(self.graph.neighbourhood.topology()),
            ) {
                Ok(mut search) => {
                    search.run();
                    search.counters().expanded
                }
                Err(_) => 0,
            }
        })
    }
}
