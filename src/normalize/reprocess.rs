//! Reprocess the library: re-run the normaliser over each case, diff its label fields, apply to unreviewed cases.
