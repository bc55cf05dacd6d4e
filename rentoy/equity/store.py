"""Equity tables stored with what made them, as JSON in ``rentoy/data/equity/``.

A table takes minutes to measure (search bots at every score), so the repository's
``bench/equity.py`` measures the built-in variants' tables once and stores them, and
``rentoy equity VARIANT --save FILE`` keeps any other; ``rentoy equity``, ``rentoy
review``, the site and the table bot read them (:func:`find_table`, :func:`read_table`,
which checks a file against the variant's rules).
A stored file holds the measured counts (from which the table and its intervals are
computed again exactly), the table itself, the whole games played from a few scores as
a check, and what produced it: the command, the seed, the bots, the version, and the
rules and file hashes of the variant, so a change of rules shows the table as stale
(:func:`stale`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Mapping

from ..analysis.stakes import STORE, ScoreChances, chances_from_json
from ..core.files import write_atomic
from ..model.variant import Variant
from ..data.variants import load_variant
from ..data.yamlfile import load_json
from .table import EquityTable

__all__ = ["table_json", "table_from_json", "store_path", "load_stored", "stale",
           "variant_record", "write_table", "BETTING_RULES", "read_table", "find_table"]

#: The rules a stored table records (what it rests on).
BETTING_RULES = ("ladder", "raise_right", "fold_pays", "target", "raise_when", "answer_by",
                 "hand_size", "tricks", "tricks_to_win", "trump_order", "plain_order",
                 "top_cards", "top_cards_are_trumps", "arrastre", "follow_suit")


def _grid(values: Mapping[tuple[int, int, int], float], target: int, dealer: int
          ) -> list[list[float]]:
    return [[round(values[(a, b, dealer)], 6) for b in range(target)] for a in range(target)]


def _ungrid(grids: Mapping[str, Any], target: int) -> dict[tuple[int, int, int], float]:
    return {(a, b, d): float(grids[name][a][b]) for d, name in enumerate("AB")
            for a in range(target) for b in range(target)}


def variant_record(variant: Variant) -> dict[str, Any]:
    """What a table of ``variant`` rests on: its rules and its files' hashes."""
    root = Path(__file__).resolve().parent.parent.parent
    files = {}
    for path in variant.files:
        try:
            name = str(Path(path).resolve().relative_to(root))
        except ValueError:
            name = Path(path).name
        files[name] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    rules = {key: _plain(getattr(variant.rules, key)) for key in BETTING_RULES}
    return {"name": variant.name, "rules": rules, "files": files}


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=lambda o: dict(o) if hasattr(o, "keys")
                                 else list(o)))


def _mean_grid(values: Mapping[tuple[int, int], float], target: int) -> list[list[float]]:
    return [[round(values[(a, b)], 6) for b in range(target)] for a in range(target)]


def table_json(table: EquityTable, meta: Mapping[str, Any]) -> dict[str, Any]:
    """A table as JSON data, with ``meta`` (variant, players, bots, seed, command...):
    the estimate (``chances``, fitted as ``fit`` says), the recursion's cells before
    the fit (``raw``), the 95% intervals by dealing team (``low``, ``high``) and of the
    mean of the two (``mean_low``, ``mean_high``), and the measured hands (``counts``:
    by score, the hands of each result, from which all the rest is computed again)."""
    target = table.target
    counts = {f"{a}-{b}": {f"{'AB'[w]}:{p}": n for (w, p), n in sorted(c.items())}
              for (a, b), c in sorted(table.counts.items())}
    raw = table.raw if table.raw is not None else table.chances.win
    out = {
        **meta,
        "fit": table.fit,
        "chances": {"target": target, "source": table.chances.source,
                    "win_a": {name: _grid(table.chances.win, target, d)
                              for d, name in enumerate("AB")}},
        "raw": {name: _grid(raw, target, d) for d, name in enumerate("AB")},
        "low": {name: _grid(table.lows, target, d) for d, name in enumerate("AB")},
        "high": {name: _grid(table.highs, target, d) for d, name in enumerate("AB")},
    }
    if table.mean_lows is not None and table.mean_highs is not None:
        out["mean_low"] = _mean_grid(table.mean_lows, target)
        out["mean_high"] = _mean_grid(table.mean_highs, target)
    out["counts"] = counts
    return out


def table_from_json(data: Mapping[str, Any]) -> EquityTable:
    """The :class:`EquityTable` of a stored file's data."""
    chances: ScoreChances = chances_from_json(data["chances"])
    target = chances.target
    counts = {}
    for cell, results in data["counts"].items():
        a, b = (int(x) for x in cell.split("-"))
        counts[(a, b)] = {("AB".index(k.split(":")[0]), int(k.split(":")[1])): int(n)
                          for k, n in results.items()}
    means: list[dict[tuple[int, int], float] | None] = [None, None]
    for i, key in enumerate(("mean_low", "mean_high")):
        if key in data:
            means[i] = {(a, b): float(data[key][a][b]) for a in range(target)
                        for b in range(target)}
    raw = _ungrid(data["raw"], target) if "raw" in data else None
    return EquityTable(target, counts, chances, _ungrid(data["low"], target),
                       _ungrid(data["high"], target), raw, means[0], means[1],
                       str(data.get("fit", "none")))


def store_path(spec: str, players: int, folder: Path = STORE) -> Path:
    """Where the table of a variant spec at ``players`` seats is stored."""
    return folder / f"{spec}-{players}p.json"


def load_stored(spec: str, players: int, folder: Path = STORE) -> dict[str, Any] | None:
    """The stored data of a variant spec at ``players`` seats, or None."""
    path = store_path(spec, players, folder)
    if not path.is_file():
        return None

    data = load_json(path)      # bounded and guarded: a damaged table names its file
    return data if isinstance(data, dict) else None


def stale(data: Mapping[str, Any]) -> list[str]:
    """What changed in the variant since its table was stored: the rules that differ
    (empty when the table still holds)."""
    spec = str(data["variant"])
    if spec.endswith((".yaml", ".yml")):     # a file of the repository, by its path there
        spec = str(Path(__file__).resolve().parent.parent.parent / spec)
    variant = load_variant(spec)
    now = variant_record(variant)["rules"]
    was = data.get("record", {}).get("rules", {})
    return [key for key in BETTING_RULES if now.get(key) != was.get(key)]


def write_table(path: Path, data: Mapping[str, Any]) -> None:
    """Write stored data atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def _problem(path: Path, what: str, hint: str) -> Exception:
    from ..core.errors import InputError

    return InputError.at(what, file=path, hint=hint)


def read_table(path: str | Path, variant: Variant | None = None,
               players: int | None = None) -> tuple[EquityTable, dict[str, Any]]:
    """The table stored at ``path`` (``rentoy equity --save`` writes one), checked: a
    damaged file, or one made for other rules or another table size than ``variant``
    at ``players`` seats, is an :class:`~rentoy.core.errors.InputError` that names the file
    and says what is wrong."""
    from ..core.i18n import _
    from ..data.yamlfile import load_json

    file = Path(path)
    hint = _("write it again with rentoy equity VARIANT --save FILE")
    data = load_json(file)
    if not isinstance(data, dict):
        raise _problem(file, _("not a table of chances: a JSON object is expected"), hint)
    for key in ("chances", "low", "high", "counts", "players", "bots"):
        if key not in data:
            raise _problem(file, _("not a table of chances: the key {key} is missing"
                                   ).format(key=repr(key)), hint)
    try:
        table = table_from_json(data)
        target = table.target
        missing = [(a, b) for a in range(target) for b in range(target)
                   if not sum(table.counts.get((a, b), {}).values())]
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise _problem(file, _("not a table of chances: {error}").format(
            error=f"{type(exc).__name__}: {exc}"), hint) from None
    if missing:
        raise _problem(file, _("no hands measured at {count} scores, e.g. {score}").format(
            count=len(missing), score=f"{missing[0][0]}-{missing[0][1]}"), hint)
    if variant is not None:
        now = variant_record(variant)["rules"]
        was = data.get("record", {}).get("rules", {})
        changed = [key for key in BETTING_RULES if now.get(key) != was.get(key)]
        if changed:
            raise _problem(file, _("this table was made for other rules than {variant}'s "
                                   "(they differ in: {changed})").format(
                variant=variant.id, changed=", ".join(changed)),
                _("measure it for this variant: rentoy equity {variant} --save FILE"
                  ).format(variant=variant.id))
    if players is not None and int(data["players"]) != players:
        raise _problem(file, _("this table was made at {made} players, not {players}"
                               ).format(made=data["players"], players=players),
                       _("give --players {made}, or measure it at {players}").format(
                           made=data["players"], players=players))
    return table, data


def find_table(variant: Variant, players: int, path: str | Path | None = None
               ) -> tuple[EquityTable, dict[str, Any]] | None:
    """The table of ``variant`` at ``players`` seats: the file at ``path`` when one is
    given (checked, see :func:`read_table`), else the one stored with rentoy when its
    rules are still the variant's, else None."""
    if path is not None:
        return read_table(path, variant, players)
    data = load_stored(variant.id, players)
    if data is None or "counts" not in data:
        return None
    try:
        if stale(data) and not variant.builtin:
            return None         # another file with the same id
    except Exception:   # noqa: BLE001 - the variant it was made from is not at hand
        return None
    return table_from_json(data), data
