"""Typed errors: bad input (with a location) and refused actions (with a reason).

Every error a user can cause is a :class:`RentoyError`. Input errors carry one or
more :class:`Problem` objects, each naming the file, line, column and key path; the
command line prints them and exits with status 2. A refused game action is an
:class:`IllegalAction`, a :class:`ValueError` with a stable reason code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from .frozen import Frozen, field
from .i18n import _

__all__ = [
    "RentoyError", "Location", "Problem", "InputError", "VariantError",
    "WalkthroughError", "IllegalAction", "suggest",
]


class RentoyError(Exception):
    """Base class of every error rentoy raises on purpose."""


class Location(Frozen):
    """Where something stands in a file: 1-based line and column."""

    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class Problem(Frozen):
    """One thing wrong with an input: where, which key, what, and what would be right."""

    message: str
    location: Location = field(default_factory=Location)
    path: tuple[str | int, ...] = ()
    hint: str | None = None

    @property
    def key_path(self) -> str:
        out = ""
        for part in self.path:
            out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
        return out

    @property
    def detail(self) -> str:
        """What is wrong, without the location: ``key.path: message (hint)``."""
        text = f"{self.key_path}: " if self.path else ""
        text += self.message
        if self.hint:
            text += f" ({self.hint})"
        return text

    def __str__(self) -> str:
        loc = self.location
        where = "" if loc.file is None and loc.line is None else f"{loc}: "
        return where + self.detail


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a misspelt name, or None when nothing is close."""
    import difflib      # only when something is misspelt: not at every start

    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return _("did you mean `{word}`?").format(word=close[0]) if close else None


class InputError(RentoyError, ValueError):
    """A file or argument that cannot be used, with every problem found in it."""

    def __init__(self, problems: Problem | Sequence[Problem]):
        self.problems: tuple[Problem, ...] = (
            (problems,) if isinstance(problems, Problem) else tuple(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, message: str, file: str | Path | None = None, line: int | None = None,
           column: int | None = None, path: Sequence[str | int] = (),
           hint: str | None = None) -> "InputError":
        """One problem at one place."""
        return cls(Problem(message, Location(str(file) if file else None, line, column),
                           tuple(path), hint))


class VariantError(InputError):
    """A variant file (or variant id) that cannot be loaded."""


class WalkthroughError(InputError):
    """A walkthrough file that cannot be run."""


class IllegalAction(RentoyError, ValueError):
    """An action the rules refuse. The state it was tried on is left unchanged.

    ``reason`` is a stable code (``arrastre``, ``not-your-turn``, ...; see
    :data:`rentoy.engine.REASONS`); ``rule`` names the variant rule behind the
    refusal (None for plain turn-taking), ``variant`` the variant id, ``source`` the
    rule's source ids, and ``legal_under`` the built-in variants and options under
    which the same action, in the same position, would have been legal.
    """

    def __init__(self, reason: str, message: str, *, action: object = None,
                 rule: str | None = None, variant: str | None = None,
                 source: tuple[str, ...] = (), legal_under: tuple[str, ...] = ()):
        self.reason = reason
        self.action = action
        self.rule = rule
        self.variant = variant
        self.source = source
        self.legal_under = legal_under
        self.detail = message
        text = f"{message} [{reason}]"
        if rule:
            origin = _("rule `{rule}` of variant {variant}").format(rule=rule, variant=variant)
            if source:
                origin += _(", source: {sources}").format(sources=", ".join(source))
            text += f" ({origin})"
        if legal_under:
            text += _("; legal under {variants}").format(variants=", ".join(legal_under))
        super().__init__(text)
