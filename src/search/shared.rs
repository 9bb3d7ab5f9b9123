//! What the best-first loop and Jump Point Search do alike, from the state both keep under
//! the same names (`grid`, `options`, `status`, `counters`, `open`, `total_steps`, `record`,
//! `g`, `marks`, `current`, `path`): the queries of their `Finder` impls, and the end of
//! undoing a step. Written once here and spliced into each, so that neither loop's fields
//! move behind another struct (the loops read them at every neighbour).

/// The `Finder` methods answered from a best-first finder's own fields.
macro_rules! best_first_queries {
    () => {
        fn status(&self) -> $crate::vocabulary::status::Status {
            self.status
        }

        fn counters(&self) -> $crate::vocabulary::status::Counters {
            $crate::vocabulary::status::Counters {
                open: self.open.len() as u32,
                ..self.counters
            }
        }

        fn total_steps(&self) -> Option<u32> {
            self.total_steps
        }

        /// Per-cell record, row by row: the state under `STATE_MASK`, and the move from the
        /// parent (see `crate::vocabulary::record`).
        fn records(&self) -> &[u8] {
            &self.record
        }

        fn g_values(&self) -> &[f64] {
            &self.g
        }

        fn current(&self) -> Option<$crate::geometry::grid::Point> {
            (self.current != $crate::vocabulary::record::NO_PARENT)
                .then(|| self.grid.point(self.current as usize))
        }

        fn open_list(&self, k: usize) -> Vec<$crate::vocabulary::events::NodeValues> {
            self.open
                .peek_sorted(k)
                .into_iter()
                .map(|(cell, _)| self.values(cell))
                .collect()
        }

        fn path(&self) -> &[u32] {
            &self.path
        }

        fn options(&self) -> &$crate::options::SearchOptions {
            &self.options
        }

        fn grid(&self) -> &$crate::geometry::grid::Grid {
            &self.grid
        }

        fn marks(&self) -> &[u16] {
            &self.marks
        }
    };
}

/// The end of undoing a recorded step: the node it popped (`Option<(cell, key)>`) back on
/// the open list, the path it found dropped, and the values the step began from restored.
/// Its own changes are undone before, by each finder.
macro_rules! put_back_popped {
    ($finder:ident, $popped:expr, $prev_current:expr, $prev_max_open:expr) => {
        // The step that found the goal expanded nothing: it took the goal off the open list,
        // or (goal test on reaching) took nothing at all.
        let found = $finder.status == $crate::vocabulary::status::Status::Found;
        if found {
            $finder.path.clear();
        }
        if let Some((cell, key)) = $popped {
            if !found {
                $finder.counters.expanded -= 1;
            }
            $finder.set_state(cell, $crate::vocabulary::record::OPEN);
            $finder.open.push(cell, key);
        }
        $finder.status = $crate::vocabulary::status::Status::Running;
        $finder.current = $prev_current;
        $finder.counters.max_open = $prev_max_open;
        $finder.counters.steps -= 1;
    };
}

pub(crate) use {best_first_queries, put_back_popped};
