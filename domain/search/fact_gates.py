"""The strings other facts of a section are asked behind, found in the tool vocabulary's one
pass over the section (``literal_signs``, ADR 0410).

A shared object's ``.so`` (``library_facts``), a platform package's ``linux-`` (the seven of
``package_facts``) and a u32 filter's ``/0000ffff at 20`` (``filter_ports``) were each a scan
of every section indexed, ~8 k instructions for 2 KB: the automaton's pass reads the section
once for all of them and for the tool vocabulary's signs, and a fact whose strings are not
among those found is not asked. Each is a plain string, so the pass finds it exactly where
``in`` does.
"""

from __future__ import annotations

from domain.search.filter_ports import PORT_MASK_SIGNS
from domain.search.library_facts import SHARED_OBJECT_SIGN
from domain.search.package_facts import PLATFORM_SIGNS

FACT_GATES: tuple[str, ...] = (SHARED_OBJECT_SIGN, *PLATFORM_SIGNS, *PORT_MASK_SIGNS)
