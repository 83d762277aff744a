/// A forecast for several days.
pub struct Forecast {
    pub city: String,
    pub days: Vec<Day>,
}

pub struct Day {
    /// Expected high, in degrees Celsius.
    pub high: f64,
    pub low: f64,
}
