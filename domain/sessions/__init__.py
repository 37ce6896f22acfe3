"""Past sessions of AI coding tools: their records, files and the transcripts built from them."""
