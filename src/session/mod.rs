//! The page's session: one search and its timeline, the map being edited, and what a cell
//! shows when asked.

pub mod editor;
pub mod inspect;
pub mod search_handle;
