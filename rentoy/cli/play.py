"""``rentoy play VARIANT``: play a game against bots, at a terminal or from a script.

The game itself is :class:`rentoy.table.Session`; this module only reads lines and
prints. At a terminal it shows the table before each of your turns and prompts;
when standard input is not a terminal it reads one action per line and prints plain
text (``--json``: one JSON object per event). A refused or unknown line is reported
and the next one read; lines after the end of the game are ignored. At the end of the
game, of the input, or on Ctrl-C, ``--save FILE`` writes the game as a record that
``rentoy run FILE`` replays and checks (at a terminal, without ``--save``, you are
offered to save it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from ..render.text import wrap


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play", help="play a game against bots (one action per line from a script)",
        description="Play a game of a variant to its target (a match where the variant "
                    "plays one) at one seat, the bots at the others. Type a card's code "
                    "(3c, Rc) or its position in your hand (1, 2, 3), raise, accept or "
                    "quiero, fold or no quiero, or the variant's own words for the calls; "
                    "? lists your legal actions. A refused action is explained with the "
                    "rule, its source and status. When standard input is not a terminal, "
                    "one action is read per line.",
        epilog="Example: printf '1\\n?\\n2\\n' | rentoy play 1737 --seed 3 --save game.yaml; "
               "then: rentoy run game.yaml")
    p.add_argument("variant", metavar="ID|PATH",
                   help="a built-in id or a variant file, either with options (1737+borrego)")
    p.add_argument("--seat", type=int, default=0, metavar="S",
                   help="your seat (default: 0, the first to play; team A holds the even "
                        "seats)")
    p.add_argument("--players", type=int, metavar="P",
                   help="the number of players (default: the variant's default)")
    p.add_argument("--bots", default="greedy", metavar="B",
                   help="random, greedy or search (settings may follow: search:samples=16) "
                        "for every other seat, or two separated by a comma: your "
                        "partners', then the opponents' (default: greedy)")
    p.add_argument("--seed", type=int, metavar="S",
                   help="seed of the deals and the bots (default: a new one each game, "
                        "printed at the start)")
    p.add_argument("--save", metavar="FILE",
                   help="write the game as a record (a walkthrough file) when it ends, "
                        "when the input ends, or on Ctrl-C")
    p.add_argument("--json", action="store_true",
                   help="print each event as one JSON object per line")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    import random

    from ..errors import InputError
    from ..table import Session, suit_symbols

    if args.save is not None:
        folder = Path(args.save).parent
        if not folder.is_dir():
            raise InputError.at(f"--save {args.save}: there is no folder {str(folder)!r}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    session = Session(args.variant, seat=args.seat, players=args.players, bots=args.bots,
                      seed=seed)
    interactive = (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
                   and not args.json)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")   # an ASCII terminal still shows the rest
    symbols = suit_symbols(getattr(sys.stdout, "encoding", None))
    out = _Printer(args.json, symbols)
    read = _terminal_reader if interactive else _script_reader(out)
    ended, shown = "input", -1
    try:
        out.events(session.start())
        if args.seed is None:
            out.note(f"(seed {seed}: rentoy play {args.variant} --seed {seed} deals this "
                     "game again)")
        while not session.over:
            if session.waiting and shown != session.actions_taken:
                out.view(session.view())     # again only once something has happened
                shown = session.actions_taken
            line = read()
            if line is None:
                break
            out.events(session.submit(line))
        else:
            ended = "game"
    except KeyboardInterrupt:
        ended = "interrupt"
        out.note("Interrupted.")
    if ended != "game" and not session.over:
        out.note("The game is left off.")
    return _save(session, args.save, interactive, out)


def _terminal_reader() -> str | None:
    try:
        return input("> ")
    except EOFError:
        print()
        return None


def _script_reader(out: "_Printer") -> Callable[[], str | None]:
    from .common import input_lines

    lines = input_lines()       # bounded: an endless line is refused, not held

    def read() -> str | None:
        line = next(lines, None)
        if not line:
            return None
        out.echo(line.rstrip("\n"))
        return line
    return read


def _save(session: Any, path: str | None, interactive: bool, out: "_Printer") -> int:
    from ..errors import InputError
    from ..walkthrough.record import write_atomically

    if path is None and interactive:
        try:
            path = input("Save the game as a record? A file name, or Enter for no: ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            path = None
        if not path:
            return 0
    if path is None:
        return 0
    try:
        write_atomically(path, session.record())
    except (OSError, InputError) as exc:     # WriteError says what went wrong, in one line
        text = str(exc) if isinstance(exc, InputError) else exc.strerror or str(exc)
        print(f"rentoy: error: cannot write {path}: {text}", file=sys.stderr)
        return 2
    out.saved(path)
    return 0


class _Printer:
    """Prints events and views as plain text (80 columns) or as JSON lines."""

    def __init__(self, as_json: bool, symbols: dict[str, str]):
        self.json, self.symbols = as_json, symbols

    def _emit(self, data: dict[str, Any]) -> None:
        print(json.dumps(data, ensure_ascii=False), flush=True)

    def _text(self, lines: Iterable[str]) -> None:
        for line in lines:
            for part in wrap(line, 80, subsequent_indent="  ", hyphens=False) or [""]:
                print(part)
        sys.stdout.flush()

    def events(self, events: Iterable[Any]) -> None:
        for event in events:
            if self.json:
                self._emit(event.to_json())
            else:
                self._text(([""] if event.kind in ("deal", "game-over") else [])
                           + list(event.lines))

    def view(self, view: Any) -> None:
        from ..render import plain
        from ..table import draw_view

        if self.json:
            data = {k: plain(v) for k, v in vars(view).items() if k != "variant"}
            data["variant"] = view.variant.id
            data["cards"] = [c.code for c in view.cards]
            data["up"] = view.up.code
            data["trick"] = [[s, c.code] for s, c in view.trick]
            data["last_trick"] = [[s, c.code] for s, c in view.last_trick]
            data["legal"] = [str(a) for a in view.legal]
            self._emit({"event": "turn", **data})
        else:
            self._text([""] + draw_view(view, self.symbols))

    def echo(self, line: str) -> None:
        if not self.json:
            self._text([f"> {line}"])

    def note(self, text: str) -> None:
        if self.json:
            self._emit({"event": "note", "text": [text]})
        else:
            self._text([text])

    def saved(self, path: str) -> None:
        if self.json:
            self._emit({"event": "saved", "file": path})
        else:
            self._text([f"Saved the game to {path}; `rentoy run {path}` replays and checks "
                        "it."])
