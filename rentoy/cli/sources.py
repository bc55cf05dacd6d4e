"""``rentoy sources [ID]``: the bibliography, or one entry in full; ``--check`` finds the
entries whose apparatus is incomplete."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..comparison.reference import source_report, sources_report
from ..core.errors import InputError, Problem
from ..core.i18n import _, ngettext
from ..render import Report
from ..render.text import wrap_paragraph
from ..data.sources import apparatus_problems, builtin_dir, check_apparatus
from ..data.variants import load_variant
from ..data.yamlfile import load_document
from . import COMMANDS
from .common import add_format, emit, output_width, write


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "sources", help=_(COMMANDS["sources"]),
        description=_("List every source of the bibliography with its kind (period text, "
                      "reconstruction, scholarship, modern report, program, reference work) "
                      "and date, or show one entry in full: its reference, edition, address, "
                      "access date, revision, the rules it states and the rules that cite it. "
                      "With --check, say which entries lack any part of their apparatus "
                      "(author, title, date, edition, pages or section, identifier or address, "
                      "access date, and for a page or program the revision read or an archived "
                      "copy) without saying why under `not_known`: exit status 0 when none "
                      "does, 2 with each gap's file and line on stderr."))
    p.add_argument("source", metavar="ID", nargs="?", help=_("a source id (default: list all)"))
    p.add_argument("--variant", "-v", metavar="SPEC",
                   help=_("also read the bibliography a variant file declares of its own"))
    p.add_argument("--check", action="store_true",
                   help=_("check every entry's apparatus instead of listing them"))
    add_format(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if args.check:
        return _check(args)

    variant = load_variant(args.variant) if args.variant else None
    report = (source_report(args.source, variant) if args.source
              else sources_report(variant))
    emit(report, args.format)
    return 0


def _bibliography_path() -> str:
    return str(builtin_dir() / "sources.yaml")


def _shown(path: str) -> str:
    """A path as users read it: relative to the working folder when inside it."""

    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return path


def _check(args: argparse.Namespace) -> int:
    if args.source:
        raise InputError(Problem(_("`--check` checks the whole bibliography; give no ID"),
                                 hint="rentoy sources --check"))
    checked, problems = check_apparatus()
    where = [(problems[0].location.file if problems else None)
             or _shown(_bibliography_path())]
    if args.variant:
        variant = load_variant(args.variant)
        own = {sid: s for sid, s in variant.bibliography.items()
               if s.defined_in == variant.id}
        if own and variant.path is not None:
            doc = load_document(_shown(str(variant.path)))
            problems += apparatus_problems(doc, own, ("bibliography",))
            checked += len(own)
            where.append(_shown(str(variant.path)))
    for problem in problems:
        print(f"rentoy: error: {problem}", file=sys.stderr)
    ok = not problems
    if args.format == "json":
        emit(Report({"ok": ok, "sources": checked, "files": where, "problems": [
            {"file": p.location.file, "line": p.location.line, "path": p.key_path,
             "message": p.message, "hint": p.hint} for p in problems]}), "json")
    else:

        summary = (_("{checked} sources, each with its apparatus or the reason a part is not "
                     "known").format(checked=checked) if ok else
                   ngettext("{count} gap in the apparatus of {checked} sources",
                            "{count} gaps in the apparatus of {checked} sources",
                            len(problems)).format(count=len(problems), checked=checked))
        verdict = _("ok") if ok else _("not ok")
        write("\n".join(wrap_paragraph(f"{', '.join(where)}: {verdict}: {summary}",
                                       output_width(), subsequent_indent="  ")))
    return 0 if ok else 2
