//! Drafting: a fetched page, its times and labels → a draft case record and its review.
