//! Database access.
