"""One Spanish term for each concept (rentoy/locale/es/terminology.yaml): the file reads,
and no Spanish message of the program, the variant files or the pages uses a synonym the
file rejects. The built pages are checked in test_site_spanish.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rentoy.terminology import TerminologyError, load_terminology, rejected_in

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = (sorted((ROOT / "rentoy" / "locale" / "es" / "parts").glob("*.po"))
            + sorted((ROOT / "docs" / "locales" / "es" / "LC_MESSAGES").rglob("*.po")))


#: Code in a message (``--bots greedy``) is typed as it is, in every language.
_CODE = re.compile(r"``?[^`]+``?")


def _translations(path: Path) -> dict[str, tuple[str, ...]]:
    """A catalog's translations: for each message, its forms (one, or one per plural)."""
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="es")
    out = {}
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if any(forms):
            out[key] = tuple(forms)
    return out


def test_every_concept_has_its_terms_and_evidence():
    terms = load_terminology()
    assert len(terms) >= 12
    assert len({t.english for t in terms}) == len(terms)
    for term in terms:
        assert term.spanish and term.english
        # The evidence names a text, or says that the choice is the project's.
        assert "assumed" in term.evidence or any(
            word in term.evidence for word in ("founding text", "Autoridades")), term.concept
        assert ("supuesto" in term.evidencia) == ("assumed" in term.evidence), term.concept
    chosen = {t.english: t.spanish for t in terms}
    assert chosen["the doubling cube"] == "el dado doblador"
    assert chosen["the led suit"] == "el palo de salida"
    assert chosen["the score"] == "el tanteo"


def test_no_rejected_synonym_in_the_spanish_catalogs():
    terms = load_terminology()
    found = [f"{path.relative_to(ROOT)}: {word!r} (say {term.spanish!r}) in {text[:70]!r}"
             for path in CATALOGS for forms in _translations(path).values() for text in forms
             for term, word in rejected_in(_CODE.sub("", text), terms)]
    assert not found, f"{len(found)} rejected synonyms:\n" + "\n".join(found)


def test_a_message_is_said_the_same_in_every_part():
    # The parts of a catalog are merged with the first part's translation winning: a
    # message translated two ways in two parts would show one of them everywhere.
    said: dict[str, dict[tuple[str, ...], str]] = {}
    for path in sorted((ROOT / "rentoy" / "locale" / "es" / "parts").glob("rentoy-*.po")):
        for message, forms in _translations(path).items():
            said.setdefault(message, {}).setdefault(forms, path.name)
    twice = {m: t for m, t in said.items() if len(t) > 1}
    assert not twice, "\n".join(f"{m!r}: {t}" for m, t in twice.items())


def test_a_rejected_synonym_is_found_as_a_whole_word():
    terms = load_terminology()
    assert [w for _t, w in rejected_in("el Resolvedor y los resolvedores", terms)] == [
        "Resolvedor", "resolvedores"]
    assert rejected_in("un marcador de tantos para Android", terms) == []
    assert [w for _t, w in rejected_in("el marcador final", terms)] == ["marcador"]
    assert rejected_in("la terminología", terms) == []


@pytest.mark.parametrize(("text", "error"), [
    ("concept: x\n", "expected a list of concepts"),
    ("- concept: x\n", "missing keys concepto, english"),
    ("- {concept: a, concepto: b, english: c, spanish: d, evidence: e, evidencia: f,\n"
     "   rejected: ['(']}\n", "rejected '(' is not a regular expression"),
])
def test_a_bad_terminology_file_is_refused_with_its_place(tmp_path, text, error):
    path = tmp_path / "terminology.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TerminologyError, match=r"terminology\.yaml") as info:
        load_terminology(path)
    assert error in str(info.value)
