//! Web layer.
