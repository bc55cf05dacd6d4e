"""Every bound rentoy holds its input to, named: files, numbers, variants, counts,
lines, messages.

Every file rentoy reads (variants, walkthroughs, the bibliography, the glossary, the
JSON schemas) is held to the same limits, each far above what a real file needs and low
enough that a damaged or hostile file is refused in well under a second, before any
play: a file is read at most :data:`MAX_FILE_BYTES` + 1 bytes (so ``/dev/zero`` or a
huge file is refused without reading it all), and devices, FIFOs and other special
files are refused without being opened. A value over a limit is an
:class:`~rentoy.core.errors.InputError` at its line, naming the limit and what to do
(:func:`over_limit`).

The numbers that size the work of a game (players, cards, tricks, the ladder, the
target, the match) are bounded as rules of the variant, with its other rules
(:func:`rentoy.model.consistency.rule_problems`, and the ``maximum`` of each in the rule table,
:mod:`rentoy.model.ruletable`, and so in ``variants/schema.json``); what the double-dummy
solver can analyse is checked before it starts
(:func:`rentoy.model.consistency.check_solvable`), and the counts a command is asked for
(hands, deals) before any work. Whole numbers are checked for length before they are
converted (:func:`digits_over`), and a value quoted in a message is cut
(:func:`shown`). :data:`LIMITS` lists them all.

>>> from rentoy import limits
>>> limits.MAX_FILE_BYTES, limits.MAX_STRING_LENGTH, limits.MAX_LIST_LENGTH
(1000000, 20000, 10000)
>>> limits.over_limit("MAX_LIST_LENGTH", "this list has 10,001 items")
'this list has 10,001 items; the limit is 10,000 items (rentoy.limits.MAX_LIST_LENGTH)'
"""

from __future__ import annotations

from .i18n import N_, _, language, number

__all__ = ["MAX_FILE_BYTES", "MAX_STRING_LENGTH", "MAX_LIST_LENGTH", "MAX_DEPTH",
           "MAX_VALUES", "MAX_EXPANDED_CHARACTERS", "MAX_MERGED_PAIRS", "MAX_DIGITS",
           "MAX_EXTENDS_DEPTH", "MAX_PLAYERS", "MAX_HAND_SIZE", "MAX_TRICKS",
           "MAX_LADDER_STEPS", "MAX_TARGET", "MAX_MATCH", "MAX_SOLVER_PLAYERS",
           "MAX_SOLVER_TRICKS", "MAX_HANDS", "MAX_DEALS", "MAX_DIVERGENCES",
           "MAX_SAMPLES", "MAX_EQUITY_HANDS",
           "MAX_INPUT_LINE", "MAX_SHOWN", "MAX_PROBLEMS", "LIMITS", "CONTROL_CHARACTERS",
           "over_limit", "digits_over", "shown"]

# -- What a file may hold --------------------------------------------------------------

#: The largest file read, in bytes (the largest shipped file is under 20 kB).
MAX_FILE_BYTES = 1_000_000
#: The longest string value, in characters (a variant's description is about 1,000).
MAX_STRING_LENGTH = 20_000
#: The most items in one list (a walkthrough of a whole match has a few hundred actions).
MAX_LIST_LENGTH = 10_000
#: The deepest nesting of mappings and lists (variant files need about 6).
MAX_DEPTH = 64
#: The most values a document may expand to; YAML aliases can otherwise blow a few
#: lines up into billions of values.
MAX_VALUES = 200_000
#: The most characters the text of a document's keys and values may add up to once its
#: aliases are expanded: one long string repeated through an alias thousands of times
#: stays within every count above but would cost gigabytes to validate or print.
MAX_EXPANDED_CHARACTERS = 2_000_000
#: The most key-value pairs YAML merge keys (``<<``) may copy into mappings; nested
#: merges can otherwise multiply a few hundred bytes into millions of pairs.
MAX_MERGED_PAIRS = 10_000
#: The most digits of a whole number read anywhere (a file, an action's seat, an
#: argument, ``COLUMNS``): far below Python's own limit of 4,300, past which ``int()``
#: itself fails, and far above any number the game needs.
MAX_DIGITS = 100
#: The longest chain of variant files extending each other (the built-ins use 3).
MAX_EXTENDS_DEPTH = 16

# -- What a variant may ask of the engine (checked with its other rules) ---------------

#: The most players at a table: as many as the 40-card deck can deal one card each,
#: with one left to turn up, in two equal teams (the sources speak of 2 to 8).
MAX_PLAYERS = 38
#: The most cards dealt to each player (two players with 19 cards each, plus the card
#: turned up, use 39 of the 40).
MAX_HAND_SIZE = 19
#: The most tricks in a hand (no more than the cards in a hand).
MAX_TRICKS = 19
#: The most steps of the betting ladder (the built-in variants have 5).
MAX_LADDER_STEPS = 16
#: The highest target of a game, in points, and the highest value of a ladder step (the
#: sources speak of games to 12, 24, 30 and 40 points): a game is a few hands per point.
MAX_TARGET = 100
#: The most games in a match (best of 5 in the built-in variants).
MAX_MATCH = 21
#: The most players the double-dummy solver analyses (``rentoy solve``, ``rentoy compare
#: --solve``): its memo keys pack each seat's cards into one number per trick.
MAX_SOLVER_PLAYERS = 8
#: The most tricks the double-dummy solver analyses: the search grows about tenfold
#: with every trick.
MAX_SOLVER_TRICKS = 7

# -- Counts asked for on the command line ---------------------------------------------
# A count past these is refused before any work (exit status 2): far beyond any useful
# run (a million hands give every statistic to a fraction of a percent), and short of
# one that would run for days with no end in sight.

#: The most hands ``rentoy simulate --hands`` and ``rentoy compare --simulate`` play
#: (per variant): about an hour with random bots on one core.
MAX_HANDS = 10_000_000
#: The most deals ``rentoy compare --solve`` solves (per variant): about half an hour.
MAX_DEALS = 1_000_000
#: The most divergent deals ``rentoy compare --divergences`` looks for.
MAX_DIVERGENCES = 1_000
#: The most deals a search bot (or the table bot) samples for one decision
#: (``search:samples=N``, ``rentoy review --samples``): at this many a decision takes
#: some ten seconds.
MAX_SAMPLES = 4_096
#: The most hands ``rentoy equity --hands`` plays at each score, and whole games
#: ``--games`` plays from each score checked: an equity table of this many takes days.
MAX_EQUITY_HANDS = 100_000

# -- What the command line reads and prints --------------------------------------------

#: The longest line read from standard input (``rentoy play`` reading actions).
MAX_INPUT_LINE = 1_000
#: The most characters of a value quoted in a message: a longer one is cut, with its
#: length said.
MAX_SHOWN = 60
#: The most problems reported for one file (the rest are counted).
MAX_PROBLEMS = 50

#: The characters no text rentoy reads may hold, and that it never writes as they are
#: (a regular expression's character class): the C0 controls but tab and newline, DEL,
#: the C1 controls (a terminal acts on ESC, CSI, OSC and BEL: they set its title, clear
#: its screen, move its cursor), and the bidirectional overrides and isolates (which
#: show text in another order than it is read).
CONTROL_CHARACTERS = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"

#: Each limit's value and unit, by name (for messages and the docs; the unit is English,
#: a message gives it in the language spoken, ``_(unit)``).
LIMITS: dict[str, tuple[int, str]] = {
    "MAX_FILE_BYTES": (MAX_FILE_BYTES, N_("bytes")),
    "MAX_STRING_LENGTH": (MAX_STRING_LENGTH, N_("characters")),
    "MAX_LIST_LENGTH": (MAX_LIST_LENGTH, N_("items")),
    "MAX_DEPTH": (MAX_DEPTH, N_("levels")),
    "MAX_VALUES": (MAX_VALUES, N_("values")),
    "MAX_EXPANDED_CHARACTERS": (MAX_EXPANDED_CHARACTERS, N_("characters")),
    "MAX_MERGED_PAIRS": (MAX_MERGED_PAIRS, N_("pairs")),
    "MAX_DIGITS": (MAX_DIGITS, N_("digits")),
    "MAX_EXTENDS_DEPTH": (MAX_EXTENDS_DEPTH, N_("files")),
    "MAX_PLAYERS": (MAX_PLAYERS, N_("players")),
    "MAX_HAND_SIZE": (MAX_HAND_SIZE, N_("cards")),
    "MAX_TRICKS": (MAX_TRICKS, N_("tricks")),
    "MAX_LADDER_STEPS": (MAX_LADDER_STEPS, N_("steps")),
    "MAX_TARGET": (MAX_TARGET, N_("points")),
    "MAX_MATCH": (MAX_MATCH, N_("games")),
    "MAX_SOLVER_PLAYERS": (MAX_SOLVER_PLAYERS, N_("players")),
    "MAX_SOLVER_TRICKS": (MAX_SOLVER_TRICKS, N_("tricks")),
    # Counts on the command line.
    "MAX_HANDS": (MAX_HANDS, N_("hands")),
    "MAX_DEALS": (MAX_DEALS, N_("deals")),
    "MAX_DIVERGENCES": (MAX_DIVERGENCES, N_("deals")),
    "MAX_SAMPLES": (MAX_SAMPLES, N_("samples")),
    "MAX_EQUITY_HANDS": (MAX_EQUITY_HANDS, N_("hands")),
    # What the command line reads and prints.
    "MAX_INPUT_LINE": (MAX_INPUT_LINE, N_("characters")),
    "MAX_SHOWN": (MAX_SHOWN, N_("characters")),
    "MAX_PROBLEMS": (MAX_PROBLEMS, N_("problems")),
}


def over_limit(name: str, what: str) -> str:
    """A message saying ``what`` is over the limit ``name``, naming the limit."""
    value, unit = LIMITS[name]
    return _("{what}; the limit is {value} {unit} (rentoy.limits.{name})").format(
        what=what, value=number(value), unit=_(unit), name=name)


def digits_over(text: str) -> bool:
    """Whether ``text`` (the digits of a whole number, a sign allowed) has more than
    :data:`MAX_DIGITS` digits: asked before ``int(text)``, which fails past Python's
    own limit and costs time well before it.

    >>> digits_over("12"), digits_over("-" + "9" * 101)
    (False, True)
    """
    return len(text.strip().lstrip("+-").lstrip("0")) > MAX_DIGITS


def shown(value: object, quoted: bool = True) -> str:
    """``value`` as a message quotes it (``repr``, or the text itself when not
    ``quoted``), cut to :data:`MAX_SHOWN` characters with its full length said, so that
    no message echoes a huge value. A Spanish message quotes a text between backticks,
    as its other quotations (the characters ``repr`` escapes still escaped).

    >>> shown("rasie"), shown("rasie", quoted=False)
    ("'rasie'", 'rasie')
    >>> shown("x" * 25_000)[-30:]
    "xxxxxx...' (25,000 characters)"
    >>> len(shown("x" * 25_000)) < 100
    True
    >>> from rentoy.i18n import use_language
    >>> with use_language("es"):
    ...     shown("rasie"), shown("it's")
    ('`rasie`', "`it's`")
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 400:
        # repr() itself fails past 4,300 digits
        return _("a number of about {count} digits").format(
            count=number(int(value.bit_length() * 0.30103)))
    if isinstance(value, str) and not quoted:
        text = value
    else:
        text = repr(value)
        if isinstance(value, str) and language() != "en":
            # repr's escapes kept (a control character stays visible), its quotes not.
            inner = text[1:-1]
            text = "`" + (inner.replace("\\'", "'") if text[0] == "'" else inner) + "`"
    if len(text) <= MAX_SHOWN:
        return text
    size = (" " + _("({count} characters)").format(count=number(len(value)))
            if isinstance(value, str) else "")
    end = text[0] if quoted and isinstance(value, str) else ""
    return text[:MAX_SHOWN - 4] + "..." + end + size
