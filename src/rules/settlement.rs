//! Money settlement (RULES.md section 6).
