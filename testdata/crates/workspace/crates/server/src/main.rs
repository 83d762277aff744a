use weather_types::Forecast;

/// Forecast for a city.
#[tool]
fn forecast(city: String, days: u8) -> Forecast {
    todo!()
}

/// The day after tomorrow.
#[tool]
fn overmorrow(city: String) -> weather_types::Day {
    todo!()
}

fn main() {}
