"""``capy doctor``: the checklist values, how facts become pass/warn/fail, and its report."""
