//! The router is composed where the server is built: one arm per mode, extras under flags.

pub mod calendar;
pub mod desk;
pub mod notes;

use desk::Desk;

pub enum Mode {
    Notes,
    Everything,
}

pub struct Settings {
    pub mode: Mode,
    pub mail: bool,
}

pub fn start(settings: &Settings) -> Desk {
    let desk = match settings.mode {
        Mode::Notes => {
            let router = Desk::notes_router();
            Desk::new("me".into(), router)
        }
        Mode::Everything => {
            let mut router = Desk::notes_router() + Desk::calendar_router();
            if settings.mail {
                router += Desk::mail_router();
            }
            Desk::new("me".into(), router)
        }
    };
    desk
}

#[cfg(test)]
mod tests {
    use super::*;

    // Test code builds the type too; it is not what a client sees.
    fn debugging() -> Desk {
        Desk::new("test".into(), Desk::debug_router())
    }
}
