"""The sources' remarks about play, tested under every reading of the rules they depend on.

The sources say things about play as well as rules: the source text says that at 4-5,
once the hand is worth 9, raising to 12 would make no sense; it likens the raises to
backgammon's doubling cube; it calls the arrastre the only duty. Whether such a remark
holds depends on the reading of the rules (the ladder, the raise right, the duties).
``variants/remarks.yaml`` lists the remarks, each with the source's words, what they
claim, a check the engine runs and the readings to run it under; :func:`check_remarks`
runs every check under every reading and says where the remark holds.

Three kinds of check:

- ``dead-raise``: at a score, a raise from a value is dead (the value already ends the
  game for both teams: :func:`rentoy.engine.rules.decides_game`). Exact.
- ``cube``: every raise is a doubling as far as a dead cube goes: the right to raise
  passes to the accepting team, and each raise's take point counting points only
  (folding loses the old value ``v``, accepting wins or loses the new one ``w``:
  accept from ``(w - v) / 2w``) is the cube's 25%. Exact.
- ``duty-binds``: how often a duty takes a choice away, measured in simulated play
  (:mod:`rentoy.simulation`) with its 95% interval; 0 by construction where the
  reading has no such duty.

>>> verdicts = check_remarks(["no-sense-raising-to-12"])
>>> [(v.reading, v.holds) for v in verdicts[0].readings][:2]
[('1737', 'holds'), ('1737+values-1-3-6-12', 'does not apply')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..bots import bot_words
from ..engine.rules import decides_game, duties as duties_of
from ..engine.tables import compile_variant
from ..core.errors import InputError, Problem, suggest
from ..core.frozen import Frozen
from ..core.i18n import N_, _, data_text, number, percent
from ..render import Report, Table
from ..simulation import simulate
from ..simulation.duties import zero_by_construction
from ..simulation.report import format_rate
from ..data.sources import builtin_dir
from ..data.variants import load_variant
from ..data.yamlfile import file_stamp, load_document

__all__ = ["Remark", "ReadingVerdict", "RemarkVerdict", "load_remarks", "check_remarks",
           "remarks_data", "remarks_report", "verdict_words", "CHECKS", "VERDICTS",
           "take_point"]

#: The kinds of check, with the keys each takes.
CHECKS: Mapping[str, tuple[str, ...]] = {
    "dead-raise": ("score", "value"),
    "cube": ("take_point",),
    "duty-binds": ("duty", "binds"),
}
_DUTIES = {"follow_suit": "follow_suit_forced_rate", "arrastre": "arrastre_forced_rate",
           "overtrump": "overtrump_forced_rate"}
_FIELDS = ("source", "section", "quoted", "claim", "check", "readings", "note")

#: The words of a verdict, keyed as the JSON gives them.
VERDICTS: Mapping[str, str] = {
    "holds": N_("holds"), "does not hold": N_("does not hold"),
    "does not apply": N_("does not apply"), "partly": N_("holds in part"),
}


class Remark(Frozen):
    """One remark of a source about play, with its check and the readings to try."""

    id: str
    source: str
    section: str
    quoted: str
    claim: str
    kind: str
    params: Mapping[str, Any]
    readings: tuple[str, ...]
    note: str | None = None


class ReadingVerdict(Frozen):
    """Whether a remark holds under one reading: ``holds`` one of :data:`VERDICTS`'
    keys, ``data`` the figures that decide it (:func:`verdict_words` says them)."""

    reading: str
    holds: str
    data: Mapping[str, Any]


class RemarkVerdict(Frozen):
    """A remark and its verdict under each reading."""

    remark: Remark
    readings: tuple[ReadingVerdict, ...]


def load_remarks(path: str | Path | None = None) -> Mapping[str, Remark]:
    """Every remark of ``variants/remarks.yaml`` (or of ``path``), in file order; a
    malformed file is an :class:`~rentoy.core.errors.InputError` naming file and line."""
    path = Path(path) if path is not None else builtin_dir() / "remarks.yaml"
    return _load(str(path), file_stamp(path))


@lru_cache(maxsize=4)
def _load(path: str, stamp: int) -> Mapping[str, Remark]:
    doc = load_document(path)
    data = doc.mapping("the remarks are a mapping of remarks by id", empty=True)
    out: dict[str, Remark] = {}
    problems: list[Problem] = []
    for rid, entry in data.items():
        if not isinstance(entry, dict):
            problems.append(doc.problem((rid,), "each remark is a mapping"))
            continue
        bad = False
        for key in entry:
            if key not in _FIELDS:
                problems.append(doc.problem((rid, key), f"unknown key `{key}`",
                                            suggest(str(key), _FIELDS), key=True))
                bad = True
        for key in ("source", "section", "quoted", "claim"):
            if not isinstance(entry.get(key), str):
                problems.append(doc.problem((rid,), f"missing `{key}` (a text)", key=True))
                bad = True
        check = entry.get("check")
        kind = str(check.get("kind")) if isinstance(check, dict) else ""
        if kind not in CHECKS:
            problems.append(doc.problem((rid, "check") if check is not None else (rid,),
                                        "`check` needs a `kind`: one of "
                                        + ", ".join(CHECKS), key=check is None))
            bad = True
        else:
            assert isinstance(check, dict)
            for key in CHECKS[kind]:
                if key not in check:
                    problems.append(doc.problem((rid, "check"), f"a {kind} check needs "
                                                f"`{key}`"))
                    bad = True
        readings = entry.get("readings")
        if (not isinstance(readings, list) or not readings
                or not all(isinstance(r, str | int) for r in readings)):
            problems.append(doc.problem((rid, "readings") if "readings" in entry else (rid,),
                                        "`readings` is a list of variant ids (with "
                                        "options: 1737+borrego)", key="readings" not in entry))
            bad = True
        if bad:
            continue
        assert isinstance(check, dict) and isinstance(readings, list)
        params = {k: v for k, v in check.items() if k != "kind"}
        note = entry.get("note")
        out[str(rid)] = Remark(
            id=str(rid), source=str(entry["source"]), section=str(entry["section"]),
            quoted=str(entry["quoted"]), claim=str(entry["claim"]), kind=str(kind),
            params=params, readings=tuple(str(r) for r in readings),
            note=None if note is None else str(note))
    if problems:
        raise InputError(problems)
    return out


def take_point(old: int, new: int) -> Fraction:
    """The chance of winning the hand from which accepting a raise from ``old`` to
    ``new`` points pays, counting points only (a dead cube): folding loses ``old``,
    accepting wins or loses ``new``.

    >>> take_point(1, 2), take_point(1, 3), take_point(9, 12)
    (Fraction(1, 4), Fraction(1, 3), Fraction(1, 8))
    """
    return Fraction(new - old, 2 * new)


def _dead_raise(remark: Remark, reading: str) -> ReadingVerdict:
    tables = compile_variant(load_variant(reading))
    score = [int(s) for s in remark.params["score"]]
    value = remark.params["value"]
    steps = tables.steps
    data: dict[str, Any] = {"ladder": list(steps), "score": score, "value": value,
                            "target": tables.rules.target}
    if value not in steps:
        return ReadingVerdict(reading, "does not apply", dict(data, why="no-step"))
    following = steps.index(value) + 1
    if following >= len(steps):
        return ReadingVerdict(reading, "does not apply", dict(data, why="top"))
    dead = decides_game(tables, score, value)
    data.update(next=steps[following], dead=dead)
    return ReadingVerdict(reading, "holds" if dead else "does not hold", data)


def _cube(remark: Remark, reading: str) -> ReadingVerdict:
    tables = compile_variant(load_variant(reading))
    wanted = Fraction(str(remark.params["take_point"]))
    steps = tables.steps
    points = [s for s in steps if isinstance(s, int)]
    takes = [(a, b, take_point(a, b)) for a, b in zip(points, points[1:])]
    owner = tables.rules.raise_right == "acceptor"
    at_cube = [t for t in takes if t[2] == wanted]
    data: dict[str, Any] = {
        "ladder": list(steps), "raise_right": tables.rules.raise_right,
        "cube_take_point": float(wanted),
        "take_points": [{"from": a, "to": b, "take_point": float(t)} for a, b, t in takes],
        "whole_game_step": any(isinstance(s, str) for s in steps)}
    if owner and len(at_cube) == len(takes):
        holds = "holds"
    elif owner and at_cube:
        holds = "partly"
    else:
        holds = "does not hold"
    return ReadingVerdict(reading, holds, data)


def _duty_binds(remark: Remark, reading: str, hands: int, bots: str, seed: int
                ) -> ReadingVerdict:
    duty = str(remark.params["duty"])
    stat = _DUTIES[duty]
    variant = load_variant(reading)
    if zero_by_construction(stat.removesuffix("_rate"), (duties_of(compile_variant(variant)),)):
        return ReadingVerdict(reading, "holds", {
            "duty": duty, "value": 0.0, "low": 0.0, "high": 0.0, "by_construction": True})
    result = simulate([variant], hands, seed, bots=bots)
    est = result.estimate(variant.id, stat)
    data = {"duty": duty, "hands": result.hands[0], "games": result.games, "bots": bots,
            "seed": seed, **est.as_dict(), "by_construction": False}
    return ReadingVerdict(reading, "holds" if (est.value or 0.0) == 0.0 else "does not hold",
                          data)


def _step(value: int | str) -> str:
    return _("the whole game") if isinstance(value, str) else str(value)


def verdict_words(kind: str, data: Mapping[str, Any]) -> str:
    """Why a remark holds or not under a reading, in the language spoken now, from the
    figures of its verdict (as :func:`remarks_data` stores them)."""
    if kind == "dead-raise":
        ladder = "-".join(map(str, data["ladder"]))
        a, b = data["score"]
        if data.get("why") == "no-step":
            return _("the ladder {ladder} has no step worth {value}").format(
                ladder=ladder, value=data["value"])
        if data.get("why") == "top":
            return _("{value} is the top of the ladder {ladder}: there is no raise").format(
                value=data["value"], ladder=ladder)
        words = (_("at {a}-{b} a hand worth {value} ends the game for either team (target "
                   "{target}): the raise to {next} is dead") if data["dead"] else
                 _("at {a}-{b} a hand worth {value} does not end the game for both teams "
                   "(target {target}): the raise to {next} still counts"))
        return words.format(a=a, b=b, value=data["value"], target=data["target"],
                            next=_step(data["next"]))
    if kind == "cube":
        takes = ", ".join(
            f"{t['from']}→{t['to']} {percent(round(t['take_point'] * 100, 1), 1)}"
            for t in data["take_points"])
        words = _("take points {steps} (a doubling cube: {cube} at every step)").format(
            steps=takes, cube=percent(round(data["cube_take_point"] * 100, 1), 1))
        words += "; " + (_("only the accepting team may raise next, as the cube's owner "
                           "doubles") if data["raise_right"] == "acceptor"
                         else _("either team may raise next, unlike the cube"))
        if data["whole_game_step"]:
            words += "; " + _("the last step is the whole game, whose worth depends on the "
                              "score")
        return words
    if data["by_construction"]:
        return _("0 by construction: this reading has no such duty")
    return _("the duty took a choice away in {share} of the cards played to a trick already "
             "led ({hands} hands, bots: {bots})").format(
                 share=format_rate(data["value"], data["low"], data["high"], True),
                 hands=number(data["hands"]), bots=bot_words(data["bots"]))


def check_remarks(ids: Sequence[str] | None = None, *, hands: int = 2000, bots: str = "search",
                 seed: int = 0) -> list[RemarkVerdict]:
    """Run each remark's check (all, or those of ``ids``) under each of its readings.
    ``hands``, ``bots`` and ``seed`` set the simulations of measured checks."""
    remarks = load_remarks()
    chosen = list(remarks) if ids is None else list(ids)
    for rid in chosen:
        if rid not in remarks:
            raise InputError(Problem(_("no remark {id}").format(id=rid),
                                     hint=suggest(rid, list(remarks))
                                     or _("the remarks are: {ids}").format(
                                         ids=", ".join(remarks))))
    out = []
    for rid in chosen:
        remark = remarks[rid]
        verdicts = []
        for reading in remark.readings:
            if remark.kind == "dead-raise":
                verdicts.append(_dead_raise(remark, reading))
            elif remark.kind == "cube":
                verdicts.append(_cube(remark, reading))
            else:
                verdicts.append(_duty_binds(remark, reading, hands, bots, seed))
        out.append(RemarkVerdict(remark, tuple(verdicts)))
    return out


def remarks_data(verdicts: Sequence[RemarkVerdict]) -> list[dict[str, Any]]:
    """The verdicts as JSON-ready data (English words, numbers as numbers): what
    :func:`remarks_report` lays out, from a run or from a stored file."""
    return [{"id": v.remark.id, "source": v.remark.source, "section": v.remark.section,
             "quoted": v.remark.quoted, "claim": v.remark.claim, "check": v.remark.kind,
             "params": dict(v.remark.params),
             "readings": [{"reading": r.reading, "holds": r.holds, "data": dict(r.data)}
                          for r in v.readings]} for v in verdicts]


def remarks_report(data: Mapping[str, Any]) -> Report:
    """One table per remark of ``data["remarks"]`` (as :func:`remarks_data` gives
    them): each reading, whether the remark holds, and why."""
    tables = []
    for remark in data["remarks"]:
        rows = [[r["reading"], _(VERDICTS[r["holds"]]), verdict_words(remark["check"], r["data"])]
                for r in remark["readings"]]
        notes = [_("«{quoted}» ({section})").format(quoted=remark["quoted"],
                                                    section=data_text(remark["section"])),
                 _("Claim: {claim}").format(claim=data_text(remark["claim"]))]
        tables.append(Table([N_("reading"), N_("the remark"), N_("why")], rows,
                            title=remark["id"], wrap={"why": 48}, notes=notes))
    return Report(dict(data), tables,
                  heading=_("The sources' remarks about play, under each reading of the rules"))
