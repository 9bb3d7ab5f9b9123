//! Values and problems handed to JavaScript: serialised values, and each problem the
//! engine names thrown as an `Error` with its code.

use std::fmt;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::checks::fields::OptionProblem;
use crate::checks::search_error::SearchError;
use crate::dynamic::navigation::NavigationError;
use crate::finder::repairing::RepairError;
use crate::formats::map_text::ParseError;
use crate::geometry::grid::GridError;
use crate::session::editor::EditError;
use crate::text::argument::ArgumentProblem;
use crate::text::names::UnknownName;

pub(super) type JsResult<T> = Result<T, JsValue>;

pub(super) fn to_js<T: Serialize>(value: &T) -> JsResult<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// A thrown `Error` carrying the problem: English message, `problem` = `{ code, ...values }`.
fn fail<P: Serialize + fmt::Display>(problem: P) -> JsValue {
    let error = js_sys::Error::new(&problem.to_string());
    if let Ok(value) = to_js(&problem) {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"problem".into(), &value);
    }
    error.into()
}

/// Every problem the engine names becomes a thrown `Error` through `?`.
macro_rules! thrown {
    ($($problem:ty),+) => {$(
        impl From<$problem> for JsValue {
            fn from(problem: $problem) -> JsValue {
                fail(problem)
            }
        }
    )+};
}

thrown!(
    ArgumentProblem,
    RepairError,
    OptionProblem,
    SearchError,
    GridError,
    EditError,
    UnknownName,
    ParseError
);

/// A walk's search problem is thrown as a search's, with its code.
impl From<NavigationError> for JsValue {
    fn from(problem: NavigationError) -> JsValue {
        match problem {
            NavigationError::Search { cause } => fail(cause),
            other => fail(other),
        }
    }
}
