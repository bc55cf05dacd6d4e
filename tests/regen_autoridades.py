"""Write the stored copies of the Diccionario de Autoridades pages the project quotes
(``tests/data/autoridades/``) from a local clone of the IMPACT ground truth
(impactcentre/groundtruth-spa, revision e08a5f1), for ``tests/test_quotations.py``.

Usage: ``python tests/regen_autoridades.py CLONE [FOLDER/pc-NNNNNNNN ...]``; without page
names it rewrites the pages already stored. Each copy keeps the printed page number and
the text regions in the transcription's reading order (less the catch-word, the
next page's first word repeated), line for line, with the
transcription's private-use ligature characters decoded (:data:`LIGATURES`); line-end
hyphens are kept, as printed.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

NS = "{http://schema.primaresearch.org/PAGE/gts/pagecontent/2010-03-19}"
REVISION = "e08a5f197d946e705630816421e4890601a86dff"
HERE = Path(__file__).parent / "data" / "autoridades"
#: The transcription's private-use characters, each the letters it stands for (as the
#: quotations have them: the long-s ligature ſs kept as ſs).
LIGATURES = {"\uf4f9": "ll", "\ueec5": "ct", "\ueada": "ſt", "\ueba2": "ſi", "\ueba6": "ſs",
             "\uefa1": "æ", "\uf502": "ch", "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi"}


def decoded(text: str) -> str:
    for char, letters in LIGATURES.items():
        text = text.replace(char, letters)
    return text


def page_copy(clone: str, name: str) -> str:
    """The stored copy of page ``name`` ("O-R/pc-00448150") read from ``clone``."""
    xml = subprocess.run(["git", "-C", clone, "show",
                          f"{REVISION}:DiccionarioAutoridades/{name}.xml"],
                         capture_output=True, check=True).stdout
    root = ET.fromstring(xml)
    regions = {r.get("id"): r for r in root.iter(NS + "TextRegion")}
    order = [r.get("regionRef") for r in root.iter(NS + "RegionRefIndexed")]
    number = next((r.findtext(f"{NS}TextEquiv/{NS}Unicode") for r in regions.values()
                   if r.get("type") == "page-number"), None)
    lines = [f"# impactcentre/groundtruth-spa {REVISION[:7]} DiccionarioAutoridades/{name}.xml",
             f"# printed page: {number or 'none'}"]
    for rid in order:
        if regions[rid].get("type") == "catch-word":    # the next page's first word
            continue
        text = regions[rid].findtext(f"{NS}TextEquiv/{NS}Unicode")
        if text and text.strip():
            lines += ["", decoded(text.strip())]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> None:
    clone, names = argv[0], argv[1:]
    if not names:
        names = [p.stem.replace("_", "/") for p in sorted(HERE.glob("*.txt"))]
    for name in names:
        (HERE / (name.replace("/", "_") + ".txt")).write_text(page_copy(clone, name),
                                                            encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
