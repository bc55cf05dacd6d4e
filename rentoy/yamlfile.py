"""Safe YAML loading that remembers where every key and value stands.

Variant and walkthrough files are read with PyYAML's safe loader only. Beside the
plain data, a :class:`Document` keeps the line and column of every mapping key and
value, so an error about ``rules.arrastre`` can point at the line that wrote it.
Duplicate keys are refused (YAML would silently keep the last one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, Location, Problem

__all__ = ["Document", "load_document", "parse_document"]

Path_ = tuple[str | int, ...]


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

    @staticmethod
    def _pos(node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def build(self, node: yaml.Node, path: Path_) -> Any:
        self.marks[path] = self._pos(node)
        if isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)  # resolves YAML merge keys (<<)
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = self.loader.construct_object(key_node, deep=True)
                if isinstance(key, (list, dict)):
                    raise InputError(Problem("a mapping key must be a plain value",
                                             Location(self.file, *self._pos(key_node)), path))
                if key in out:
                    raise InputError(Problem(
                        f"duplicate key `{key}` (YAML keeps only the last one)",
                        Location(self.file, *self._pos(key_node)), path + (key,),
                        "remove one of the two"))
                self.key_marks[path + (key,)] = self._pos(key_node)
                out[key] = self.build(value_node, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self.loader.construct_object(node, deep=True)


def parse_document(text: str, file: str | None = None) -> Document:
    """Parse YAML text safely, keeping positions. Raises :class:`InputError`."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Document(None, file)
        walker = _Walker(loader, file)
        data = walker.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file)
        what = " ".join(p for p in (exc.context, exc.problem) if p)
        raise InputError(Problem(f"this is not valid YAML: {what}", where,
                                 hint="check the indentation and quoting near this line")) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(f"this is not valid YAML: {exc}", Location(file))) from None
    finally:
        loader.dispose()
    return Document(data, file, walker.marks, walker.key_marks)


def load_document(path: str | Path) -> Document:
    """Read and parse a YAML file. Raises :class:`InputError` naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Problem("no such file", Location(str(path)))) from None
    except IsADirectoryError:
        raise InputError(Problem("this is a directory, not a YAML file",
                                 Location(str(path)))) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"this file is not UTF-8 text ({exc.reason})",
                                 Location(str(path)))) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read this file: {exc.strerror}",
                                 Location(str(path)))) from None
    return parse_document(text, str(path))
