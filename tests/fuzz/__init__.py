"""The mutation fuzzer of rentoy's input files: mutators and the harness that runs them.

:mod:`fuzz.mutators` damages a file in one of many ways (lines deleted or duplicated,
values of the wrong type, wrong cards, YAML tags, aliases, nesting, size, encodings);
:mod:`fuzz.harness` runs ``rentoy check``, ``rentoy run`` and ``rentoy rules`` on each
mutant and says what, if anything, went wrong. ``tests/test_fuzz.py`` drives both.
"""
