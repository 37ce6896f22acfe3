"""A pod that was OOM-killed and a deploy guide: the texts the semantic layer's unit tests index,
with the meanings the fake model knows."""

from __future__ import annotations

from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS

# The fake model knows that these words mean one thing, as a real model does.
MEANINGS = {"oomkilled": "memory", "exhausted": "memory", "137": "memory"}

POD = """# pod billing-7d9f

## State

Last State: Terminated
  Reason: OOMKilled
  Exit Code: 137

## Events

Pulled image registry/billing:1.4 in 2.1s
Started container billing
"""

DOCS = """# Deploy

## Rollback

Run `helm rollback billing 3` when the readiness probe fails for five minutes.

## Scaling

The worker pool scales between 2 and 12 replicas on queue depth.
"""

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)
