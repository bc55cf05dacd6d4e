"""``rentoy sources [ID]``: the bibliography, or one entry in full."""

from __future__ import annotations

import argparse

from .common import add_format, emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sources", help="list the bibliography, or show one source",
        description="List every source of the bibliography with its kind (period text, "
                    "later scholarship, account of modern play, software, reference work) "
                    "and date, or show one entry in full: its reference, revision, the "
                    "rules it states and the rules that cite it.")
    p.add_argument("source", metavar="ID", nargs="?", help="a source id (default: list all)")
    p.add_argument("--variant", "-v", metavar="SPEC",
                   help="also read the bibliography a variant file declares of its own")
    add_format(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from ..comparison.reference import source_report, sources_report
    from ..variants import load_variant

    variant = load_variant(args.variant) if args.variant else None
    report = (source_report(args.source, variant) if args.source
              else sources_report(variant))
    emit(report, args.format)
    return 0
