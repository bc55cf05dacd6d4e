"""Frozen value classes that cost nothing to define: the data every command loads.

A :class:`Frozen` subclass is declared as a frozen dataclass is (annotated fields in
order, defaults, :func:`field` for a default factory or a field left out of equality)
and behaves as one: construction by position or keyword, value equality and hashing
over the compared fields, a repr, attributes that cannot be set, :func:`replace` and
:func:`fields`. ``class Variant(Frozen, eq=False)`` keeps identity equality.

Why not ``dataclasses.dataclass``: it writes and compiles five or six methods for
each class as the class is made, and importing it brings ``inspect``. The value
classes a command needs before it prints anything (a variant, its rules and their
provenance, the sources, problems, the output's tables) spent about a third of the
command line's start-up there (``bench/startup.py``); here the methods are written
once, for every class.

The house has one value class off the hot path, the frozen dataclass; ``Frozen`` only
for the values a command loads before it prints (where ``bench/startup.py`` shows the
gain), and named tuples where the engine's loop makes records by the million
(``rentoy.engine.hand``, ``rentoy.engine.rules.Betting``).

>>> class Point(Frozen):
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p == Point(1, 0), replace(p, y=2)
(Point(x=1, y=0), True, Point(x=1, y=2))
>>> p.x = 5
Traceback (most recent call last):
...
rentoy.core.frozen.FrozenError: cannot assign to field 'x' of a Point: it is frozen
"""

from __future__ import annotations

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, Callable, ClassVar, TypeVar, dataclass_transform

    _R = TypeVar("_R", bound="Frozen")
else:
    def dataclass_transform(**_: object) -> object:
        """Only type checkers read it: here it leaves the class as it is."""
        return lambda cls: cls

__all__ = ["Frozen", "field", "replace", "fields", "FrozenError"]

_MISSING: Any = object()


class FrozenError(AttributeError):
    """An attempt to set or delete an attribute of a :class:`Frozen` value."""


class _Field:
    """What :func:`field` says of one field."""

    __slots__ = ("default", "factory", "compare", "repr")

    def __init__(self, default: Any, factory: Callable[[], Any] | None, compare: bool,
                 repr: bool):
        self.default, self.factory, self.compare, self.repr = default, factory, compare, repr


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] | None = None,
          compare: bool = True, repr: bool = True) -> Any:
    """A field's default (``default``, or ``default_factory`` called for each value),
    and whether it takes part in equality and hashing (``compare``) and in the repr."""
    return _Field(default, default_factory, compare, repr)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen:
    """The base of the frozen value classes (see the module)."""

    __slots__ = ()
    _fields_: ClassVar[tuple[str, ...]] = ()
    _defaults_: ClassVar[tuple[tuple[str, Any, Callable[[], Any] | None], ...]] = ()
    _compared_: ClassVar[tuple[str, ...]] = ()
    _shown_: ClassVar[tuple[str, ...]] = ()
    _post_init_: ClassVar[Callable[[Any], None] | None] = None
    _known_: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, *, eq: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A class extending another has its fields first, as a dataclass would.
        names, compared, shown = list(cls._fields_), list(cls._compared_), list(cls._shown_)
        defaults: list[tuple[str, Any, Callable[[], Any] | None]] = list(cls._defaults_)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            spec = cls.__dict__.get(name, _MISSING)
            if isinstance(spec, _Field):
                if spec.default is not _MISSING or spec.factory is not None:
                    defaults.append((name, spec.default, spec.factory))
                elif defaults:
                    raise TypeError(f"{cls.__name__}.{name}: a field without a default "
                                    "follows one with a default")
                compare, show = spec.compare, spec.repr
                if spec.default is _MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, spec.default)
            else:
                if spec is not _MISSING:
                    defaults.append((name, spec, None))
                elif defaults:
                    raise TypeError(f"{cls.__name__}.{name}: a field without a default "
                                    "follows one with a default")
                compare = show = True
            names.append(name)
            if compare:
                compared.append(name)
            if show:
                shown.append(name)
        cls._fields_, cls._defaults_, cls._known_ = tuple(names), tuple(defaults), frozenset(names)
        cls._compared_, cls._shown_ = tuple(compared), tuple(shown)
        type.__setattr__(cls, "__match_args__", tuple(names))    # for `case Point(x, y)`
        cls._post_init_ = getattr(cls, "__post_init__", None)
        if not eq:
            cls.__eq__ = object.__eq__              # type: ignore[method-assign]
            cls.__hash__ = object.__hash__          # type: ignore[method-assign]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names = self._fields_
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} positional "
                            f"arguments but {len(args)} were given")
        given = dict(zip(names, args))
        for name in kwargs:
            if name in given:
                raise TypeError(f"{type(self).__name__}() got multiple values for {name!r}")
            if name not in self._known_:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword {name!r}")
        given.update(kwargs)
        if len(given) != len(names):
            for name, default, factory in self._defaults_:
                if name not in given:
                    given[name] = factory() if factory is not None else default
            if len(given) != len(names):
                raise TypeError(f"{type(self).__name__}() is missing "
                                + ", ".join(repr(n) for n in names if n not in given))
        object.__setattr__(self, "__dict__", {n: given[n] for n in names})
        if self._post_init_ is not None:
            self._post_init_()

    def _key(self) -> tuple[Any, ...]:
        values = self.__dict__
        return tuple(values[n] for n in self._compared_)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Frozen) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        values = self.__dict__
        return f"{type(self).__qualname__}(" + ", ".join(
            f"{n}={values[n]!r}" for n in self._shown_) + ")"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError(f"cannot assign to field {name!r} of a "
                                f"{type(self).__name__}: it is frozen")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r} of a "
                                f"{type(self).__name__}: it is frozen")


def replace(value: _R, /, **changes: Any) -> _R:
    """A copy of ``value`` with the fields named in ``changes`` set to new values."""
    if not isinstance(value, Frozen):
        raise TypeError(f"replace() takes a Frozen value, not {type(value).__name__}")
    return type(value)(**{**value.__dict__, **changes})


def fields(value: Frozen | type[Frozen]) -> tuple[str, ...]:
    """The names of the fields of a :class:`Frozen` class (or of an instance's), in
    order."""
    return value._fields_
