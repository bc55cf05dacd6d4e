"""How much English a page of the Spanish edition still shows.

A page's text is read from its ``<article>`` (the page itself, not the navigation
around it), leaving out what stays as it is in every language: code (``code``, ``pre``,
``kbd``, ``samp``), quotations (``blockquote``, ``q``), scripts and styles, and any
element marked as English (``lang="en"``: the API reference, which is the code's
docstrings). Of the words left, :func:`english_share` counts those that are common
English words and never Spanish ones (``the``, ``of``, ``which``...; not ``a``, ``no``,
``as``, ``son``, which Spanish has too).

>>> english_share("<article><p>The rules of the game</p><pre>the code</pre></article>")[:2]
(5, 3)
>>> english_share('<article><p>Las reglas del juego</p><q>of the</q></article>')[:2]
(4, 0)
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: Common English words that are not Spanish words.
ENGLISH_WORDS = frozenset("""
the and of with which that this is are was were be been being from when each its it by
for an or at on not into their they them there these those than then only also but if
who how any all what where would should could will can does do has have had to in
""".split())

#: English words that are never Spanish, and that the generators once left in Spanish
#: text: the labels of a worked example's expectations, the file's rule values, the
#: headings of sphinx-argparse, the bots' names, locators, units, and the commonest
#: English words. Not one of them may remain on a Spanish page or in a command's
#: Spanish output outside code, quotations and names (:func:`english_labels`).
ENGLISH_LABELS = frozenset("""
score finished winner follow acceptor overtrump positional arguments default quoted
quoting paragraph paragraphs greedy random fold accept raise south western pp choices
team teams hand hands trick tricks seat player players game games none yes true false
the of and with which where when from its
""".split())

#: Elements whose text is left as it is in every language.
_KEPT = frozenset({"code", "pre", "kbd", "samp", "blockquote", "q", "script", "style"})
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                   "meta", "source", "track", "wbr"})
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []       # per open element: is its text left out?
        self.inside = 0                   # depth inside <article>
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        # (The page's own language, on <html>, is what is measured, not a marking.)
        lang = (dict(attrs).get("lang") or "") if self.inside or tag == "article" else ""
        inherited = bool(self.stack) and self.stack[-1] and not lang   # lang="es" in English
        kept = tag in _KEPT or lang.startswith("en") or inherited
        self.stack.append(kept)
        if tag == "article" or self.inside:
            self.inside += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or not self.stack:
            return
        self.stack.pop()
        if self.inside:
            self.inside -= 1

    def handle_data(self, data: str) -> None:
        if self.inside and not (self.stack and self.stack[-1]):
            self.words.extend(_WORD.findall(data))


def english_share(markup: str) -> tuple[int, int, list[str]]:
    """A page's words outside code and quotations, how many of them are common English
    words, and those words (as they appear, in order)."""
    parser = _Text()
    parser.feed(markup)
    english = [w for w in parser.words if w.lower() in ENGLISH_WORDS]
    return len(parser.words), len(english), english


#: What a command's text shows as code: a quotation in backticks, a reason code in
#: brackets (``[not-your-turn]``), a rule's or a file's name (``1737.players``,
#: ``game.yaml``), a bot's settings (``search:samples=8``).
_CODE_IN_TEXT = re.compile(r"`[^`]*`|\[[a-z]+(?:-[a-z]+)+\]|\b[\w+-]+[.:][\w.:=,_-]+\b")


class _Foreign(_Text):
    """The text of a page as :class:`_Text` reads it, in pieces, leaving out also what
    Spanish typography marks as foreign or as a title: italics (``em``, ``i``,
    ``cite``)."""

    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        if tag in ("em", "i", "cite") and self.stack:
            self.stack[-1] = True

    def handle_data(self, data: str) -> None:
        if self.inside and not (self.stack and self.stack[-1]):
            self.chunks.append(data)


#: A quotation in Spanish marks: «...».
_QUOTED = re.compile(r"«[^»]*»")
#: An address or a path written out (``https://...``, ``src/game/engine.ts``): a name.
_PATH = re.compile(r"\S*[/.]\S*[/.]\S*|\S+/\S+")


def english_labels(text: str, markup: bool = False) -> list[str]:
    """The :data:`ENGLISH_LABELS` in a Spanish text: a page's article (``markup``), or
    a command's output (its code left out as :data:`_CODE_IN_TEXT` finds it)."""
    if markup:
        parser = _Foreign()
        parser.feed(text)
        words = _WORD.findall(_PATH.sub(" ", _QUOTED.sub(" ", " ".join(parser.chunks))))
    else:
        words = _WORD.findall(_CODE_IN_TEXT.sub(" ", text))
    return [w for w in words if w.lower() in ENGLISH_LABELS]
