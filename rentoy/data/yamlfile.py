"""Safe YAML loading that remembers where every key and value stands.

Variant and walkthrough files are read with PyYAML's safe loader only. Beside the
plain data, a :class:`Document` keeps the line and column of every mapping key and
value, so an error about ``rules.arrastre`` can point at the line that wrote it.
Duplicate keys are refused (YAML would silently keep the last one), and so are
explicit tags that build anything but plain data (``!!python/...`` on a list or a
mapping as on a scalar) or that the value does not fit (``!!bool maybe``), control
characters in text (an escape sequence written ``"\\e[2J"`` would act on the terminal
that shows it), and anything over the limits of :mod:`rentoy.core.limits`: files larger than
:data:`~rentoy.core.limits.MAX_FILE_BYTES` (read bounded, so a device or a huge file is
refused without reading it all), strings, lists, nesting, whole numbers with too many
digits, alias expansion (in values and in characters) and merge keys (``<<``, resolved
here rather than by PyYAML, so that what they copy is counted whatever PyYAML's
version). Every failure is an :class:`~rentoy.core.errors.InputError` naming the file and
the line, never a crash of the parser.

JSON files (the schemas, a dask scheduler file) are read the same way, bounded and
guarded: :func:`load_json`. Documents are told apart, in the caches, by a
cryptographic digest of their text (:func:`text_digest`).

The YAML loader is chosen in one place, :data:`LOADER`: PyYAML's pure-Python safe
loader or its C one (``yaml.CSafeLoader``, when PyYAML was built with libyaml). Both
give the same data, the same positions and the same refusals.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..core.caches import digest
from ..core.errors import InputError, Location, Problem
from ..core.frozen import Frozen, field
from ..core.i18n import N_, _, language, number
from ..core.limits import (CONTROL_CHARACTERS, MAX_DEPTH, MAX_DIGITS, MAX_EXPANDED_CHARACTERS,
                           MAX_FILE_BYTES, MAX_LIST_LENGTH, MAX_MERGED_PAIRS, MAX_STRING_LENGTH, MAX_VALUES, over_limit,
                           shown)

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Document", "load_document", "parse_document", "read_text", "load_json",
           "file_stamp", "text_digest", "control_character", "LOADER", "SAFE_LOADERS",
           "MAX_DEPTH", "MAX_VALUES"]

Path_ = tuple[str | int, ...]

if TYPE_CHECKING:
    import yaml
else:
    class _LazyYaml:
        """PyYAML, imported on first use: a file already parsed once is read back from
        the cache of parsed documents (:func:`load_document`) without it, which is a good
        part of a command's start-up."""

        def __getattr__(self, name: str) -> Any:
            import yaml as module

            globals()["yaml"] = module
            return getattr(module, name)

    yaml = _LazyYaml()


def _safe_loaders() -> dict[str, type]:
    import yaml as module  # at use: start-up (bench/startup.py)

    found: dict[str, type] = {"python": module.SafeLoader}
    if hasattr(module, "CSafeLoader"):
        found["c"] = module.CSafeLoader
    return found


def __getattr__(name: str) -> Any:
    # SAFE_LOADERS and LOADER name PyYAML's classes: made when first asked for.
    if name == "SAFE_LOADERS":
        globals()["SAFE_LOADERS"] = _safe_loaders()
        return globals()["SAFE_LOADERS"]
    if name == "LOADER":
        return _default_loader()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The safe loaders rentoy can read YAML with, by name: PyYAML's pure-Python one, and
#: its C one when PyYAML was built with libyaml (made when first asked for).
SAFE_LOADERS: dict[str, type]
#: The loader every file is read with (one of :data:`SAFE_LOADERS`); the one place to
#: choose between them. The C one when there is one: it reads the variant files about
#: twenty times faster.
LOADER: type


def _default_loader() -> type:
    found = globals().get("LOADER")
    if found is None:
        loaders = __getattr__("SAFE_LOADERS")
        found = globals()["LOADER"] = loaders.get("c", loaders["python"])
        globals()["_CHOSEN"] = found
    chosen: type = found
    return chosen

# The tags a plain-data document may carry: collections may only be plain mappings and
# lists (a `!!python/...` tag on a list would otherwise be dropped silently); scalars go
# through the safe constructor, which refuses every other tag.
_MAPPING_TAGS = {"tag:yaml.org,2002:map"}
_SEQUENCE_TAGS = {"tag:yaml.org,2002:seq"}
_MERGE_TAG = "tag:yaml.org,2002:merge"
_INT_TAG = "tag:yaml.org,2002:int"

#: :data:`rentoy.core.limits.CONTROL_CHARACTERS`, compiled.
CONTROL = re.compile(CONTROL_CHARACTERS)
_NAMES = {0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x0D: "carriage return",
          0x1B: "ESC", 0x7F: "DEL", 0x9B: "CSI", 0x9D: "OSC"}


# Words several refusals share (English, marked for the catalog).
_SPLIT = N_("split the file")
_SPLIT_SMALLER = N_("split it into smaller files")
_SHORTEN_LIST = N_("split the file or shorten the list")
_NESTED = N_("the document is nested too deeply")
_NESTED_TO_READ = N_("the document is nested too deeply to read")
_FLATTEN = N_("flatten the nesting")
_SELF_ALIAS = N_("a YAML alias may refer to itself")
_TEXT_LENGTH = N_("this text is {count} characters long")
_CONTROL = N_("this text holds the control character {char}, which a terminal would act on")
_CONTROL_HINT = N_("remove it: rentoy files hold printable text")
_CANNOT_READ = N_("cannot read this file: {why}")

# PyYAML's (and libyaml's) words for what is wrong with a text, which are English: in
# another language each is looked up here, those with a value in them by their pattern;
# words not listed stay as the parser wrote them.
_YAML_WORDS = {
    "while parsing a block mapping": N_("while reading a block mapping"),
    "while parsing a block collection": N_("while reading a block collection"),
    "while parsing a flow sequence": N_("while reading a list in brackets"),
    "while parsing a flow mapping": N_("while reading a mapping in braces"),
    "while parsing a flow node": N_("while reading a value in brackets or braces"),
    "while parsing a block node": N_("while reading a value"),
    "while parsing a node": N_("while reading a value"),
    "while parsing a tag": N_("while reading a tag"),
    "while scanning a simple key": N_("while reading a key"),
    "while scanning a quoted scalar": N_("while reading a quoted text"),
    "while scanning a double-quoted scalar": N_("while reading a text in double quotes"),
    "while scanning a single-quoted scalar": N_("while reading a text in single quotes"),
    "while scanning a block scalar": N_("while reading a block text (| or >)"),
    "while scanning a plain scalar": N_("while reading a value"),
    "while scanning an alias": N_("while reading an alias (*name)"),
    "while scanning an anchor": N_("while reading an anchor (&name)"),
    "while scanning a tag": N_("while reading a tag"),
    "while scanning a directive": N_("while reading a directive"),
    "while scanning for the next token": N_("while reading on"),
    "while composing a mapping": N_("while reading a mapping"),
    "did not find expected ',' or ']'": N_("a `,` or a `]` was expected and is missing"),
    "did not find expected ',' or '}'": N_("a `,` or a `}` was expected and is missing"),
    "did not find expected key": N_("a key was expected and is missing"),
    "did not find expected node content": N_("a value was expected and is missing"),
    "did not find expected '-' indicator": N_("a `-` was expected and is missing"),
    "did not find expected <document start>": N_("the start of a document was expected"),
    "could not find expected ':'": N_("a `:` was expected and is missing"),
    "mapping values are not allowed here": N_("a value (`:`) is not allowed here"),
    "mapping values are not allowed in this context": N_("a value (`:`) is not allowed here"),
    "mapping keys are not allowed here": N_("a key is not allowed here"),
    "sequence entries are not allowed here": N_("a list item (`-`) is not allowed here"),
    "block sequence entries are not allowed in this context":
        N_("a list item (`-`) is not allowed here"),
    "found unexpected end of stream": N_("the text ends too soon"),
    "found unexpected document separator": N_("a document separator (---) is not allowed "
                                              "here"),
    "found character that cannot start any token": N_("a character that cannot begin a "
                                                      "value"),
    "found unknown escape character": N_("an unknown escape (\\)"),
    "found undefined alias": N_("an alias (*name) names no anchor"),
    "found duplicate anchor": N_("an anchor (&name) is given twice"),
    "invalid indentation or unclosed '[' or '{'": N_("the indentation is wrong, or a `[` or "
                                                     "`{` is not closed"),
    "expected a single document in the stream": N_("the file holds more than one document"),
    "but found another document": N_("another document begins here"),
}
_YAML_PATTERNS = (
    (r"found character (.+) that cannot start any token",
     N_("the character {0} cannot begin a value")),
    (r"found unknown escape character (.+)", N_("an unknown escape {0}")),
    (r"found undefined alias (.+)", N_("the alias {0} names no anchor")),
    (r"expected <block end>, but found (.+)", N_("the block ends too soon: {0} is found "
                                                 "instead")),
    (r"expected ',' or '\]', but got (.+)", N_("a `,` or a `]` was expected, not {0}")),
    (r"expected ',' or '}', but got (.+)", N_("a `,` or a `}` was expected, not {0}")),
    (r"expected the node content, but found (.+)", N_("a value was expected, not {0}")),
    (r"expected a comment or a line break, but found (.+)",
     N_("a comment or the end of the line was expected, not {0}")),
    (r"expected alphabetic or numeric character, but found (.+)",
     N_("a letter or a digit was expected, not {0}")),
)


def _yaml_words(text: str) -> str:
    """PyYAML's words for a fault, in the language spoken where they are listed."""
    text = text.strip()
    found = _YAML_WORDS.get(text)
    if found is not None:
        return _(found)
    for pattern, words in _YAML_PATTERNS:
        match = re.fullmatch(pattern, text)
        if match:
            value = match.group(1)
            # PyYAML quotes the value as Python does ('<block mapping start>', '\t').
            if len(value) > 1 and value[0] == value[-1] and value[0] in "'\"":
                value = "`" + value[1:-1] + "`"
            return _(words).format(value)
    return text


def control_character(text: str) -> str | None:
    """The first control character in ``text``, named (``U+001B (ESC)``), or None.

    >>> control_character("Rentoy"), control_character("a\\x1b]0;title\\x07")
    (None, 'U+001B (ESC)')
    """
    found = CONTROL.search(text)
    if found is None:
        return None
    code = ord(found.group())
    name = _NAMES.get(code)
    return f"U+{code:04X}" + (f" ({name})" if name else "")


def text_digest(data: bytes) -> str:
    """A cryptographic digest (BLAKE2b, 128 bits) of ``data``, in hex: what the caches
    tell documents apart by, so that no crafted text can pass for another.

    >>> len(text_digest(b"id: x")), text_digest(b"a") == text_digest(b"b")
    (32, False)
    """
    return digest(data)


class Document(Frozen):
    """Parsed YAML data plus the position of each key path in the file."""

    data: Any
    file: str | None
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    #: :func:`text_digest` of the text the data was parsed from (None when it was not
    #: parsed from a text): the data is a function of it.
    digest: str | None = None

    def location(self, path: Path_ = (), key: bool = False) -> Location:
        """Where ``path`` stands (its key when ``key`` is true), or its nearest parent."""
        path = tuple(path)
        while True:
            if key and path in self.key_marks:
                return Location(self.file, *self.key_marks[path])
            if path in self.marks:
                return Location(self.file, *self.marks[path])
            if not path:
                return Location(self.file, 1, 1)
            path = path[:-1]

    def problem(self, path: Path_, message: str, hint: str | None = None,
                key: bool = False) -> Problem:
        return Problem(message, self.location(path, key), tuple(path), hint)

    def mapping(self, expected: str, *, empty: bool = False) -> dict[Any, Any]:
        """The data, which must be a mapping (or, with ``empty``, an empty file, read as
        an empty mapping); else an :class:`InputError` at the top of the file saying
        ``expected``."""
        if isinstance(self.data, dict):
            return self.data
        if empty and self.data is None:
            return {}
        raise InputError(self.problem((), expected))


class _Walker:
    """Turns a composed YAML node tree into plain data, recording marks."""

    def __init__(self, loader: Any, file: str | None):
        self.loader = loader
        self.file = file
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.key_marks: dict[Path_, tuple[int, int]] = {}
        self.count = 0
        self.characters = 0              # of every key and value met, aliases expanded
        self.merged = 0                  # pairs copied by merge keys
        self.pairs: dict[int, tuple[list[tuple[Any, Any]], int]] = {}
        self.seen: set[int] = set()      # nodes built so far
        self.aliased = False             # whether one was met twice (through an alias)
        self._visits: list[int] = []     # mappings whose merge keys are being resolved

    @staticmethod
    def _pos(node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def _fail(self, node: yaml.Node, path: Path_, message: str, hint: str | None = None
              ) -> InputError:
        return InputError(Problem(message, Location(self.file, *self._pos(node)), path, hint))

    def _alias_hint(self, otherwise: str) -> str:
        return (_("check the YAML aliases (*name): each one repeats what it names")
                if self.aliased else otherwise)

    def _construct(self, node: yaml.Node, path: Path_) -> Any:
        self.characters += len(node.value)
        if self.characters > MAX_EXPANDED_CHARACTERS:
            raise self._fail(node, path, over_limit(
                "MAX_EXPANDED_CHARACTERS", _("the text of the document adds up to too many "
                                             "characters")), self._alias_hint(_(_SPLIT)))
        if node.tag == _INT_TAG:
            digits = sum(ch.isalnum() for ch in node.value)     # hex digits too
            if digits > MAX_DIGITS:
                raise self._fail(node, path, over_limit(
                    "MAX_DIGITS", _("this number has {count} digits").format(
                        count=number(digits))), _("write a smaller number"))
        try:
            value = self.loader.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            if "could not determine a constructor" not in (exc.problem or ""):
                raise
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise self._fail(node, path, _("the tag {tag} is not allowed: rentoy files hold "
                                           "plain data").format(tag=tag),
                             _("remove the tag")) from None
        except yaml.MarkedYAMLError:
            raise
        except Exception:
            # An explicit tag the value does not fit: `!!int abc`, `!!bool maybe` (a
            # KeyError inside PyYAML), `!!timestamp abc`, `!!int "-"` (an IndexError).
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise self._fail(node, path, _("cannot read this value as {tag}: {value}").format(
                tag=tag, value=shown(str(node.value)[:40])),
                _("remove the `!!` tag or fix the value")) from None
        if isinstance(value, str):
            if len(value) > MAX_STRING_LENGTH:
                raise self._fail(node, path, over_limit(
                    "MAX_STRING_LENGTH", _(_TEXT_LENGTH).format(count=number(len(value)))),
                    _("shorten it"))
            control = control_character(value)
            if control is not None:
                raise self._fail(node, path, _(_CONTROL).format(char=control),
                                 _(_CONTROL_HINT))
        return value

    def _merged(self, node: yaml.Node, path: Path_) -> list[tuple[Any, Any]]:
        """The pairs a merge key's value (``<<: *a`` or ``<<: [*a, *b]``) brings in, the
        mappings earlier in a list winning over later ones, each counted."""
        if isinstance(node, yaml.MappingNode):
            sources = [node]
        elif isinstance(node, yaml.SequenceNode) and all(
                isinstance(n, yaml.MappingNode) for n in node.value):
            sources = list(node.value)
        else:
            raise self._fail(node, path, _("a merge key (<<) takes a mapping or a list of "
                                           "mappings"),
                             _("give the alias of a mapping: <<: *name"))
        out: list[tuple[Any, Any]] = []
        keys: set[Any] = set()
        for source in sources:
            if len(self._visits) > MAX_DEPTH:
                raise self._fail(node, path[:4], over_limit(
                    "MAX_DEPTH", _("merge keys (<<) nest too deeply")), _(_SELF_ALIAS))
            if id(source) in self._visits:
                raise self._fail(node, path[:4], _("a merge key (<<) merges a mapping into "
                                                   "itself"),
                                 _("check the YAML aliases (*name)"))
            pairs, _start = self._pairs(source, path)
            self.merged += len(pairs)
            if self.merged > MAX_MERGED_PAIRS:
                raise self._fail(node, path, over_limit(
                    "MAX_MERGED_PAIRS", _("the merge keys (<<) of the document copy too many "
                                          "pairs")),
                    _("write the keys out, or merge fewer mappings"))
            for key_node, value_node in pairs:
                key = self._key(key_node) if isinstance(key_node, yaml.ScalarNode) else None
                if key is not None and key in keys:
                    continue            # an earlier mapping of the list gave it already
                if key is not None:
                    keys.add(key)
                out.append((key_node, value_node))
        return out

    def _key(self, node: yaml.Node) -> Any:
        try:
            key = self.loader.construct_object(node, deep=True)
            hash(key)
        except Exception:       # reported where the key is built
            return None
        return key

    def _pairs(self, node: yaml.MappingNode, path: Path_) -> tuple[list[tuple[Any, Any]], int]:
        """A mapping's pairs with its merge keys (``<<``) resolved, and where the pairs
        written in it start: merged pairs first, so that the written ones win. Worked
        out once per mapping, however many aliases name it."""
        found = self.pairs.get(id(node))
        if found is not None:
            return found
        self._visits.append(id(node))
        try:
            merged: list[tuple[Any, Any]] = []
            written: list[tuple[Any, Any]] = []
            for key_node, value_node in node.value:
                if key_node.tag == _MERGE_TAG:
                    merged += self._merged(value_node, path)
                else:
                    written.append((key_node, value_node))
        finally:
            self._visits.pop()
        found = self.pairs[id(node)] = (merged + written, len(merged))
        return found

    def _collection(self, node: yaml.Node, path: Path_, tags: set[str], mapping: bool
                    ) -> None:
        """Refuse a tagged collection (a mapping, else a list) and one over the length
        limit."""
        if node.tag not in tags:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            text = (_("the tag {tag} is not allowed on a mapping: rentoy files hold plain "
                      "data") if mapping else
                    _("the tag {tag} is not allowed on a list: rentoy files hold plain data"))
            raise self._fail(node, path, text.format(tag=tag), _("remove the tag"))
        if len(node.value) > MAX_LIST_LENGTH:
            text = (_("this mapping has {count} items") if mapping
                    else _("this list has {count} items"))
            raise self._fail(node, path, over_limit(
                "MAX_LIST_LENGTH", text.format(count=number(len(node.value)))),
                _(_SHORTEN_LIST))

    def build(self, node: yaml.Node, path: Path_, depth: int = 0) -> Any:
        self.count += 1
        if id(node) in self.seen:
            self.aliased = True
        self.seen.add(id(node))
        if self.count > MAX_VALUES:
            raise self._fail(node, path, over_limit(
                "MAX_VALUES", _("the document expands to too many values")),
                self._alias_hint(_(_SPLIT)))
        if depth > MAX_DEPTH:
            raise self._fail(node, path[:4], over_limit(
                "MAX_DEPTH", _(_NESTED)), _(_SELF_ALIAS) if self.aliased else _(_FLATTEN))
        self.marks[path] = self._pos(node)
        if isinstance(node, yaml.MappingNode):
            self._collection(node, path, _MAPPING_TAGS, True)
            pairs, start = self._pairs(node, path)
            if len(pairs) > MAX_LIST_LENGTH:
                raise self._fail(node, path, over_limit(
                    "MAX_LIST_LENGTH", _("this mapping has {count} items once its merge keys "
                                         "(<<) are resolved").format(count=number(len(pairs)))),
                    _("write fewer keys"))
            out: dict[Any, Any] = {}
            written: set[Any] = set()
            for i, (key_node, value_node) in enumerate(pairs):
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self._fail(key_node, path, _("a mapping key must be a plain value"))
                key = self._construct(key_node, path)
                if i >= start:    # written here, not merged in (a merged key may be overridden)
                    if key in written:
                        raise self._fail(key_node, path + (key,), _(
                            "duplicate key `{key}` (YAML keeps only the last one)").format(
                                key=str(key)[:60]), _("remove one of the two"))
                    written.add(key)
                self.key_marks[path + (key,)] = self._pos(key_node)
                out[key] = self.build(value_node, path + (key,), depth + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            self._collection(node, path, _SEQUENCE_TAGS, False)
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self._construct(node, path)


class _Bounds:
    """The limits of :mod:`rentoy.core.limits` applied while a document is composed, so that
    a huge list or deep nesting is refused at the first item over the limit, before the
    rest is read."""

    def __init__(self, file: str | None):
        self.file = file
        self.nodes = 0
        self.depth = 0

    def enter(self, mark: Any, parent_mark: Any, items: int) -> None:
        """One more node (``items``: how many its collection already holds)."""
        self.nodes += 1
        if self.nodes > MAX_VALUES:
            self._fail(mark, over_limit("MAX_VALUES", _("the document holds too many values")),
                       _(_SPLIT))
        if items >= MAX_LIST_LENGTH:
            self._fail(parent_mark, over_limit(
                "MAX_LIST_LENGTH", _("this list or mapping has more than {count} items").format(
                    count=number(MAX_LIST_LENGTH))), _(_SHORTEN_LIST))

    def descend(self, mark: Any) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH + 1:
            self._fail(mark, over_limit("MAX_DEPTH", _(_NESTED)), _(_FLATTEN))

    def _fail(self, mark: Any, message: str, hint: str) -> None:
        raise InputError(Problem(message, Location(self.file, mark.line + 1,
                                                   mark.column + 1), hint=hint))


class _BoundedComposer:
    """Mixed into the pure-Python loader: :class:`_Bounds` checked node by node."""

    bounds: _Bounds

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()    # type: ignore[attr-defined]
        self.bounds.enter(event.start_mark, parent.start_mark if parent is not None else None,
                          len(parent.value) if parent is not None else 0)
        collection = isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent))
        if collection:
            self.bounds.descend(event.start_mark)
        node = super().compose_node(parent, index)    # type: ignore[misc]
        if collection:
            self.bounds.depth -= 1
        return node


_bounded_loaders: dict[type, type] = {}


def _bounded(loader_class: type) -> type:
    """``loader_class`` with :class:`_BoundedComposer` mixed in (pure-Python loaders)."""
    if loader_class not in _bounded_loaders:
        _bounded_loaders[loader_class] = type(f"Bounded{loader_class.__name__}",
                                              (_BoundedComposer, loader_class), {})
    return _bounded_loaders[loader_class]


def _check_events(text: str, loader_class: type, file: str | None) -> None:
    """:class:`_Bounds` checked on the event stream, for the C loader (its composer runs
    in C: it cannot be checked as it goes, and its recursion is not stopped by Python)."""
    bounds = _Bounds(file)
    counts: list[int] = []     # items so far in each open collection
    marks: list[Any] = []
    loader = loader_class(text)
    try:
        while True:
            event = loader.get_event()
            if event is None or isinstance(event, yaml.StreamEndEvent):
                return
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                counts.pop()
                marks.pop()
                bounds.depth -= 1
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            if counts:
                counts[-1] += 1
            # A mapping's items are its keys and values: two events a pair.
            held = (counts[-1] - 1) // (2 if isinstance(marks[-1], tuple) else 1) \
                if counts else 0
            bounds.enter(event.start_mark, marks[-1][0] if marks and isinstance(
                marks[-1], tuple) else (marks[-1] if marks else None), held)
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                bounds.descend(event.start_mark)
                counts.append(0)
                marks.append((event.start_mark,) if isinstance(event, yaml.MappingStartEvent)
                             else event.start_mark)
    finally:
        loader.dispose()


def parse_document(text: str, file: str | None = None, *, loader: type | None = None,
                   digest: str | None = None) -> Document:
    """Parse YAML text safely, keeping positions. Raises :class:`InputError`.

    ``loader``: one of :data:`SAFE_LOADERS` (default :data:`LOADER`); ``digest``: the
    text's :func:`text_digest`, when the caller has it already.
    """
    loader_class = _default_loader() if loader is None else loader
    if len(text) > MAX_FILE_BYTES:
        raise InputError(Problem(over_limit(
            "MAX_FILE_BYTES", _(_TEXT_LENGTH).format(count=number(len(text)))),
            Location(file), hint=_(_SPLIT_SMALLER)))
    reader = None
    try:
        if issubclass(loader_class, yaml.composer.Composer):
            reader = _bounded(loader_class)(text)   # checks every character first
            reader.bounds = _Bounds(file)
        else:
            _check_events(text, loader_class, file)
            reader = loader_class(text)
        node = reader.get_single_node()
        if digest is None:
            digest = text_digest(text.encode("utf-8", "surrogatepass"))
        if node is None:
            return Document(None, file, digest=digest)
        walker = _Walker(reader, file)
        data = walker.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file, 1, 1)
        what = " ".join(p for p in (exc.context, exc.problem) if p)
        if "maximum nesting depth" in what:     # libyaml's own bound, met before ours
            raise InputError(Problem(over_limit("MAX_DEPTH", _(_NESTED)), where,
                                     hint=_(_FLATTEN))) from None
        if language() != "en":
            what = ", ".join(_yaml_words(p) for p in (exc.context, exc.problem) if p)
        hint = _("check the indentation and quoting near this line")
        context = exc.context_mark
        if context is not None and mark is not None and context.line != mark.line:
            # An unclosed bracket or quote is found where parsing gave up; say where it began.
            hint = _("what is unfinished began at line {line}, column {column}; {hint}").format(
                line=context.line + 1, column=context.column + 1, hint=hint)
        raise InputError(Problem(_("this is not valid YAML: {what}").format(what=what), where,
                                 hint=hint)) from None
    except yaml.reader.ReaderError as exc:
        # A character YAML does not allow (a control character, say): point at it.
        before = text[:exc.position] if isinstance(exc.position, int) else ""
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        char = (f"U+{exc.character:04X}" if isinstance(exc.character, int)
                else repr(exc.character))
        raise InputError(Problem(
            _("this is not valid YAML: the character {char} is not allowed").format(char=char),
            Location(file, line, column), hint=_("remove it or write it as an escape "
                                                 "inside double quotes"))) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(_("this is not valid YAML: {what}").format(what=exc),
                                 Location(file, 1, 1))) from None
    except RecursionError:    # a pure-Python loader whose nesting is not bounded above
        raise InputError(Problem(over_limit("MAX_DEPTH", _(_NESTED_TO_READ)),
                                 Location(file, 1, 1), hint=_(_FLATTEN))) from None
    finally:
        if reader is not None:
            reader.dispose()
    return Document(data, file, walker.marks, walker.key_marks, digest)


def file_stamp(path: str | Path) -> int:
    """When a file last changed (nanoseconds), or -1 when it cannot be looked up: a
    cache keyed on it is read again once the file is edited, replaced or removed."""
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


# What a file that is not a regular file is (English, marked for the catalog).
_SPECIAL = ((stat.S_ISFIFO, N_("a FIFO (named pipe)")),
            (stat.S_ISCHR, N_("a character device")),
            (stat.S_ISBLK, N_("a block device")), (stat.S_ISSOCK, N_("a socket")))


def _kind(mode: int) -> str | None:
    """What a special file is (English, marked for the catalog), or None for a regular
    file."""
    if stat.S_ISDIR(mode):
        return N_("a directory")
    for test, name in _SPECIAL:
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else N_("not a regular file")


def read_text(path: str | Path, kind: str = "YAML") -> str:
    """The UTF-8 text of a file, read bounded: at most
    :data:`~rentoy.core.limits.MAX_FILE_BYTES` + 1 bytes are read, and directories,
    devices and FIFOs are refused without being read (a FIFO without being opened).
    Raises :class:`InputError` naming the file; ``kind`` (``YAML``, ``JSON``) is the
    kind of file the messages ask for."""
    path = Path(path)
    where = Location(str(path))
    try:
        kind_of = _kind(os.stat(path).st_mode)
        if kind_of is None:
            # O_NONBLOCK: should the file be swapped for a FIFO since, opening it
            # does not wait for a writer.
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as handle:
                kind_of = _kind(os.fstat(handle.fileno()).st_mode)
                raw = b"" if kind_of else handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(Problem(_("no such file"), where)) from None
    except NotADirectoryError:
        raise InputError(Problem(_("no such file: a part of the path is not a folder"),
                                 where)) from None
    except PermissionError as exc:
        raise InputError(Problem(_(_CANNOT_READ).format(why=_reason(exc)), where,
                                 hint=_("check the permissions of the file and of the "
                                        "folders above it"))) from None
    except OSError as exc:
        raise InputError(Problem(_(_CANNOT_READ).format(why=_reason(exc)),
                                 where)) from None
    except ValueError:   # e.g. a NUL byte in the name
        raise InputError(Problem(_("this is not a usable file name"),
                                 Location(repr(str(path))))) from None
    if kind_of:
        raise InputError(Problem(_("this is {what}, not a {kind} file").format(
            what=_(kind_of), kind=kind), where,
            hint=_("give the path of a .{suffix} file").format(suffix=kind.lower())))
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(Problem(over_limit("MAX_FILE_BYTES", _("this file is larger")), where,
                                 hint=_(_SPLIT_SMALLER)))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start]
        raise InputError(Problem(
            _("this file is not UTF-8 text ({reason})").format(reason=exc.reason),
            Location(str(path), before.count(b"\n") + 1,
                     exc.start - (before.rfind(b"\n") + 1) + 1),
            hint=_("save it as UTF-8"))) from None


def _reason(exc: OSError) -> str:
    """The system's words for a failure to read, in the language spoken."""
    from ..core.files import describe_os_error  # at use: start-up (bench/startup.py)

    return describe_os_error(exc, writing=False)[0]


def load_json(path: str | Path) -> Any:
    """Read (bounded, see :func:`read_text`) and parse a JSON file. Raises
    :class:`InputError` naming the file and, for what is in it, the line: text that
    is not JSON, nesting too deep to read, a number with too many digits, a control
    character in a string.

    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "s.json"
    >>> _ = path.write_text('{"address": "tcp://host:8786",\\n "id": [}')
    >>> load_json(path)
    Traceback (most recent call last):
    ...
    rentoy.core.errors.InputError: .../s.json:2:9: this is not valid JSON: expecting value ...
    """
    import json  # at use: start-up (bench/startup.py)

    text = read_text(path, "JSON")
    file = str(path)

    def at(position: int, message: str, hint: str | None = None) -> InputError:
        before = text[:position]
        return InputError(Problem(message, Location(
            file, before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1),
            hint=hint))

    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise at(exc.pos, _("this is not valid JSON: {what}").format(
            what=exc.msg[:1].lower() + exc.msg[1:]),
            _("check the brackets, commas and quotes near this place")) from None
    except RecursionError:
        raise InputError(Problem(over_limit("MAX_DEPTH", _(_NESTED_TO_READ)),
                                 Location(file, 1, 1), hint=_(_FLATTEN))) from None
    except _TooLong as exc:
        found = re.search(r"\d{%d,}" % (MAX_DIGITS + 1), text)
        raise at(found.start() if found else 0, over_limit(
            "MAX_DIGITS", _("this number has {count} digits").format(
                count=number(exc.args[0]))), _("write a smaller number")) from None
    for match in _JSON_CONTROL.finditer(text):
        char = match.group()
        code = int(char[2:], 16) if char.startswith("\\") else ord(char)
        if CONTROL.match(chr(code)):
            raise at(match.start(), _(_CONTROL).format(char=control_character(chr(code))),
                     _(_CONTROL_HINT))
    return data


class _TooLong(ValueError):
    """A JSON number with more digits than :data:`~rentoy.core.limits.MAX_DIGITS`."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(len(text.lstrip("-")))
    return int(text)


# A control character in JSON text: written out (DEL and the C1 range are allowed
# raw in JSON strings) or as a \u escape.
_JSON_CONTROL = re.compile(r"[\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
                           r"|\\u(?:00[01][0-9a-fA-F]|007[fF]|00[89][0-9a-fA-F]"
                           r"|202[a-eA-E]|206[6-9])")


def load_document(path: str | Path, *, loader: type | None = None) -> Document:
    """Read (bounded, see :func:`read_text`) and parse a YAML file. Raises
    :class:`InputError` naming the file.

    A document parsed without problems is remembered on disk (in rentoy's cache folder,
    :func:`rentoy.core.caches.cache_dir`, sealed and checked on every read), keyed by a
    digest (BLAKE2) of its text: reading the same text again returns the same data and
    positions without parsing it, or even importing PyYAML. Only the default loader's
    results are kept.
    """
    text = read_text(path)
    digest = text_digest(text.encode("utf-8", "surrogatepass"))
    cacheable = loader is None and globals().get("LOADER") in (None, globals().get("_CHOSEN"))
    if cacheable:
        found = _parsed.get(text, str(path), digest)
        if found is not None:
            return found
    doc = parse_document(text, str(path), loader=loader, digest=digest)
    if cacheable:
        _parsed.put(text, doc)
    return doc


class _ParsedCache:
    """Parsed documents by a digest of their text, in one sealed cache file
    (:mod:`rentoy.core.caches`) written atomically.

    The file's payload is checked against its digest before it is read; each entry then
    carries its own digest, of its content and of the text it was parsed from (with
    rentoy's version and the cache's format), checked before the entry is used, and
    what it gives back must be plain data (mappings, lists, text, numbers). Only then is
    it read with :mod:`marshal`, which builds values and never runs anything. A document
    holding anything else (a date, say) is simply not kept; an entry or a file that
    fails a check is dropped and the document parsed again."""

    _FILE = "parsed-documents.marshal"
    _KIND = "parsed-documents"
    _VERSION = 3        # 3: sealed, every entry with its own digest
    _KEEP = 256
    #: The largest cache file read back, and the largest entry kept, in bytes.
    LIMIT, ENTRY_LIMIT = 32_000_000, 2_000_000

    def __init__(self) -> None:
        self._entries: dict[str, tuple[str, bytes]] | None = None

    def _folder(self) -> Path | None:
        from ..core.caches import cache_dir

        return cache_dir()

    def _made_from(self) -> str:
        return f"{self._KIND}/{self._VERSION}"

    def _load(self) -> dict[str, tuple[str, bytes]]:
        if self._entries is None:
            self._entries = {}
            from ..core.caches import read_sealed

            blob = read_sealed(self._folder(), self._FILE, self._KIND, self._made_from(),
                               self.LIMIT)
            if blob is not None:
                import marshal  # at use: start-up (bench/startup.py)

                try:
                    raw = marshal.loads(blob)     # vouched for by the file's digest
                except (ValueError, EOFError, TypeError):
                    raw = None
                if isinstance(raw, dict):
                    self._entries = {k: v for k, v in raw.items() if isinstance(k, str)
                                     and isinstance(v, tuple) and len(v) == 2
                                     and isinstance(v[0], str) and isinstance(v[1], bytes)}
        return self._entries

    @staticmethod
    def _key(text: str) -> str:
        return text_digest(text.encode("utf-8", "surrogatepass"))

    def get(self, text: str, file: str, digest: str | None = None) -> Document | None:
        from ..core.caches import entry_ok

        key = digest or self._key(text)
        entry = self._load().get(key)
        if entry is None:
            return None
        sealed, blob = entry
        if not entry_ok(key, blob, sealed):
            del self._entries[key]       # type: ignore[union-attr]  # loaded above
            return None
        import marshal  # at use: start-up (bench/startup.py)

        try:
            found = marshal.loads(blob)
        except (ValueError, EOFError, TypeError):
            return None
        if not (isinstance(found, tuple) and len(found) == 3 and _plain(found[0])
                and _marks_ok(found[1]) and _marks_ok(found[2])):
            return None
        data, marks, key_marks = found
        return Document(data, file, marks, key_marks, key)

    def put(self, text: str, doc: Document) -> None:
        import marshal  # at use: start-up (bench/startup.py)

        from ..core.caches import seal_entry

        if not _plain(doc.data):        # a date, say: not kept
            return
        try:
            blob = marshal.dumps((doc.data, doc.marks, doc.key_marks))
        except ValueError:           # a value marshal does not keep: not cached
            return
        if len(blob) > self.ENTRY_LIMIT:
            return
        entries = self._load()
        key = doc.digest or self._key(text)
        if key in entries and entries[key][1] == blob:
            return
        entries[key] = (seal_entry(key, blob), blob)
        while len(entries) > self._KEEP:
            del entries[next(iter(entries))]
        from ..core.caches import write_sealed

        write_sealed(self._folder(), self._FILE, self._KIND, self._made_from(),
                     marshal.dumps(entries))


#: The types of plain data: what a document may hold to be kept in the cache.
_PLAIN = (str, int, float, bool, type(None))


def _plain(value: Any) -> bool:
    """Whether ``value`` is plain data: mappings, lists, text, numbers, true, false and
    null, all the way down (what YAML's safe loader gives, dates and sets aside)."""
    stack, seen = [value], set()
    while stack:
        item = stack.pop()
        if isinstance(item, _PLAIN):
            continue
        if id(item) in seen:          # shared through a YAML alias: checked once
            continue
        seen.add(id(item))
        if type(item) is dict:
            for k in item:
                if not isinstance(k, _PLAIN):
                    return False
            stack.extend(item.values())
        elif type(item) is list:
            stack.extend(item)
        else:
            return False
    return True


def _marks_ok(marks: Any) -> bool:
    """Whether ``marks`` is a mapping of key paths to (line, column)."""
    return type(marks) is dict and all(
        type(k) is tuple and all(type(p) in (str, int) for p in k)
        and type(v) is tuple and len(v) == 2 and type(v[0]) is int and type(v[1]) is int
        for k, v in marks.items())


_parsed = _ParsedCache()
