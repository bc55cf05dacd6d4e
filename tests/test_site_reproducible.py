"""The site is reproducible: built twice from the same sources, every page is the same,
byte for byte, in both editions; and a parallel build (``-j 2``) writes what a serial
one does.

The first build of each edition is the one the docs tests share (``docs/_build``, a
serial build); the second goes, from scratch, into a folder of its own, so that a page
that depended on where it was written, on the time, on the order of a set or on an
object's address in memory (a Python repr printed into a template) would show as a
difference. The English edition's second build runs on two processes, and every file it
writes (figures, downloads, the Play page's runtime, not only the pages) must be the
serial build's: one build proves both.
"""

from __future__ import annotations

from pathlib import Path

from sphinxbuild import sphinx_build

ROOT = Path(__file__).resolve().parent.parent


def _pages(html: Path, skip: str | None = None) -> dict[str, bytes]:
    """Every page of a built edition and its search index, by path (``skip``: a folder
    of another edition inside this one)."""
    out = {}
    for path in sorted(html.rglob("*")):
        relative = path.relative_to(html)
        if skip is not None and relative.parts[0] == skip:
            continue
        if path.suffix == ".html" or path.name == "searchindex.js":
            out[relative.as_posix()] = path.read_bytes()
    return out


def _differences(first: dict[str, bytes], second: dict[str, bytes]) -> list[str]:
    out = sorted(set(first) ^ set(second))
    for name in sorted(set(first) & set(second)):
        a, b = first[name], second[name]
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            out.append(f"{name} differs at byte {at}: {a[max(0, at - 60):at + 60]!r} / "
                       f"{b[max(0, at - 60):at + 60]!r}")
    return out


def _files(html: Path, skip: str | None = None) -> dict[str, bytes]:
    """Every file of a built edition but the build's own record (``.buildinfo``), by path
    (``skip``: a folder of another edition inside this one)."""
    out = {}
    for path in sorted(html.rglob("*")):
        relative = path.relative_to(html)
        if skip is not None and relative.parts[0] == skip:
            continue
        if path.is_file() and path.name != ".buildinfo":
            out[relative.as_posix()] = path.read_bytes()
    return out


def test_every_english_file_is_the_same_in_a_second_build_on_two_processes(
        built_site: Path, tmp_path: Path) -> None:
    done = sphinx_build("-j", "2", "-E", "-W", "-n", "-b", "html",
                        "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"),
                        str(tmp_path / "html"), cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    first = _files(built_site / "html", skip="es")
    assert "index.html" in first and "404.html" in first and "searchindex.js" in first
    assert len(_pages(built_site / "html", skip="es")) > 50
    differences = _differences(first, _files(tmp_path / "html"))
    assert not differences, "\n".join(differences[:10])


def test_every_spanish_page_is_the_same_in_a_second_build(built_site_es: Path,
                                                          tmp_path: Path) -> None:
    done = sphinx_build("-E", "-W", "-n", "-b", "html", "-D", "language=es",
                        "-d", str(tmp_path / "doctrees-es"), str(ROOT / "docs"),
                        str(tmp_path / "html" / "es"), cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    first = _pages(built_site_es / "es")
    assert "index.html" in first and len(first) > 50
    differences = _differences(first, _pages(tmp_path / "html" / "es"))
    assert not differences, "\n".join(differences[:10])


def test_no_page_prints_a_python_repr(built_site: Path) -> None:
    """The template words are read as the words (the label "Get rentoy:" was printed as
    ``<built-in method get of dict object at 0x...>``), and the home page links its own
    install section once, not as ``##get-rentoy``."""
    for path in (built_site / "html").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert " object at 0x" not in text, path
        assert 'href="##' not in text, path
    home = (built_site / "html" / "index.html").read_text(encoding="utf-8")
    assert '<span class="rentoy-get-label">Get rentoy:</span>' in home
    assert 'href="#get-rentoy"' in home
