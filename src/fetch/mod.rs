//! Polite fetching of URLs, files and stdin into one Document type (timeouts, caps, charsets, robots, retries, archives).
