"""``capy bench``: the quality benchmark, report comparison and the performance benchmark."""
