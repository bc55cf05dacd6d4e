"""``rentoy play VARIANT``: play a game against bots, at a terminal or from a script.

The game itself is :class:`rentoy.table.Session`; this module only reads lines and
prints, laid out to the output's width (``--width``, else the terminal's). At a
terminal it shows the table before each of your turns and prompts; when standard input
is not a terminal it reads one action per line and prints plain text (``--json``: one
JSON object per event). A refused or unknown line is reported and the next one read;
lines after the end of the game are ignored. At the end of the game, of the input, or
on Ctrl-C, SIGTERM or SIGHUP, ``--save FILE`` writes the game as a record that
``rentoy run FILE`` replays and checks, and ``rentoy play --resume FILE`` continues (at a
terminal, without ``--save``, you are offered to save it; a name that cannot be written
is asked again).
The save target is checked before the first deal. Ctrl-C ends with exit status 130,
SIGTERM with 143 and SIGHUP (the terminal closed) with 129, each after the save; a game
left without ``--save`` says that nothing of it was kept.
"""

from __future__ import annotations

import argparse
import os
import select
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Callable, Iterable

from ..core.frozen import Frozen
from ..core.i18n import _
from ..core.limits import MAX_PLAYERS
from ..render.text import wrap
from .common import whole_number

if TYPE_CHECKING:
    from ..engine import Deal
    from ..table import Session, TableEvent, View


def bot_list() -> str:
    """Every bot ``rentoy play`` seats, by name, in words: ``random, greedy, search or
    tables`` (the names of :data:`rentoy.bots.BOT_NAMES`)."""
    from ..bots import BOT_NAMES

    *names, last = BOT_NAMES
    return _("{names} or {last}").format(names=", ".join(names), last=last) if names else last


class _BotNames:
    """:func:`bot_list`, written where a help says ``%(bots)s``: argparse expands it only
    when the help is shown, so the parser is built without importing the bots and the
    engine under them (about a quarter of a second more for every ``rentoy --help``)."""

    def __str__(self) -> str:
        return bot_list()


class _BotsOption(argparse.Action):
    """``--bots``, stored as given; its help may name the bots with ``%(bots)s``."""

    def __init__(self, option_strings: Sequence[str], dest: str, default: object = None,
                 metavar: str | None = None, help: str | None = None) -> None:
        super().__init__(option_strings, dest, default=default, metavar=metavar, help=help)
        self.bots = _BotNames()

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[object] | None,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play", help=_("play a game against bots (one action per line from a script)"),
        description=_("Play a game of a variant to its target (a match where the variant "
                      "plays one) at one seat, the bots at the others. Type a card's code "
                      "(3c, Rc) or its position in your hand (1, 2, 3), raise, accept or "
                      "quiero, fold or no quiero, or the variant's own words for the calls; "
                      "? lists your legal actions. A refused action is explained with the "
                      "rule, its source and status. When standard input is not a terminal, "
                      "one action is read per line."),
        epilog=_("At the prompt, besides the actions: hint (what the search bot would do, "
                 "with its chance), undo (take back your last action while no bot has acted "
                 "after it), partner (leave the answer to a raise to the partner the rules "
                 "name). Example: printf '1\\n?\\n2\\n' | rentoy play 1737 --seed 3 --save "
                 "game.yaml; then: rentoy run game.yaml; rentoy play --resume game.yaml. "
                 "Exit status: 0 the game or the input ended, 2 bad input or a file that "
                 "cannot be written, 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP (a closed "
                 "terminal), each after saving."))
    p.add_argument("variant", metavar="ID|PATH", nargs="?",
                   help=_("a built-in id or a variant file, either with options (1737+borrego); "
                          "not with --resume"))
    p.add_argument("--resume", metavar="RECORD",
                   help=_("continue the game a record left off (one that --save wrote), an "
                          "unfinished hand included; its seat, bots and seed unless given"))
    p.add_argument("--deal", metavar="DEAL",
                   help=_("the first hand's cards in the one-line deal notation, seat 0 first "
                          "(e.g. '1e 12b 5e | 5c 11e 7o | 3c 10c 6c | 2c 3e 2e / up 7e'); the "
                          "next hands come from the seed"))
    p.add_argument("--seat", type=whole_number(0, MAX_PLAYERS - 1), metavar="S",
                   help=_("your seat (default: 0, the first to play; team A holds the even "
                          "seats)"))
    p.add_argument("--players", type=whole_number(2, MAX_PLAYERS), metavar="P",
                   help=_("the number of players (default: the variant's default)"))
    p.add_argument("--bots", metavar="B", action=_BotsOption,
                   help=_("%(bots)s (settings may follow: search:samples=16) for every other "
                          "seat, or two separated by a comma: your partners', then the "
                          "opponents' (default: greedy)"))
    p.add_argument("--partners", choices=("auto", "ask"), default="auto",
                   help=_("how your partner bots raise: auto (as they decide, each raise "
                          "announced with its reason) or ask (each raise put to you first: "
                          "yes or no)"))
    p.add_argument("--seed", type=whole_number(0), metavar="S",
                   help=_("seed of the deals and the bots (default: a new one each game, "
                          "printed at the start)"))
    p.add_argument("--save", metavar="FILE",
                   help=_("write the game as a record (a walkthrough file) when it ends, "
                          "when the input ends, or on Ctrl-C; checked before the first deal"))
    p.add_argument("--force", action="store_true",
                   help=_("let --save (or the name given at the end) replace a file"))
    p.add_argument("--json", action="store_true",
                   help=_("print each event as one JSON object per line"))
    p.add_argument("--review", action="store_true",
                   help=_("when the game ends, review it decision by decision (as `rentoy "
                          "review` does)"))
    p.set_defaults(handler=handle)


class PlayOptions(Frozen):
    """The options of one ``rentoy play`` (None: not given)."""

    variant: str | None
    resume: str | None
    deal: str | None
    seat: int | None
    players: int | None
    bots: str | None
    partners: str
    seed: int | None
    save: str | None
    force: bool
    json: bool
    review: bool

    @classmethod
    def of(cls, args: argparse.Namespace) -> PlayOptions:
        """The options parsed by the ``play`` command's parser."""
        return cls(variant=args.variant, resume=args.resume, deal=args.deal, seat=args.seat,
                   players=args.players, bots=args.bots, partners=args.partners,
                   seed=args.seed, save=args.save,
                   force=args.force, json=args.json, review=args.review)


def handle(namespace: argparse.Namespace) -> int:
    import random

    from ..core.errors import InputError, Problem
    from ..core.files import check_output
    from ..table import Session, suit_symbols

    args = PlayOptions.of(namespace)
    if (args.variant is None) == (args.resume is None):
        raise InputError(Problem(_("give a variant to play, or --resume RECORD") if
                                 args.variant is None else
                                 _("--resume continues the record's own variant: give no "
                                   "variant with it"), hint=_("e.g. rentoy play 1737, or "
                                                              "rentoy play --resume game.yaml")))
    if args.resume is not None and (args.deal is not None or args.players is not None):
        raise InputError(Problem(_("--resume deals the record's cards to the record's table: "
                                   "--deal and --players do not go with it")))
    if args.players is not None and args.players < 1:
        raise InputError(Problem(_("--players {players}: a table has at least two players "
                                   "(the variant says how many it takes)").format(
                                       players=args.players),
                                 hint=_("e.g. --players 4, or leave it out for the variant's "
                                        "default")))
    if args.save is not None:
        check_output(args.save, force=args.force, what="--save")
    if args.resume is not None:
        session, opening = Session.resume(args.resume, seat=args.seat, bots=args.bots,
                                          seed=args.seed, partners=args.partners)
        seed = session.seed
    else:
        variant = args.variant
        assert variant is not None          # one of a variant and --resume: checked above
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        deals, dealer = _deal(args.deal, args.players)
        session = Session(variant, seat=args.seat or 0, players=args.players if
                          args.players is not None else (len(deals[0].hands) if deals
                                                         else None),
                          bots=args.bots or "greedy", seed=seed, deals=deals, dealer=dealer,
                          partners=args.partners)
        opening = None
    interactive = (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
                   and not args.json)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")   # an ASCII terminal still shows the rest
    symbols = suit_symbols(getattr(sys.stdout, "encoding", None))
    out = _Printer(args.json, symbols)
    ended, shown = "input", -1
    with _Signals() as signals:
        read = _terminal_reader(signals) if interactive else _script_reader(out, signals)
        try:
            out.events(session.start() if opening is None else opening)
            if args.seed is None and args.resume is None:
                out.note(_("(seed {seed}: rentoy play {variant} --seed {seed} deals this "
                           "game again)").format(seed=seed, variant=args.variant))
            while not session.over:
                signals.check()
                if session.waiting and shown != session.version:
                    out.view(session.view())     # again only once something has happened
                    shown = session.version
                line = read()
                if line is None:
                    break
                out.events(session.submit(line))
            else:
                ended = "game"
        except KeyboardInterrupt:
            ended = "interrupt"
            out.note(_("Interrupted."))
        except _Signalled as exc:
            # The terminal may be gone (SIGHUP): the game is written first, then said.
            ended = exc.name
            status = _save(session, args.save, False, out, args.force, quiet=True)
            out.quietly(_("Terminated ({signal}).").format(signal=exc.name))
            if status == 0 and args.save is not None:
                out.quietly_saved(args.save, session.over)
            elif args.save is None:
                out.quietly(_nothing_kept())
            return status if status else exc.status
        if ended != "game" and not session.over:
            # Said where it is true: without --save, and where no name will be asked.
            out.note(_("The game is left off.") + (
                " " + _nothing_kept() if args.save is None and not interactive else ""))
        if args.review and session.over:
            from .review import show_review
            show_review(session.record(), args.json)
        status = _save(session, args.save, interactive, out, args.force, signals)
    return 130 if ended == "interrupt" and status == 0 else status


def _nothing_kept() -> str:
    return _("Nothing of this game was kept: to keep a game, give --save FILE when you "
             "start it.")


class _Signalled(BaseException):
    """SIGTERM or SIGHUP during a game: ``name`` and the exit status it ends with."""

    def __init__(self, signum: int):
        import signal

        super().__init__(signum)
        self.name = signal.Signals(signum).name
        self.status = 128 + signum


class _Signals:
    """SIGTERM (a ``kill``) and SIGHUP (a closed terminal window) while a game is played.
    Waiting for a line, the game is left at once; while the table moves (the person's
    action, the bots' answers) the signal is held until it is in one piece, so that the
    record written on the way out is the game as it stands."""

    def __init__(self) -> None:
        self.reading = False
        self.held: int | None = None
        self.previous: dict[int, object] = {}

    def __enter__(self) -> "_Signals":
        import signal

        for name in ("SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                self.previous[signum] = signal.signal(signum, self._caught)
            except ValueError:      # not the main thread: Python handles signals there only
                pass
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        for signum, previous in self.previous.items():
            signal.signal(signum, previous)     # type: ignore[arg-type]

    def _caught(self, signum: int, frame: object) -> None:
        if self.reading:
            raise _Signalled(signum)
        self.held = signum

    def check(self) -> None:
        """Leave the game now if a signal came while the table moved."""
        if self.held is not None:
            raise _Signalled(self.held)

    def read(self, reader: Callable[[], str | None]) -> str | None:
        self.check()
        self.reading = True
        try:
            return reader()
        finally:
            self.reading = False


def _deal(text: str | None, players: int | None) -> tuple[list[Deal], int | None]:
    """The first deal given with --deal (and the dealer it names), or none."""
    if text is None:
        return [], None
    from ..engine import Deal
    from ..core.errors import InputError, Problem
    from ..model.notation import NotationError, parse_deal

    try:
        deal = parse_deal(text)
    except NotationError as exc:
        raise InputError(Problem(f"--deal: {exc.problems[0].detail}")) from None
    if players is not None and players != len(deal.hands):
        raise InputError(Problem(_("--deal gives cards to {seats} seats, but --players is "
                                   "{players}").format(seats=len(deal.hands), players=players)))
    return [Deal(deal.hands, deal.up)], deal.dealer


def _prompt(text: str) -> str:
    """Ask with ``text`` at the prompt, wrapped on word boundaries to the output's width:
    every line but the last printed, the last one the prompt."""
    from .common import output_width

    lines = wrap(text, output_width(), hyphens=False) or [""]
    for line in lines[:-1]:
        print(line)
    return _ask(lines[-1] + " ")


def _ask(prompt: str) -> str:
    """``input(prompt)`` at a terminal, with Ctrl-C heard however soon it comes.

    Python runs a signal's handler between statements, and a read that has not begun
    when the signal comes is not interrupted by it: a Ctrl-C pressed just as the prompt
    appears (on a busy machine, before the read starts) waited for the next Enter. So
    the prompt is written first and the line waited for in short steps, each of which
    lets a pending Ctrl-C through; the line, once there, is read at once."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        stdin = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        stdin = -1
    if stdin >= 0 and os.name == "posix":
        while not select.select([stdin], [], [], 0.2)[0]:
            pass
    return input()


def _terminal_reader(signals: _Signals) -> Callable[[], str | None]:
    def read() -> str | None:
        try:
            return _ask("> ")
        except EOFError:
            print()
            return None
    return lambda: signals.read(read)


def _script_reader(out: _Printer, signals: _Signals) -> Callable[[], str | None]:
    from .common import input_lines

    lines = input_lines()       # bounded: an endless line is refused, not held

    def read() -> str | None:
        line = next(lines, None)
        if not line:
            return None
        out.echo(line.rstrip("\n"))
        return line
    return lambda: signals.read(read)


def _save(session: Session, path: str | None, interactive: bool, out: _Printer,
          force: bool = False, signals: _Signals | None = None, quiet: bool = False) -> int:
    from ..core.errors import InputError
    from ..core.files import check_output, write_output

    def asked() -> str | None:
        return _prompt(_("Save the game as a record? A file name, or Enter for no: "))

    if path is None and interactive:
        while True:
            try:
                answer = signals.read(asked) if signals is not None else asked()
            except (EOFError, KeyboardInterrupt, _Signalled):
                print()
                answer = None
            path = (answer or "").strip()
            if not path:
                if not session.over:
                    out.note(_nothing_kept())
                return 0
            try:
                check_output(path, force=force)
                write_output(path, session.record(), force=force)
            except InputError as exc:       # say why, and ask again: the game is not lost
                print(f"rentoy: {exc}", file=sys.stderr)
                continue
            out.saved(path, session.over)
            return 0
    if path is None:
        return 0
    try:
        write_output(path, session.record(), force=force)
    except InputError as exc:
        from . import report_error

        report_error(exc)
        return 2
    if not quiet:
        out.saved(path, session.over)
    return 0


class _Printer:
    """Prints events and views as plain text (80 columns) or as JSON lines."""

    def __init__(self, as_json: bool, symbols: dict[str, str]):
        self.json, self.symbols = as_json, symbols

    def _emit(self, data: dict[str, object]) -> None:
        import json     # only with --json: not at every start

        print(json.dumps(data, ensure_ascii=False), flush=True)

    def _text(self, lines: Iterable[str]) -> None:
        from .common import output_width

        width = output_width()
        for line in lines:
            for part in wrap(line, width, subsequent_indent="  ", hyphens=False) or [""]:
                print(part)
        sys.stdout.flush()

    def events(self, events: Iterable[TableEvent]) -> None:
        for event in events:
            if self.json:
                self._emit(event.to_json())
            else:
                self._text(([""] if event.kind in ("deal", "game-over", "hint", "advice")
                            else []) + list(event.lines))

    def view(self, view: View) -> None:
        from ..table import draw_view

        if self.json:
            self._emit({"event": "turn", **view.to_json()})
        else:
            from .common import output_width

            self._text([""] + draw_view(view, self.symbols, output_width()))

    def echo(self, line: str) -> None:
        if not self.json:
            self._text([f"> {line}"])

    def note(self, text: str) -> None:
        if self.json:
            self._emit({"event": "note", "text": [text]})
        else:
            self._text([text])

    def quietly(self, text: str) -> None:
        """A note that may find the terminal gone (after SIGHUP): then it is dropped."""
        try:
            self.note(text)
        except (OSError, ValueError):
            pass

    def quietly_saved(self, path: str, over: bool) -> None:
        try:
            self.saved(path, over)
        except (OSError, ValueError):
            pass

    def saved(self, path: str, over: bool = True) -> None:
        if self.json:
            self._emit({"event": "saved", "file": path})
        else:
            self._text([(_("Saved the game to {path}; `rentoy run {path}` replays and checks "
                           "it.") if over else
                         _("Saved the game to {path}; `rentoy run {path}` replays and checks "
                           "it, and `rentoy play --resume {path}` continues it.")
                         ).format(path=path)])
