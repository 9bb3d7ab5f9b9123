//! Costs as the commands print them.

/// Integers plain, others to six decimals.
pub fn fmt_cost(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v}")
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').to_string()
    }
}

/// A cost, or `none` where there is no path.
pub fn cost_or_none(cost: Option<f64>) -> String {
    cost.map_or("none".to_string(), fmt_cost)
}
