//! Enums whose values a user names (`--format human`, `profile = "rmcp"` in the configuration):
//! each value's name and one-line help, so that a front end (the CLI's parser, a config reader)
//! offers, parses and documents the same spellings without the core depending on it.

use std::fmt;

/// An enum whose every value has a name a user types, and a line saying what it means.
pub trait Choice: Copy + Sized + 'static {
    /// Every value, in the order they are listed to users.
    const ALL: &'static [Self];

    /// The name users type for this value (`python-sdk`).
    fn name(self) -> &'static str;

    /// What this value means, in one line (the help `--help` shows beside the name).
    fn help(self) -> &'static str;

    /// The value named `name` exactly (no case folding), if any.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|value| value.name() == name)
    }

    /// [`Choice::from_name`], with an error that lists the names there are.
    fn parse(name: &str) -> Result<Self, UnknownChoice> {
        Self::from_name(name).ok_or_else(|| UnknownChoice {
            given: name.to_owned(),
            expected: Self::ALL.iter().map(|value| value.name()).collect(),
        })
    }
}

/// A name that is none of a [`Choice`]'s values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownChoice {
    /// The name as given.
    pub given: String,
    /// The names there are, in their order.
    pub expected: Vec<&'static str>,
}

impl fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not one of {}", self.given, self.expected.join(", "))
    }
}

impl std::error::Error for UnknownChoice {}

/// `impl FromStr` through [`Choice::parse`], for the enums that implement [`Choice`].
macro_rules! from_str_by_choice {
    ($($ty:ty),+ $(,)?) => {$(
        impl std::str::FromStr for $ty {
            type Err = $crate::choice::UnknownChoice;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                <$ty as $crate::choice::Choice>::parse(name)
            }
        }
    )+};
}
pub(crate) use from_str_by_choice;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{FailOn, Format};
    use crate::ProfileChoice;

    /// Every value's name parses back to it, and the names are distinct.
    fn round_trips<T: Choice + PartialEq + fmt::Debug + std::str::FromStr>() {
        for &value in T::ALL {
            assert_eq!(T::from_name(value.name()), Some(value));
            assert_eq!(value.name().parse::<T>().ok(), Some(value));
            assert!(!value.help().is_empty());
        }
    }

    #[test]
    fn every_name_parses_back() {
        round_trips::<ProfileChoice>();
        round_trips::<Format>();
        round_trips::<FailOn>();
        round_trips::<crate::validate::report::Format>();
        round_trips::<crate::tokens::Encoding>();
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let e = "Rmcp".parse::<ProfileChoice>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "`Rmcp` is not one of auto, mcp-attr, python-sdk, rmcp, rust-mcp-sdk, tower-mcp, turbomcp"
        );
    }
}
