"""``rentoy compare``: not yet available."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="(in progress)")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    raise SystemExit("rentoy compare: not available yet")
