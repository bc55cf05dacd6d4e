"""The limits on what rentoy reads (file size, strings, lists, nesting and ``extends``)
and on the counts a command is asked for (hands, deals).

Every YAML file rentoy reads (variants, walkthroughs, the bibliography, the glossary)
is held to the same limits, each far above what a real file needs and low enough that
a damaged or hostile file is refused in well under a second, before any play: a file is
read at most :data:`MAX_FILE_BYTES` + 1 bytes (so ``/dev/zero`` or a huge file is
refused without reading it all), and devices, FIFOs and other special files are refused
without being opened. A value over a limit is an :class:`~rentoy.errors.InputError` at
its line, naming the limit and what to do (:func:`over_limit`).

>>> from rentoy import limits
>>> limits.MAX_FILE_BYTES, limits.MAX_STRING_LENGTH, limits.MAX_LIST_LENGTH
(1000000, 20000, 10000)
>>> limits.over_limit("MAX_LIST_LENGTH", "this list has 10,001 items")
'this list has 10,001 items; the limit is 10,000 items (rentoy.limits.MAX_LIST_LENGTH)'
"""

from __future__ import annotations

__all__ = ["MAX_FILE_BYTES", "MAX_STRING_LENGTH", "MAX_LIST_LENGTH", "MAX_DEPTH",
           "MAX_VALUES", "MAX_EXTENDS_DEPTH", "MAX_HANDS", "MAX_DEALS", "MAX_DIVERGENCES",
           "LIMITS", "over_limit"]

#: The largest file read, in bytes (the largest shipped file is under 20 kB).
MAX_FILE_BYTES = 1_000_000
#: The longest string value, in characters (a variant's description is about 1,000).
MAX_STRING_LENGTH = 20_000
#: The most items in one list (a walkthrough of a whole match has a few hundred actions).
MAX_LIST_LENGTH = 10_000
#: The deepest nesting of mappings and lists (variant files need about 6).
MAX_DEPTH = 64
#: The most values a document may expand to; YAML aliases can otherwise blow a few
#: lines up into billions of values.
MAX_VALUES = 200_000
#: The longest chain of variant files extending each other (the built-ins use 3).
MAX_EXTENDS_DEPTH = 16

# -- Counts asked for on the command line ---------------------------------------------
# A count past these is refused before any work (exit status 2): far beyond any useful
# run (a million hands give every statistic to a fraction of a percent), and short of
# one that would run for days with no end in sight.

#: The most hands ``rentoy simulate --hands`` and ``rentoy compare --simulate`` play
#: (per variant): about an hour with random bots on one core.
MAX_HANDS = 10_000_000
#: The most deals ``rentoy compare --solve`` solves (per variant): about half an hour.
MAX_DEALS = 1_000_000
#: The most divergent deals ``rentoy compare --divergences`` looks for.
MAX_DIVERGENCES = 1_000

#: Each limit's value and unit, by name (for messages and the docs).
LIMITS: dict[str, tuple[int, str]] = {
    "MAX_FILE_BYTES": (MAX_FILE_BYTES, "bytes"),
    "MAX_STRING_LENGTH": (MAX_STRING_LENGTH, "characters"),
    "MAX_LIST_LENGTH": (MAX_LIST_LENGTH, "items"),
    "MAX_DEPTH": (MAX_DEPTH, "levels"),
    "MAX_VALUES": (MAX_VALUES, "values"),
    "MAX_EXTENDS_DEPTH": (MAX_EXTENDS_DEPTH, "files"),
    # Counts on the command line.
    "MAX_HANDS": (MAX_HANDS, "hands"),
    "MAX_DEALS": (MAX_DEALS, "deals"),
    "MAX_DIVERGENCES": (MAX_DIVERGENCES, "deals"),
}


def over_limit(name: str, what: str) -> str:
    """A message saying ``what`` is over the limit ``name``, naming the limit."""
    value, unit = LIMITS[name]
    return f"{what}; the limit is {value:,} {unit} (rentoy.limits.{name})"
