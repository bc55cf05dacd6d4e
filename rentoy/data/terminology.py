"""The terms of the Spanish edition: one Spanish word for each concept.

``rentoy/locale/es/terminology.yaml`` lists each concept with its English and Spanish
terms, the evidence for the choice (the founding text, the Diccionario de Autoridades,
or ``assumed``) and the synonyms the translations must not use. The glossary page shows
the list (``{rentoy-terminology}``) and the tests look for the rejected synonyms in the
catalogs and on the Spanish pages (:func:`rejected_in`).

>>> terms = load_terminology()
>>> next(t.spanish for t in terms if t.english == "the doubling cube")
'el dado doblador'
>>> [(t.spanish, found) for t, found in rejected_in("Como el cubo doblador.", terms)]
[('el dado doblador', 'cubo doblador')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..core.i18n import LOCALE_DIR

__all__ = ["Term", "TerminologyError", "terminology_path", "load_terminology", "rejected_in"]

_KEYS = ("concept", "concepto", "english", "spanish", "evidence", "evidencia", "rejected")


class TerminologyError(ValueError):
    """The terminology file is not as :mod:`rentoy.data.terminology` reads it."""


@dataclass(frozen=True)
class Term:
    """One concept and its terms: ``concept`` and ``evidence`` in English, ``concepto`` and
    ``evidencia`` in Spanish; ``rejected``: patterns of the synonyms not to use."""

    concept: str
    concepto: str
    english: str
    spanish: str
    evidence: str
    evidencia: str
    rejected: tuple[re.Pattern[str], ...]

    def said(self, language: str) -> tuple[str, str]:
        """The concept and the evidence in ``language`` (``en`` or ``es``)."""
        return ((self.concepto, self.evidencia) if language == "es"
                else (self.concept, self.evidence))


def terminology_path() -> Path:
    """Where the terminology file is."""
    return Path(LOCALE_DIR) / "es" / "terminology.yaml"


def load_terminology(path: Path | None = None) -> tuple[Term, ...]:
    """The concepts of the terminology file, in its order."""
    import yaml

    path = path or terminology_path()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise TerminologyError(f"{path}: expected a list of concepts, found "
                               f"{type(data).__name__}")
    terms = []
    for number, entry in enumerate(data, start=1):
        where = f"{path}: concept {number}"
        if not isinstance(entry, dict):
            raise TerminologyError(f"{where}: expected a mapping of {', '.join(_KEYS)}")
        unknown = sorted(set(entry) - set(_KEYS))
        missing = [k for k in _KEYS if k not in entry]
        if unknown or missing:
            raise TerminologyError(f"{where}: " + "; ".join(
                ([f"unknown keys {', '.join(unknown)}"] if unknown else [])
                + ([f"missing keys {', '.join(missing)}"] if missing else [])))
        texts = {k: entry[k] for k in _KEYS if k != "rejected"}
        if not all(isinstance(v, str) and v.strip() for v in texts.values()):
            raise TerminologyError(f"{where}: {', '.join(texts)} must be non-empty texts")
        if not isinstance(entry["rejected"], list):
            raise TerminologyError(f"{where}: rejected must be a list of patterns")
        patterns = []
        for pattern in entry["rejected"]:
            try:
                patterns.append(re.compile(rf"(?<![\w]){pattern}(?![\w])", re.I))
            except (re.error, TypeError) as exc:
                raise TerminologyError(f"{where}: rejected {pattern!r} is not a regular "
                                       f"expression ({exc})") from None
        terms.append(Term(rejected=tuple(patterns), **{k: str(v) for k, v in texts.items()}))
    return tuple(terms)


def rejected_in(text: str, terms: tuple[Term, ...]) -> list[tuple[Term, str]]:
    """Each rejected synonym found in ``text``, with the concept it belongs to."""
    return [(term, found.group(0)) for term in terms for pattern in term.rejected
            for found in pattern.finditer(text)]
