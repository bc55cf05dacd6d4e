"""``rentoy rules ID``: one variant's rules, each with its provenance."""

from __future__ import annotations

import argparse

from .common import add_format, emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "rules", help="print a variant's rules with their provenance",
        description="Print every rule of a variant: its value, status (attested, inferred, "
                    "assumed, disputed), sources, note, and where it is stated (this file, "
                    "a parent it inherits from, or an option).")
    p.add_argument("variant", metavar="ID",
                   help="a built-in id, a path to a variant file, either with options "
                        "(1737+borrego)")
    add_format(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from ..comparison.reference import rules_report
    from ..variants import builtin_ids, load_variant
    from .common import refuse_folder

    base = args.variant.split("+")[0]
    if base not in builtin_ids():
        refuse_folder(base, "a variant file",
                      hint=f"give one of the variant files in it, or a built-in id: "
                           f"{', '.join(builtin_ids())}")

    emit(rules_report(load_variant(args.variant)), args.format)
    return 0
