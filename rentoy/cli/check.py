"""``rentoy check PATH``: validate a variant or walkthrough file before anything runs it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..data.catalogs import TEXT_KEYS, data_files
from ..core.errors import InputError, Location, Problem
from ..core.i18n import N_, _, data_text, has_translation, ngettext, use_language
from ..render import Report
from ..data.variants import check_variant_file
from ..data.yamlfile import load_document
from . import COMMANDS, report_error, shorten
from .common import add_format, emit, output_width, refuse_folder, write
from ..walkthrough.model import walkthrough_summary
from ..walkthrough.reading import read_record

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from ..core.errors import Problem

_VARIANT_KEYS = {"rules", "extends", "options"}
_WALKTHROUGH_KEYS = {"actions", "branches", "deal", "variant", "expect"}
#: The languages a file's texts may lack, in words.
_LANGUAGE_WORDS = {"es": N_("Spanish")}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check", help=_(COMMANDS["check"]),
        description=_("Validate a variant file (schema, rules, inheritance, options, "
                      "sources) or a walkthrough file (variant, deal, actions, "
                      "expectations). Exit status 0 when valid, 2 when not, with every "
                      "problem's file, line and a suggestion on stderr. Warnings (a rule "
                      "inherited although a rule it depends on changed, an inherited option "
                      "against the file's own rules, a note, description or other text the "
                      "site shows that has no Spanish text in the catalogs) are printed on "
                      "stderr too, but leave the exit status 0."))
    p.add_argument("paths", metavar="PATH", nargs="+", help=_("the file(s) to check"))
    p.add_argument("--kind", choices=("auto", "variant", "walkthrough"), default="auto",
                   help=_("what the file is; auto tells it from its keys"))
    p.add_argument("--translations", choices=("auto", "all", "none"), default="auto",
                   help=_("warn of each text (note, description, name...) without its "
                          "Spanish text: auto, for the project's own variant files and "
                          "worked examples only; all, for every file; none, never"))
    add_format(p, ("text", "json"))
    p.set_defaults(handler=handle)


def file_kind(path: str) -> str:
    """``variant`` or ``walkthrough``, told from the file's keys; an InputError when it
    is empty or cannot be told."""

    data = load_document(path).data
    if data is None:
        raise InputError(Problem(
            _("this file is empty (or holds only comments): there is nothing to check"),
            Location(path, 1, 1), hint=_("a variant file has `id`, `name` and `rules`; a "
                                         "walkthrough file has `variant`, `deal` and "
                                         "`actions`")))
    if isinstance(data, dict):
        keys = set(data)
        if keys & _WALKTHROUGH_KEYS and not keys & _VARIANT_KEYS:
            return "walkthrough"
        if keys & _VARIANT_KEYS or {"id", "name"} <= keys:
            return "variant"
    raise InputError(Problem(
        _("cannot tell whether this is a variant file (with `id`, `name`, `rules`) or a "
          "walkthrough file (with `variant`, `actions`)"), Location(path, 1, 1),
        hint=_("pass --kind variant or --kind walkthrough")))


def check_one(path: str, kind: str) -> tuple[str, str]:
    """Check one file; returns (kind, a one-line summary). Raises InputError."""

    refuse_folder(path, _("a variant or walkthrough file"),
                  hint=_("to check every file in it: {command}").format(
                      command=f"rentoy check {path.rstrip('/')}/*.yaml"))
    if kind == "auto":
        kind = file_kind(path)
    if kind == "variant":
        variant = check_variant_file(path)
        counts = ", ".join(_rules_counted(s, n) for s, n in variant.status_counts().items())
        options = len(variant.options)
        summary = _("variant {id} ({name}): {rules} rules ({counts}), {options}").format(
            id=variant.id, name=data_text(variant.name), rules=len(variant.values),
            counts=counts, options=ngettext("{n} option", "{n} options", options).format(
                n=options))
        if variant.warnings:
            n = len(variant.warnings)
            summary += ngettext("; {n} warning", "; {n} warnings", n).format(n=n)
        return kind, summary

    # The one reading of a record (its rules, its play, its expectations), as every
    # command that loads one reads it.
    return kind, walkthrough_summary(read_record(path).refuse().walkthrough)


def _rules_counted(status: str, n: int) -> str:
    """``3 attested`` (rules): a status counted, in the language spoken (where the word
    agrees with the count, as Spanish's ``3 atestiguadas``)."""
    if status == "attested":
        text = ngettext("{n} attested", "{n} attested", n)
    elif status == "inferred":
        text = ngettext("{n} inferred", "{n} inferred", n)
    elif status == "assumed":
        text = ngettext("{n} assumed", "{n} assumed", n)
    elif status == "disputed":
        text = ngettext("{n} disputed", "{n} disputed", n)
    else:
        return f"{n} {status}"
    return text.format(n=n)


def warnings_of(path: str, kind: str) -> tuple[Problem, ...]:
    """The warnings of a file that checked valid as ``kind`` (a walkthrough has none)."""
    if kind != "variant":
        return ()

    return check_variant_file(path).warnings


def own_file(path: str) -> bool:
    """Whether ``path`` is one of the project's own variant files or worked examples
    (the files whose texts the Spanish catalogs translate)."""


    try:
        resolved = Path(path).resolve()
    except (OSError, RuntimeError):
        return False
    return resolved in {f.resolve() for f in data_files()}


def translation_warnings(path: str, lang: str = "es") -> list[Problem]:
    """A warning (a :class:`~rentoy.core.errors.Problem`) for each text of the file that the
    catalogs translate (a note, a description, a name: the keys of
    ``rentoy.catalogs.TEXT_KEYS``) and that has no ``lang`` text there, at its line."""


    doc = load_document(path)
    name = _(_LANGUAGE_WORDS[lang]) if lang in _LANGUAGE_WORDS else lang
    stem = Path(path).stem if Path(path).parent.name == "variants" else "examples"
    part = f"rentoy/locale/{lang}/parts/variants-{stem}.po" if own_file(path) else \
        f"rentoy/locale/{lang}/parts/variants-*.po"
    found: list[Problem] = []

    def visit(value: object, at: tuple[str | int, ...], key: str | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():     # a mapping under a text key holds texts
                visit(v, (*at, k), key if key in TEXT_KEYS else str(k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                visit(v, (*at, i), key)
        elif isinstance(value, str) and key in TEXT_KEYS and value.strip() \
                and not has_translation(value, "variants", lang):
            found.append(doc.problem(
                at, _("no {language} text for this {key}: the {language} edition shows it "
                      "in English").format(language=name, key=key),
                hint=_("translate it in {part} (`python -m rentoy.catalogs update` adds it "
                       "there if it is missing), then `python -m rentoy.catalogs "
                       "compile`").format(part=part)))

    visit(doc.data, (), None)
    return found


def handle(args: argparse.Namespace) -> int:
    if args.format == "json":
        # The JSON output is the same document in every language: its messages English.

        with use_language("en"):
            return _check(args)
    return _check(args)


def _check(args: argparse.Namespace) -> int:
    def record(p: Problem) -> dict[str, object]:
        return {"file": p.location.file, "line": p.location.line, "column": p.location.column,
                "path": p.key_path, "message": p.message, "hint": p.hint}

    paths: list[str] = args.paths
    kind_asked: str = args.kind
    translations: str = args.translations
    fmt: str = args.format
    results: list[dict[str, object]] = []
    status = 0
    for path in paths:
        warnings: tuple[Problem, ...] = ()
        try:
            kind, summary = check_one(path, kind_asked)
            warnings = warnings_of(path, kind)
            if translations == "all" or (translations == "auto" and own_file(path)):
                untranslated = translation_warnings(path)
                if untranslated:
                    n = len(untranslated)
                    summary += ngettext("; {n} text without Spanish",
                                        "; {n} texts without Spanish", n).format(n=n)
                    warnings = (*warnings, *untranslated)
            results.append({"path": path, "ok": True, "kind": kind, "summary": summary,
                            "problems": [], "warnings": [record(w) for w in warnings]})
            if fmt == "text":
                from ..render.text import wrap_paragraph  # at use: text output only

                write("\n".join(wrap_paragraph(_("{path}: ok: {summary}").format(
                    path=path, summary=summary), output_width(), subsequent_indent="  ")))
        except InputError as exc:
            status = 2
            results.append({"path": path, "ok": False,
                            "problems": [record(p) for p in exc.problems], "warnings": []})

            report_error(exc)
        # Warnings alone leave the exit status 0: the file loads and plays.
        for warning in warnings if fmt == "text" else ():
            print(shorten(f"rentoy: warning: {warning}"), file=sys.stderr)
    if fmt == "json":
        emit(Report({"ok": status == 0, "results": results}), "json")
    return status
