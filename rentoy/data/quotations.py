"""The words the rules rest on (``variants/quotations.yaml``): short passages of the
period texts with their exact references, original spelling, a modern Spanish reading
and an English translation, and the modern source text's key statements paraphrased.

>>> from rentoy.quotations import load_quotations, quotations_for
>>> q = load_quotations()["rentoi-deal"]
>>> q.source, q.english.split(",")[0]
('autoridades-1737', 'Three cards are dealt to each player')
>>> [q.id for q in quotations_for("1737", "hand_size")]
['rentoi-deal', 'source-es-play']
>>> passage_quoted("el dos de todos palos"), passage_quoted("as in ombre")
(True, False)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from ..core.errors import InputError, Problem, suggest
from ..core.frozen import Frozen
from .sources import builtin_dir
from .yamlfile import file_stamp, load_document

__all__ = ["Quotation", "load_quotations", "quotations_for", "passage_quoted"]

_FIELDS = ("source", "reference", "original", "modern", "english", "paraphrase",
           "transcription", "facsimile", "facsimile_note", "supports", "note")


class Quotation(Frozen):
    """One passage (or, for a modern text, one paraphrased statement) and what it supports."""

    id: str
    source: str
    reference: str
    original: str | None = None
    modern: str | None = None
    english: str | None = None
    paraphrase: str | None = None
    transcription: str | None = None
    facsimile: str | None = None
    facsimile_note: str | None = None
    supports: tuple[str, ...] = ()     # "1737.trump_order", "1737+borrego"
    note: str | None = None

    @property
    def quoted(self) -> bool:
        """Whether the passage is quoted (a period text), not paraphrased."""
        return self.original is not None


def load_quotations(path: str | Path | None = None) -> Mapping[str, Quotation]:
    """Every passage, in file order."""
    path = Path(path) if path is not None else builtin_dir() / "quotations.yaml"
    return _load(str(path), file_stamp(path))


@lru_cache(maxsize=8)
def _load(path: str, stamp: int) -> Mapping[str, Quotation]:
    doc = load_document(path)
    data = doc.mapping("the quotations are a mapping of passages by id, each with a "
                       "`source` and a `reference`", empty=True)
    out: dict[str, Quotation] = {}
    problems: list[Problem] = []
    for qid, entry in data.items():
        if not isinstance(entry, dict):
            problems.append(doc.problem((qid,), "each passage is a mapping"))
            continue
        for key in entry:
            if key not in _FIELDS:
                problems.append(doc.problem((qid, key), f"unknown key `{key}`",
                                            suggest(str(key), _FIELDS), key=True))
        for key in ("source", "reference"):
            if not isinstance(entry.get(key), str):
                problems.append(doc.problem((qid,), f"missing `{key}`", key=True))
        quoted = all(isinstance(entry.get(k), str) for k in ("original", "modern", "english"))
        if not quoted and not isinstance(entry.get("paraphrase"), str):
            problems.append(doc.problem((qid,), "give `original`, `modern` and `english`, "
                                                "or a `paraphrase`", key=True))
        supports = entry.get("supports") or ()
        if not isinstance(supports, list | tuple) or not all(isinstance(x, str) for x in supports):
            problems.append(doc.problem((qid, "supports"), "`supports` is a list of rules "
                                        "(`1737.trump_order`) and options (`1737+borrego`)"))
        if problems:
            continue
        text = {k: (None if entry.get(k) is None else str(entry[k]))
                for k in _FIELDS if k not in ("source", "reference", "supports")}
        out[str(qid)] = Quotation(
            id=str(qid), source=str(entry["source"]), reference=str(entry["reference"]),
            supports=tuple(supports), **text)
    if problems:
        raise InputError(problems)
    return out


def quotations_for(variant_id: str, rule: str | None = None, option: str | None = None
                   ) -> list[Quotation]:
    """The passages a rule (``variant_id.rule``) or an option (``variant_id+option``)
    rests on."""
    key = f"{variant_id}+{option}" if option else f"{variant_id}.{rule}"
    return [q for q in load_quotations().values() if key in q.supports]


def _words(text: str) -> str:
    """The words of a text as passages are compared: lower case, without accents and
    punctuation, each between spaces (``"Se dán tres"`` -> ``" se dan tres "``)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                    if not unicodedata.combining(c))
    return " " + " ".join(re.findall(r"\w+", plain)) + " "


@lru_cache(maxsize=8)
def _passages(path: str, stamp: int) -> tuple[str, ...]:
    return tuple(_words(text) for q in _load(path, stamp).values()
                 for text in (q.original, q.modern) if text)


def passage_quoted(text: str) -> bool:
    """Whether ``text`` is quoted from a period passage, in its original spelling or its
    modern reading (case, accents and punctuation aside): Spanish words, as a note that
    quotes them says them."""
    path = builtin_dir() / "quotations.yaml"
    key = _words(text)
    return key.strip() != "" and any(key in words for words in _passages(str(path),
                                                                         file_stamp(path)))
