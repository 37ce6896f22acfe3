"""Query sanitising, fusion, correction, reranking and snippets: capy's search pipeline."""
