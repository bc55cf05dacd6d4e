"""``rentoy simulate``: not yet available."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="(in progress)")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    raise SystemExit("rentoy simulate: not available yet")
