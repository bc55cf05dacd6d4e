"""Safe YAML loading that remembers where every key and value stands.

Variant and walkthrough files are read with PyYAML's safe loader only. Beside the
plain data, a :class:`Document` keeps the line and column of every mapping key and
value, so an error about ``rules.arrastre`` can point at the line that wrote it.
Duplicate keys are refused (YAML would silently keep the last one), and so are
documents nested deeper than :data:`MAX_DEPTH` or expanding (through aliases) to more
than :data:`MAX_VALUES` values: every failure is an :class:`~rentoy.errors.InputError`
naming the file and the line, never a crash of the parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, Location, Problem

__all__ = ["Document", "load_document", "parse_document", "file_stamp", "MAX_DEPTH",
           "MAX_VALUES"]

Path_ = tuple[str | int, ...]

#: The deepest nesting of mappings and lists accepted (variant files need about 6).
MAX_DEPTH = 64
#: The most values a document may expand to; YAML aliases can otherwise blow a few
#: lines up into billions of values.
MAX_VALUES = 200_000


@dataclass(frozen=True)
class Document:
    """Parsed YAML data plus the position of each key path in the file."""

    data: Any
    file: str | None
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)

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


class _Walker:
    """Turns a composed YAML node tree into plain data, recording marks."""

    def __init__(self, loader: yaml.SafeLoader, file: str | None):
        self.loader = loader
        self.file = file
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.key_marks: dict[Path_, tuple[int, int]] = {}
        self.count = 0
        self.flattened: dict[int, int] = {}

    @staticmethod
    def _pos(node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def _fail(self, node: yaml.Node, path: Path_, message: str, hint: str | None = None
              ) -> InputError:
        return InputError(Problem(message, Location(self.file, *self._pos(node)), path, hint))

    def _construct(self, node: yaml.Node, path: Path_) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.MarkedYAMLError:
            raise
        except (ValueError, TypeError, OverflowError) as exc:
            # An explicit tag the value does not fit, e.g. `!!int abc`.
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise self._fail(node, path, f"cannot read this value as {tag}: {exc}",
                             "remove the `!!` tag or fix the value") from None

    def _flatten(self, node: yaml.MappingNode) -> int:
        """Resolve YAML merge keys (``<<``) in place; return where the written pairs start.

        Merged pairs come first and the pairs written in the mapping after them, so
        the written ones win. An aliased mapping is flattened once, when first met.
        """
        if id(node) not in self.flattened:
            written = sum(1 for key, _ in node.value if key.tag != "tag:yaml.org,2002:merge")
            self.loader.flatten_mapping(node)
            self.flattened[id(node)] = len(node.value) - written
        return self.flattened[id(node)]

    def build(self, node: yaml.Node, path: Path_, depth: int = 0) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise self._fail(node, path, f"the document expands to more than {MAX_VALUES:,} "
                             "values", "check the YAML aliases (*name)")
        if depth > MAX_DEPTH:
            raise self._fail(node, path[:4], f"the document is nested more than {MAX_DEPTH} "
                             "levels deep", "a YAML alias may refer to itself")
        self.marks[path] = self._pos(node)
        if isinstance(node, yaml.MappingNode):
            start = self._flatten(node)
            out: dict[Any, Any] = {}
            written: set[Any] = set()
            for i, (key_node, value_node) in enumerate(node.value):
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self._fail(key_node, path, "a mapping key must be a plain value")
                key = self._construct(key_node, path)
                if i >= start:    # written here, not merged in (a merged key may be overridden)
                    if key in written:
                        raise self._fail(key_node, path + (key,), f"duplicate key `{key}` "
                                         "(YAML keeps only the last one)", "remove one of the two")
                    written.add(key)
                self.key_marks[path + (key,)] = self._pos(key_node)
                out[key] = self.build(value_node, path + (key,), depth + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self._construct(node, path)


# PyYAML's C parser (libyaml, when PyYAML was built with it) reads the variant files
# about twenty times faster than the pure one and keeps positions the same. Text with a
# character YAML forbids goes to the pure parser, which checks every character first
# and says which one.
_FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _loader(text: str) -> yaml.SafeLoader:
    if yaml.reader.Reader.NON_PRINTABLE.search(text):
        return yaml.SafeLoader(text)
    return _FastLoader(text)  # type: ignore[return-value]


def parse_document(text: str, file: str | None = None) -> Document:
    """Parse YAML text safely, keeping positions. Raises :class:`InputError`."""
    loader = None
    try:
        loader = _loader(text)
        node = loader.get_single_node()
        if node is None:
            return Document(None, file)
        walker = _Walker(loader, file)
        data = walker.build(node, ())
    except yaml.MarkedYAMLError as exc:
        if "maximum nesting depth" in (exc.problem or ""):    # libyaml's own depth limit
            raise InputError(Problem(f"the document is nested too deeply to read (more than "
                                     f"{MAX_DEPTH} levels)", Location(file, 1, 1))) from None
        mark = exc.problem_mark or exc.context_mark
        where = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file, 1, 1)
        what = " ".join(p for p in (exc.context, exc.problem) if p)
        hint = "check the indentation and quoting near this line"
        context = exc.context_mark
        if context is not None and mark is not None and context.line != mark.line:
            # An unclosed bracket or quote is found where parsing gave up; say where it began.
            hint = (f"what is unfinished began at line {context.line + 1}, column "
                    f"{context.column + 1}; {hint}")
        raise InputError(Problem(f"this is not valid YAML: {what}", where, hint=hint)) from None
    except yaml.reader.ReaderError as exc:
        # A character YAML does not allow (a control character, say): point at it.
        before = text[:exc.position] if isinstance(exc.position, int) else ""
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        char = (f"U+{exc.character:04X}" if isinstance(exc.character, int)
                else repr(exc.character))
        raise InputError(Problem(
            f"this is not valid YAML: the character {char} is not allowed",
            Location(file, line, column), hint="remove it or write it as an escape "
            "inside double quotes")) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(f"this is not valid YAML: {exc}", Location(file, 1, 1))) from None
    except RecursionError:
        raise InputError(Problem(f"the document is nested too deeply to read (more than "
                                 f"{MAX_DEPTH} levels)", Location(file, 1, 1))) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Document(data, file, walker.marks, walker.key_marks)


def file_stamp(path: str | Path) -> int:
    """When a file last changed (nanoseconds), or -1 when it cannot be looked up: a
    cache keyed on it is read again once the file is edited, replaced or removed."""
    try:
        return Path(path).stat().st_mtime_ns
    except OSError:
        return -1


def load_document(path: str | Path) -> Document:
    """Read and parse a YAML file. Raises :class:`InputError` naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise InputError(Problem("no such file", Location(str(path)))) from None
    except IsADirectoryError:
        raise InputError(Problem("this is a directory, not a YAML file",
                                 Location(str(path)))) from None
    except UnicodeDecodeError as exc:
        before = raw[:exc.start]
        raise InputError(Problem(
            f"this file is not UTF-8 text ({exc.reason})",
            Location(str(path), before.count(b"\n") + 1, exc.start - (before.rfind(b"\n") + 1) + 1),
            hint="save it as UTF-8")) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read this file: {exc.strerror}",
                                 Location(str(path)))) from None
    except ValueError:   # e.g. a NUL byte in the name
        raise InputError(Problem("this is not a usable file name",
                                 Location(repr(str(path))))) from None
    return parse_document(text, str(path))
