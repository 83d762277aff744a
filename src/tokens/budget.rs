//! Budgets.
