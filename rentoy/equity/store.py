"""Equity tables stored with what made them, as JSON in ``rentoy/data/equity/``.

A table takes minutes to measure (search bots at every score), so ``bench/equity.py``
measures it once and stores it; ``rentoy equity``, the site and the table bot read it.
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
from ..files import write_atomic
from ..variant import Variant
from ..variants import load_variant
from ..yamlfile import load_json
from .table import EquityTable

__all__ = ["table_json", "table_from_json", "store_path", "load_stored", "stale",
           "variant_record", "write_table", "BETTING_RULES"]

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


def table_json(table: EquityTable, meta: Mapping[str, Any]) -> dict[str, Any]:
    """A table as JSON data, with ``meta`` (variant, players, bots, seed, command...)."""
    target = table.target
    counts = {f"{a}-{b}": {f"{'AB'[w]}:{p}": n for (w, p), n in sorted(c.items())}
              for (a, b), c in sorted(table.counts.items())}
    return {
        **meta,
        "chances": {"target": target, "source": table.chances.source,
                    "win_a": {name: _grid(table.chances.win, target, d)
                              for d, name in enumerate("AB")}},
        "low": {name: _grid(table.lows, target, d) for d, name in enumerate("AB")},
        "high": {name: _grid(table.highs, target, d) for d, name in enumerate("AB")},
        "counts": counts,
    }


def table_from_json(data: Mapping[str, Any]) -> EquityTable:
    """The :class:`EquityTable` of a stored file's data."""
    chances: ScoreChances = chances_from_json(data["chances"])
    target = chances.target
    counts = {}
    for cell, results in data["counts"].items():
        a, b = (int(x) for x in cell.split("-"))
        counts[(a, b)] = {("AB".index(k.split(":")[0]), int(k.split(":")[1])): int(n)
                          for k, n in results.items()}
    return EquityTable(target, counts, chances, _ungrid(data["low"], target),
                       _ungrid(data["high"], target))


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
