"""Every quoted passage of the Diccionario de Autoridades is re-read against a stored copy
of its transcription page, and every page number cited is the printed number of the page
the transcription names.

The copies (``tests/data/autoridades/``, written by ``tests/regen_autoridades.py``) keep
each page's printed number and its text as the IMPACT ground truth transcribes it, line
for line. A passage is found when its words, in order, are the page's words (case,
accents, punctuation, line-end hyphens and the [sic] marks aside); "[…]" marks words left
out, each part being found after the one before.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from rentoy.quotations import load_quotations
from rentoy.sources import load_sources

PAGES = Path(__file__).parent / "data" / "autoridades"
_PAGE_FILE = re.compile(r"(?:([A-Z]-[A-Z]|C)/)?(pc-\d{8})")


def _stored(name: str) -> tuple[str, str]:
    """The printed page number and the text of stored page ``name`` ("O-R/pc-00448150")."""
    path = PAGES / (name.replace("/", "_") + ".txt")
    assert path.is_file(), f"no stored copy of {name} (tests/regen_autoridades.py)"
    head, text = path.read_text(encoding="utf-8").split("\n\n", 1)
    number = re.search(r"# printed page: (\S+)", head)
    assert number is not None, path
    return number.group(1), text


def _page_names(text: str) -> list[str]:
    """The transcription pages a reference names, each with its folder (a bare
    ``pc-…`` is in the folder named before it); the title pages named in brackets aside."""
    text = re.sub(r"\(title page[^)]*\)", "", text)
    names, folder = [], None
    for found in _PAGE_FILE.finditer(text):
        folder = found.group(1) or folder
        assert folder is not None, f"no folder for {found.group(2)} in {text!r}"
        names.append(f"{folder}/{found.group(2)}")
    return names


def _words(text: str) -> str:
    """Lower case, no accents, line-end hyphens joined, only the words, each between spaces."""
    text = re.sub(r"[-‐¬]\s*\n\s*", "", text)
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                    if not unicodedata.combining(c))
    return " " + " ".join(re.findall(r"\w+", plain)) + " "


def _pages_cited(reference: str) -> list[int]:
    """The page numbers after the last "p." or "pp." of a reference, ranges expanded."""
    locator = re.split(r"\bpp?\.\s*", reference)[-1]
    first = re.match(r"(\d+)(?:-(\d+))?", locator)
    assert first is not None, f"no page in {reference!r}"
    low = int(first.group(1))
    return list(range(low, int(first.group(2) or low) + 1))


def _found_in_order(parts: list[str], text: str) -> bool:
    at = 0
    for part in parts:
        where = text.find(part, at)
        if where < 0:
            return False
        at = where + len(part)
    return True


QUOTED = {qid: q for qid, q in load_quotations().items()
          if q.quoted and q.transcription and "groundtruth-spa" in q.transcription}


def test_the_quoted_passages_are_the_autoridades_passages():
    # Every period passage of the file is read in the IMPACT transcription, and the new
    # entries are among them.
    assert len(QUOTED) >= 35
    assert {"dexarse-caer", "passar", "topar", "dos-a-dos", "malilla-ombre",
            "malilla-como-hombre", "verse", "al-ver", "matador", "estuche"} <= set(QUOTED)


@pytest.mark.parametrize("qid", sorted(QUOTED))
def test_a_passage_reads_as_its_transcription_page_has_it(qid):
    q = QUOTED[qid]
    names = _page_names(q.transcription or "")
    assert names, f"{qid}: no transcription page named"
    pages = [_stored(name) for name in names]
    text = _words("\n".join(body for _, body in pages))
    original = (q.original or "").replace("[sic]", "")
    parts = [_words(p).strip() for p in re.split(r"\[?…\]?|\[\.\.\.\]", original)]
    parts = [f" {p} " for p in parts if p]
    assert parts and _found_in_order(parts, text), f"{qid}: not as transcribed: {parts}"
    # The page cited is the page the transcription prints, one for one.
    printed = [int(number) for number, _ in pages]
    assert printed == _pages_cited(q.reference), (qid, printed, q.reference)
    # A passage said to be on one page is on that page alone.
    if len(pages) == 1:
        assert _found_in_order(parts, _words(pages[0][1]))


IMPACT_SOURCES = {sid: s for sid, s in load_sources().items()
                  if s.identifier and "IMPACT" in s.identifier}


@pytest.mark.parametrize("sid", sorted(IMPACT_SOURCES))
def test_a_sources_pages_are_the_printed_numbers_of_the_pages_it_names(sid):
    src = IMPACT_SOURCES[sid]
    names = _page_names(src.identifier or "")
    printed = sorted({int(_stored(name)[0]) for name in names})
    # "464-465", "I, 402-403 (ARRASTRAR, ARRASTRE); III, 711-712 (...)": every number
    # and range, the volumes' roman numerals aside.
    cited: set[int] = set()
    for low, high in re.findall(r"\b(\d+)(?:-(\d+))?", src.pages or ""):
        cited.update(range(int(low), int(high or low) + 1))
    assert printed == sorted(cited), (sid, printed, src.pages)


def test_a_misquotation_and_a_wrong_page_are_caught():
    number, body = _stored("O-R/pc-00448150")
    assert number == "575"
    text = _words(body)
    assert _found_in_order([" la malilla es el dos de todos palos "], text)
    assert not _found_in_order([" la malilla es el tres de todos palos "], text)
    assert _pages_cited("Diccionario de Autoridades, tomo V (1737), p. 575, s.v. RENTOI") \
        == [575]
    assert _pages_cited("tomo VI (1739), pp. 297-298, s.v. TOPAR") == [297, 298]
    assert _page_names("DiccionarioAutoridades/S-Z/pc-00448644.xml and pc-00448645.xml") \
        == ["S-Z/pc-00448644", "S-Z/pc-00448645"]
