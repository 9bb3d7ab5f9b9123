//! Finders with loops of their own, behind the one stepwise [`Finder`](crate::finder::Finder)
//! interface.

pub mod bidirectional;
mod graph;
pub mod idastar;
pub mod incremental;
pub mod jps;
mod jump;

pub use jps::JumpPointSearch;

/// `impl Finder` for a finder whose inherent methods have the interface's names, taking
/// and giving cell indices where the interface uses points; methods in braces after the
/// type go into the impl as they are.
macro_rules! delegate_finder {
    ($ty:ty) => {
        $crate::finders::delegate_finder!($ty, {});
    };
    ($ty:ty, { $($extra:item)* }) => {
        impl $crate::finder::Finder for $ty {
            fn step(&mut self) -> Option<$crate::events::StepEvent> {
                <$ty>::step(self)
            }
            fn step_back(&mut self) -> bool {
                <$ty>::step_back(self)
            }
            fn advance(&mut self, n: u32) -> u32 {
                <$ty>::advance(self, n)
            }
            fn finish(&mut self) -> $crate::search::Status {
                <$ty>::finish(self)
            }
            fn run(&mut self) -> $crate::search::Status {
                <$ty>::run(self)
            }
            fn seek(&mut self, target: u32) -> u32 {
                <$ty>::seek(self, target)
            }
            fn restart(
                &mut self,
                start: $crate::grid::Point,
                goal: $crate::grid::Point,
            ) -> Result<(), $crate::search::SearchError> {
                <$ty>::restart(self, start, goal)
            }
            fn status(&self) -> $crate::search::Status {
                <$ty>::status(self)
            }
            fn counters(&self) -> $crate::search::Counters {
                <$ty>::counters(self)
            }
            fn total_steps(&self) -> Option<u32> {
                <$ty>::total_steps(self)
            }
            fn records(&self) -> &[u8] {
                <$ty>::records(self)
            }
            fn g_values(&self) -> &[f64] {
                <$ty>::g_values(self)
            }
            fn estimates(&self, cell: u32) -> (f64, f64) {
                <$ty>::estimates(self, cell)
            }
            fn values(&self, cell: u32) -> $crate::events::NodeValues {
                <$ty>::values(self, cell)
            }
            fn cost_scale(&self) -> f64 {
                <$ty>::cost_scale(self)
            }
            fn priority_scale(&self) -> f64 {
                <$ty>::priority_scale(self)
            }
            fn current(&self) -> Option<$crate::grid::Point> {
                <$ty>::current(self)
            }
            fn touched(&self) -> Vec<$crate::grid::Point> {
                <$ty>::touched(self)
            }
            fn open_list(&self, k: usize) -> Vec<$crate::events::NodeValues> {
                <$ty>::open_list(self, k)
            }
            fn path(&self) -> &[u32] {
                <$ty>::path(self)
            }
            fn path_cost(&self) -> Option<f64> {
                <$ty>::path_cost(self)
            }
            fn path_steps(&self) -> Option<u32> {
                <$ty>::path_steps(self)
            }
            fn cell_state(
                &self,
                p: $crate::grid::Point,
            ) -> Result<$crate::search::CellState, $crate::grid::GridError> {
                let grid = <$ty>::grid(self);
                let i = grid.index_of(i64::from(p.x), i64::from(p.y))?;
                Ok(<$ty>::cell_state(self, i as u32))
            }
            fn parent_of(
                &self,
                p: $crate::grid::Point,
            ) -> Result<Option<$crate::grid::Point>, $crate::grid::GridError> {
                let grid = <$ty>::grid(self);
                let i = grid.index_of(i64::from(p.x), i64::from(p.y))?;
                Ok(<$ty>::parent_at(self, i as u32).map(|q| grid.point(q as usize)))
            }
            fn options(&self) -> &$crate::options::SearchOptions {
                <$ty>::options(self)
            }
            fn grid(&self) -> &$crate::grid::Grid {
                <$ty>::grid(self)
            }
            fn marks(&self) -> &[u8] {
                <$ty>::marks(self)
            }
            fn info(&self) -> $crate::finder::FinderInfo {
                <$ty>::info(self)
            }
            $($extra)*
        }
    };
}

pub(crate) use delegate_finder;
