"""Library errors as build errors: a directive's refused input, reported where it lies.

Every directive reads its input through the library (no second parser) and turns a
library error into a build error at the file and line the library names, or at the
directive when the library names none; the page is then marked failed (see
:mod:`rentoy.sphinxext.tracking`), so the build's exit status is 1 even without ``-W``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from sphinx.util import logging

from ..model.cards import CardError
from ..core.errors import InputError, RentoyError
from .shared import mark_failed

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

__all__ = ["logger", "Failure", "failure_from", "library_errors", "report_failure"]

logger = logging.getLogger("rentoy.sphinxext")


class Failure(Exception):
    """A directive's input was refused by the library: located messages to report.

    ``messages`` holds ``(text, location)`` pairs; a location is ``"file:line"`` or
    None for the directive's own position.
    """

    def __init__(self, messages: Sequence[tuple[str, str | None]]):
        self.messages = tuple(messages)
        super().__init__("\n".join(text for text, _ in self.messages))


def _problem_location(problem: Any) -> str | None:
    loc = problem.location
    if not loc.file:
        return None
    return f"{loc.file}:{loc.line}" if loc.line is not None else f"{loc.file}:"


def failure_from(exc: BaseException) -> Failure:
    """The located messages of a library error (input problems, refused actions)."""

    if isinstance(exc, Failure):
        return exc
    if isinstance(exc, InputError):
        return Failure([(p.detail, _problem_location(p)) for p in exc.problems])
    return Failure([(str(exc), None)])


def library_errors() -> tuple[type[BaseException], ...]:
    """The exceptions the library raises for input it refuses."""

    return (RentoyError, CardError, Failure)


def report_failure(env: BuildEnvironment, failure: Failure, location: Any,
                   context: str | None = None) -> None:
    """Log each message of ``failure`` as a build error and mark the page failed.

    A message with no location of its own is reported at ``location`` (the directive
    or role); one located in an input file is reported there, with ``context`` (the
    directive or role that read the file) appended so the page is named too.
    """

    for text, where in failure.messages:
        logger.error(f"{text} [{context}]" if where and context else text,
                     location=where or location)
    mark_failed(env, env.docname)
