"""The bibliography: ``variants/sources.yaml``, one entry per source a variant cites.

Each entry states what the text is (its kind, :data:`KINDS`), its date, the rules it
states outright (``states``) and those it states only in a general sentence, such as a
dictionary's definition of the game (``general``), whether it is a second-hand account
naming no source of its own (``unsourced``), and the apparatus a reader needs to find it again: author, title,
edition, pages or section, an identifier or address, when it was read, and for a text
that changes the revision read or an archived copy. What could not be established is
said under ``not_known``, field by field, rather than left blank
(:func:`apparatus_problems`, ``rentoy sources --check``). A variant file may declare
entries of its own in the same form.

>>> from rentoy.sources import load_sources
>>> src = load_sources()["autoridades-1737"]
>>> src.label(), src.stated_values("hand_size")
('period text, 1737', (3,))
>>> load_sources()["source-es"].kind_label
'reconstruction'
"""

from __future__ import annotations

import os

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from ..core.errors import InputError, Problem, suggest
from ..core.frozen import Frozen, field
from ..core.i18n import _, data_text
from .yamlfile import Document, file_stamp, load_document

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Source", "KINDS", "KIND_MEANINGS", "KIND_ALIASES", "FIELDS", "APPARATUS",
           "SUBJECTS", "load_sources", "entries_problems", "apparatus_problems",
           "apparatus_fields", "check_apparatus", "builtin_dir", "set_variants_dir"]

#: The kinds of source, from the oldest kind of evidence to the newest, with how a
#: listing names each (:data:`KIND_MEANINGS` says what each is).
KINDS: dict[str, str] = {
    "period": "period text",
    "reconstruction": "reconstruction",
    "scholarship": "scholarship",
    "modern-report": "modern report",
    "program": "program",
    "reference": "reference work",
}
#: What each kind of source is, in a sentence (the schema and the sources page say it).
KIND_MEANINGS: dict[str, str] = {
    "period": "a text written while the game it speaks of was played: a dictionary of the "
              "time, a novel, a comedia, a treatise",
    "reconstruction": "a modern text that rebuilds an old form of the game from the period "
                      "evidence and fills its gaps, evidence of how its author reads that "
                      "evidence rather than of the old game",
    "scholarship": "a study or critical edition by a scholar, with its own references",
    "modern-report": "a newspaper article, a blog, a club's or a town's page: the game as "
                     "played where and when it was written, or what is told of its past",
    "program": "a program that plays or scores the game, or its description: how its "
               "authors understand present-day play, never evidence of the past",
    "reference": "an encyclopedia or a compendium of card games",
}
#: Older names of kinds, still read.
KIND_ALIASES: dict[str, str] = {"primary": "period", "secondary": "scholarship",
                                "regional": "modern-report", "modern-play": "modern-report",
                                "software": "program"}
#: What a source speaks of: rentoy itself, or only related matters (another game, the
#: words of card play in general) on which a rule or a link of the family rests.
SUBJECTS: tuple[str, ...] = ("rentoy", "related")
FIELDS = ("title", "author", "year", "edition", "pages", "section", "extent", "place",
          "identifier", "url", "accessed", "revision", "archived", "kind", "subject",
          "unsourced", "states", "general", "not_known", "note")
#: The apparatus every entry gives, each field or its reason under ``not_known``: a
#: field name, or several joined by ``|`` when any one of them will do.
APPARATUS: tuple[str, ...] = ("author", "title", "year", "edition", "pages|section",
                              "identifier|url")
_REQUIRED = ("title", "kind", "year")
#: The kinds whose texts change where they are read (pages, programs, encyclopedias, a
#: reconstruction on a web page): read online they give the revision read or an archived
#: copy, which stands for an edition.
_CHANGING = ("reconstruction", "modern-report", "program", "reference")


class Source(Frozen):
    """One bibliography entry.

    ``states`` maps each rule the source states outright to the value it states (as a
    variant file writes it), or to ``{"one_of": [...]}`` when it describes several forms;
    every source an ``attested`` rule cites must state it there. ``general`` names the
    rules of ``states`` the source states only in a general or encyclopedic sentence (a
    definition of the game, not an account of a table): such a statement is secondary
    evidence, and cannot attest a variant's rule (``rentoy check`` says so), as a
    ``reference`` work's cannot. ``unsourced`` marks a second-hand account that names no source of its own: a rule
    attested by it alone is shown as uncorroborated. ``not_known`` maps a field of the
    apparatus that could not be established to the reason.
    """

    id: str
    title: str
    kind: str
    author: str | None = None
    year: str | None = None        # the date of the work; None: not known
    edition: str | None = None     # the edition (or copy, or transcription) read
    pages: str | None = None       # the pages cited ("575", "371-372")
    section: str | None = None     # the section, chapter or entry, where pages do not apply
    extent: str | None = None      # the length of the whole work ("8 pp.")
    place: str | None = None       # where it was published, or the journal
    identifier: str | None = None  # an ISBN, a shelfmark, a catalogue number
    url: str | None = None
    accessed: str | None = None    # when it was read at `url` (a date, YYYY-MM-DD)
    revision: str | None = None    # the commit or revision read, for a text that changes
    archived: str | None = None    # the address of an archived copy
    note: str | None = None
    subject: str = "rentoy"        # rentoy | related (:data:`SUBJECTS`)
    unsourced: bool = False
    states: Mapping[str, Any] = field(default_factory=dict)
    general: tuple[str, ...] = ()  # rules of `states` stated only in a general sentence
    not_known: Mapping[str, str] = field(default_factory=dict)
    defined_in: str | None = None  # the variant file that declares it; None: sources.yaml

    def citation(self, *, translated: bool = False) -> str:
        """A one-line reference: author, title, place, year, then the locator.
        ``translated``: its descriptive words (author, title, place, section) in the
        language spoken now, as readers see them; the data keeps the files' English."""
        def said(text: str | None) -> str | None:
            return data_text(text) if translated and text else text

        parts = (said(self.author), f"*{said(self.title)}*", said(self.place), self.year)
        return ", ".join(p for p in parts if p) + self.locator(translated=translated)

    def locator(self, *, translated: bool = False) -> str:
        """The pages (or section) cited and the work's length, as appended to a citation
        (``translated``: as for :meth:`citation`)."""
        text = ""
        if self.pages:
            several = "-" in self.pages or "," in self.pages
            # TRANSLATORS: before the pages cited (Spanish: págs., pág.).
            mark = _("pp.") if several else _("p.")
            text += f", {mark if translated else ('pp.' if several else 'p.')} {self.pages}"
        elif self.section:
            text += f", {data_text(self.section) if translated else self.section}"
        if self.extent:
            text += f" ({data_text(self.extent) if translated else self.extent})"
        return text

    @property
    def kind_label(self) -> str:
        """The kind as a listing names it ("period text", "program")."""
        return KINDS.get(self.kind, self.kind)

    @property
    def changes(self) -> bool:
        """Whether the text may change where it is read (a page, a program, an
        encyclopedia read online): it then gives the revision read or an archived copy."""
        return self.kind in _CHANGING and self.url is not None

    @property
    def date(self) -> str:
        """The date as a listing shows it: the year, or "n.d." when it is not known."""
        return self.year or "n.d."

    def label(self) -> str:
        """Kind and date in a few words: "period text, 1737", "software, n.d."."""
        return f"{self.kind_label}, {self.date}"

    def states_generally(self, rule: str) -> bool:
        """Whether this source's statement of ``rule`` is a general or encyclopedic
        sentence, which cannot attest a variant's rule: the source is a `reference`
        work, or names the rule under ``general``."""
        return self.kind == "reference" or rule in self.general

    def stated_values(self, rule: str) -> tuple[Any, ...]:
        """The values this source states for ``rule`` (none, one, or several forms)."""
        if rule not in self.states:
            return ()
        value = self.states[rule]
        if isinstance(value, Mapping) and set(value) == {"one_of"}:
            return tuple(value["one_of"])
        return (value,)


def entries_problems(doc: Document, entries: Any, prefix: tuple[Any, ...] = (),
                     defined_in: str | None = None) -> tuple[dict[str, Source], list[Problem]]:
    """Bibliography entries read from ``entries`` (a mapping of id to fields) at key path
    ``prefix`` of ``doc``: the sources, and every problem found, located."""
    out: dict[str, Source] = {}
    problems: list[Problem] = []
    if not isinstance(entries, dict):
        return out, [doc.problem(prefix, "a bibliography is a mapping of source ids to "
                                         "entries (title, kind, year, ...)")]
    for sid, entry in entries.items():
        path = prefix + (sid,)
        before = len(problems)
        if not isinstance(entry, dict):
            problems.append(doc.problem(path, "each source is a mapping with at least "
                                              "`title`, `kind` and `year`"))
            continue
        missing = [k for k in _REQUIRED if k not in entry]
        if missing:
            problems.append(doc.problem(path, f"missing {', '.join(f'`{k}`' for k in missing)}",
                                        "`year: null` when the date is not known", key=True))
        if "title" in entry and not isinstance(entry["title"], str):
            problems.append(doc.problem(path + ("title",), "the title is text"))
        for key in entry:
            if key not in FIELDS:
                problems.append(doc.problem(path + (key,), f"unknown key `{key}`",
                                            suggest(str(key), FIELDS), key=True))
        written = str(entry.get("kind"))
        kind = KIND_ALIASES.get(written, written)
        if "kind" in entry and kind not in KINDS:
            problems.append(doc.problem(path + ("kind",), f"unknown kind {entry['kind']!r}; "
                                        "use one of " + ", ".join(KINDS),
                                        suggest(str(entry["kind"]), KINDS)))
        states = entry.get("states") or {}
        if not isinstance(states, dict):
            problems.append(doc.problem(path + ("states",), "`states` maps rule names to "
                                                            "the values the source states"))
            states = {}
        general = entry.get("general") or []
        if not isinstance(general, list) or not all(
                isinstance(r, str) and r in states for r in general):
            problems.append(doc.problem(path + ("general",), "`general` lists rules of "
                                        "`states` that the source states only in a general "
                                        "sentence", "name only rules listed under `states`"))
            general = []
        if not isinstance(entry.get("unsourced", False), bool):
            problems.append(doc.problem(path + ("unsourced",), "`unsourced` is true or false"))
        subject = entry.get("subject", "rentoy")
        if subject not in SUBJECTS:
            problems.append(doc.problem(path + ("subject",), f"unknown subject {subject!r}; "
                                        "use rentoy (the text speaks of rentoy) or related "
                                        "(only of another game, or of card words)",
                                        suggest(str(subject), SUBJECTS)))
        not_known = entry.get("not_known") or {}
        if not isinstance(not_known, dict) or not all(
                isinstance(v, str) and v.strip() for v in not_known.values()):
            problems.append(doc.problem(path + ("not_known",), "`not_known` maps each field "
                                        "that could not be established to the reason, in "
                                        "words"))
            not_known = {}
        for key in not_known:
            if key not in FIELDS:
                problems.append(doc.problem(path + ("not_known", key), f"unknown field "
                                            f"`{key}`", suggest(str(key), FIELDS), key=True))
        if len(problems) > before:
            continue
        out[str(sid)] = Source(
            id=str(sid), title=entry["title"], kind=str(kind),
            **{k: (None if entry.get(k) is None else str(entry[k]))
               for k in ("author", "year", "edition", "pages", "section", "extent", "place",
                         "identifier", "url", "accessed", "revision", "archived", "note")},
            subject=str(subject), unsourced=bool(entry.get("unsourced", False)),
            states=MappingProxyType({str(k): v for k, v in states.items()}),
            general=tuple(str(r) for r in general),
            not_known=MappingProxyType({str(k): " ".join(str(v).split())
                                        for k, v in not_known.items()}),
            defined_in=defined_in)
    return out, problems


def apparatus_fields(src: Source) -> tuple[str, ...]:
    """The fields of the apparatus ``src`` must give (each, or its reason under
    ``not_known``): :data:`APPARATUS`, with ``accessed`` for a text read at an address,
    and for one that changes there (:attr:`Source.changes`) ``revision|archived`` in place
    of an edition."""
    wanted = [f for f in APPARATUS if not (f == "edition" and src.changes)]
    if src.url:
        wanted.append("accessed")
    if src.changes:
        wanted.append("revision|archived")
    return tuple(wanted)


def apparatus_problems(doc: Document, sources: Mapping[str, Source],
                       prefix: tuple[Any, ...] = ()) -> list[Problem]:
    """What each entry lacks of its apparatus (:func:`apparatus_fields`): a field that is
    neither given nor explained under ``not_known``, and a reason given for a field that
    is there after all. One located problem each."""
    problems = []
    for sid, src in sources.items():
        path = prefix + (sid,)
        for wanted in apparatus_fields(src):
            names = wanted.split("|")
            if any(getattr(src, n) for n in names) or any(n in src.not_known for n in names):
                continue
            said = " or ".join(f"`{n}`" for n in names)
            problems.append(doc.problem(path, f"gives no {said}", f"give it, or say "
                                        f"why it is not known under `not_known: {{{names[0]}: "
                                        "...}`", key=True))
        for name in src.not_known:
            if getattr(src, name, None):
                problems.append(doc.problem(path + ("not_known", name), f"gives `{name}` "
                                            "and also says it is not known",
                                            "drop one of the two", key=True))
    return problems


_override: Path | None = None


def set_variants_dir(folder: str | Path | None) -> None:
    """Read the built-in variants, sources and glossary from ``folder`` from now on
    (None: the library's own folder). The ``RENTOY_VARIANTS_DIR`` environment variable
    does the same for a whole process; this call takes precedence over it."""
    global _override
    _override = Path(folder).resolve() if folder is not None else None


def builtin_dir() -> Path:
    """The folder of the built-in variant files: the one set by :func:`set_variants_dir`
    or ``RENTOY_VARIANTS_DIR`` if any, else the one shipped in the wheel or the checkout."""
    if _override is not None:
        return _override
    env = os.environ.get("RENTOY_VARIANTS_DIR")
    if env:
        return _resolved(env)
    return _shipped_dir()


# Both looked up once per process: resolving a path asks the file system, and this is
# asked for every file a command reads.
@lru_cache(maxsize=8)
def _resolved(folder: str) -> Path:
    return Path(folder).resolve()


@lru_cache(maxsize=1)
def _shipped_dir() -> Path:
    here = Path(__file__).resolve().parent.parent     # the package's folder
    packaged = here / "variants"
    if packaged.is_dir():
        return packaged
    return here.parent / "variants"


@lru_cache(maxsize=8)
def _load(path: str, stamp: int) -> Mapping[str, Source]:
    doc = load_document(path)
    data = doc.mapping("the bibliography is a mapping of source ids")
    out, problems = entries_problems(doc, data)
    if problems:
        raise InputError(problems)
    return out


def load_sources(path: str | Path | None = None) -> Mapping[str, Source]:
    """The bibliography, by source id (cached until the file changes)."""
    path = Path(path) if path else builtin_dir() / "sources.yaml"
    return _load(str(path), file_stamp(path))


def check_apparatus(path: str | Path | None = None) -> tuple[int, list[Problem]]:
    """The bibliography's entries counted, and every gap in their apparatus, located
    (``rentoy sources --check``). Raises :class:`~rentoy.core.errors.InputError` when the
    file cannot be read as a bibliography at all."""
    path = Path(path) if path else builtin_dir() / "sources.yaml"
    sources = load_sources(path)
    try:                        # shown as users read it: relative to the working folder
        shown = str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        shown = str(path)
    return len(sources), apparatus_problems(load_document(shown), sources)
