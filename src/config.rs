//! Run-time configuration.
