"""The site's seat at the table: the Play page, its links, and what the page loads.

``{rentoy-play}`` writes the Play page's table: the choice of variant, table size, seat
and bots, readable before anything is downloaded, and the place the game is drawn. Every
word the page's script shows is written into the page with it, in the build's language,
as one JSON object (:func:`play_words`; ``<script type="application/json"
id="rentoy-play-words">``): the script fills in its placeholders, and the engine in the
page speaks the same language.
``{rentoy-play-link} SPEC`` (a variant) or ``{rentoy-play-link}`` with ``:walkthrough:
PATH`` (a worked example's first deal) links to that page with the game chosen.

When an HTML build finishes, the page's files are written into the built site under
``_static/play/``: ``data.json`` (every built-in variant compiled to data with
:func:`rentoy.model.variant.variant_data`, its options included; the card faces as the site
draws them; the sources' titles, for refusals), the project's own wheel built from the
checkout (without network, by the build backend already installed), and
``manifest.js`` (what is there and how big it is, and the wheel's checksum, which names
the image of the started engine a reader's browser keeps: see ``play-worker.mjs``). The
Python runtime, Pyodide, pinned in :mod:`rentoy.sphinxext.runtime`, goes under
``_static/pyodide/``. When the runtime or the wheel cannot be had, the build goes on and
the manifest says why; the page then says so and points to ``rentoy play``.

Configuration: ``rentoy_play_runtime`` (default True; False leaves the runtime out, as
a build without npm or network would).
"""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from docutils import nodes
from docutils.parsers.rst import directives

from ..core.i18n import N_, _, data_text, language, ngettext

from .directives import RentoyDirective
from .errors import logger
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["PlayDirective", "PlayLinkDirective", "play_query", "play_words", "PLAY_WORDS",
           "PLAY_PAGE", "BOTS"]

#: The docname of the Play page (links point to it).
PLAY_PAGE = "play-in-the-browser"
#: The bots a reader may choose, strongest first.
BOTS = ("search", "greedy", "random")
_PACES = (("700", N_("one by one")), ("250", N_("quickly")), ("0", N_("at once")))

#: The words of the page's script (``docs/_static/play.js``), in English, by key; the
#: script fills in the ``{placeholders}``. :func:`play_words` gives them translated.
PLAY_WORDS: dict[str, str] = {
    # The choices before a game.
    "seat_first": N_("{seat} (the first to play)"),
    "seat_team": N_("{seat} (team {team})"),
    "option_note": N_("{name}; {status}"),
    "deal": N_("The first hand is the deal of “{title}”{dealer}{score}; the hands after it "
               "are dealt from the seed. "),
    "deal_dealer": N_(" (seat {seat} deals)"),
    "deal_score": N_(", from a score of A {a}, B {b}"),
    "deal_untitled": N_("a worked example"),
    "deal_clear": N_("Deal from the seed instead"),
    "missing_files": N_("the page's files are not part of this build"),
    "missing": N_("The game cannot be played on this copy of the site: {why}. Play it at "
                  "the terminal instead, with the same engine and bots: {install} then "
                  "{play} (see {page})."),
    "missing_page": N_("the page on playing a game"),
    "download": N_("Starting the first game downloads {total} from this site, once: the "
                   "Python runtime (Pyodide {version}, {runtime}), this project's engine "
                   "({engine}) and the variants ({data}). Nothing is sent anywhere, and "
                   "nothing is loaded before you point at Start or reach it with the "
                   "keyboard."),
    "keeps": N_("Your browser then keeps the engine as started (about 30 MB of its "
                "storage, never sent anywhere), so that on a later visit the first hand "
                "comes about a second after Start."),
    "fetching": N_("Fetching {total} from this site and starting the engine, ahead of your "
                   "game…"),
    "fetched": N_("The engine is ready ({time}): Start deals at once."),
    "bad_link": N_("This link cannot be played: {problem}. Choose a game below, or deal "
                   "from the seed instead."),
    "link_variant": N_("the site has no variant {variant}"),
    "link_option": N_("variant {variant} has no option {option}"),
    "link_players": N_("variant {variant} is played by {allowed} players, not {players}"),
    "link_number": N_("{name} is a whole number, not {value}"),
    "link_score": N_("the score is written A-B (two whole numbers), not {value}"),
    "megabytes": N_("{size} MB"),
    "seconds": N_("{time} s"),
    # What the page says as a game starts, and when something goes wrong.
    "loading": N_("Loading the Python runtime and the engine from this site (the first "
                  "time takes a few seconds)…"),
    "dealing": N_("Dealing…"),
    "no_engine": N_("The engine could not be started: {problem}. Play at the terminal "
                    "instead: {command}."),
    "no_game": N_("This game cannot be played: {problem}."),
    "ready": N_("Ready: the runtime and the engine loaded in {time}."),
    "stopped": N_("the engine stopped: {problem}"),
    "worker_error": N_("an error in its worker"),
    "no_variants": N_("the variants could not be loaded ({status})"),
    "no_wheel": N_("the engine could not be loaded ({status} for {file})"),
    "not_started": N_("no game has been started"),
    "refused_to_go_on": N_("The engine refused to go on: {problem}."),
    "saved": N_("The record is saved as {file}: {command} replays it and checks every "
                "result."),
    # The table.
    "you": N_("You"),
    "seat": N_("Seat {seat}"),
    "seat_partner": N_("Seat {seat} (partner)"),
    "seat_opponent": N_("Seat {seat} (opponent)"),
    "partner": N_("partner"),
    "opponent": N_("opponent"),
    "team": N_("Team {team}"),
    "team_yours": N_("Team {team} (you)"),
    "target": N_("to {target}"),
    "match": N_("; games {won}-{lost} of the best of {games}"),
    "value_pending": N_("{value}, raised by team {team}: it waits for an answer"),
    "raise_right": N_("team {team} may raise"),
    "raise_either": N_("either team may raise"),
    "facts": N_("{name} ({variant}) · Hand {hand} · seat {dealer} deals, seat {mano} leads · "
                "the hand is worth {value} · {right} · tricks A {a}, B {b}"),
    "turned_up": N_("Turned up{word}: {card}; {trumps} are trumps."),
    "turned_up_word": N_(" (the {word})"),
    "the_table": N_("The table"),
    "dealer": N_("dealer"),
    "mano": N_("mano"),
    "you_sit": N_("seat {seat}, team {team}"),
    "bot_sits": N_("team {team}, {role}, {bot} bot"),
    "takes": N_("takes the trick"),
    "thinking": N_("thinking…"),
    "your_hand": N_("Your cards and calls"),
    "over": N_("The game is over."),
    "answer": N_("A raise waits for your team's answer: accept, raise again or fold (you "
                 "answer for your team)."),
    "your_turn": N_("Your turn: play a card, or raise first."),
    "wait": N_("Wait: {who} is to act."),
    "play_card": N_("Play {name} ({code}); key {key}"),
    "play_card_not_now": N_("Play {name} ({code}), not allowed now; key {key}"),
    "bet": N_("{label} (“{call}”)"),
    "bet_not_now": N_("{label}, not allowed now"),
    "download_record": N_("Download the record"),
    "hint": N_("Hint"),
    "undo": N_("Take back"),
    "leave": N_("Leave it to your partner"),
    "approve": N_("Let your partner raise"),
    "decline": N_("Play on without raising"),
    "sheet": N_("Score sheet"),
    "sheet_hand": N_("Hand"),
    "sheet_winner": N_("Won by"),
    "sheet_how": N_("How"),
    "sheet_value": N_("Worth"),
    "sheet_score": N_("Score"),
    "sheet_tricks": N_("{a}-{b} in tricks"),
    "sheet_fold": N_("a fold"),
    "tricks_title": N_("Tricks of this hand"),
    "trick_took": N_("Trick {number}: {card} took it, played by {who}"),
    "download_so_far": N_("Download the record so far"),
    "play_again": N_("Play again"),
    "next_hand": N_("Deal the next hand"),
    "new_game": N_("New game"),
    "refused": N_("Refused: "),
    "refused_detail": N_("{detail}."),
    "rule": N_("The rule: {title} ({rule}) of variant {variant}{status}{sources}."),
    "rule_status": N_(", {status}"),
    "rule_sources": N_("; source: {sources}"),
    "reason": N_("{reason} — the engine's reason code; the table is as it was."),
    "log": N_("What happened"),
    "bot_took": N_(" ({bot} bot, {ms} ms)"),
    "seed": N_("Seed {seed}: {command} deals the same cards."),
    "median": N_(" The search bots' moves took {ms} ms at the median ({count} so far)."),
    "keys": N_(" Keys: 1–9 play a card, {raise} raise, {accept} accept, {fold} fold, {next} "
               "the next hand{game}."),
    "keys_game": N_(", {key} the whole game"),
    # TRANSLATORS: the key that deals the next hand on the Play page (one letter, not
    # the first letter of a call's word: those are the calls' keys).
    "next_key": N_("N"),
}


def play_words() -> dict[str, Any]:
    """The words of the page's script in the language spoken: :data:`PLAY_WORDS`, the
    two forms of a count, the provenance statuses, the keys of the calls (the first
    letter of each call's word as typed at ``rentoy play``, and the word a key sends,
    read by the engine as typed), and the language's code, which the page passes on to
    the engine.

    >>> words = play_words()
    >>> words["you"], words["keys_by_kind"]["accept"], words["cards_left"]
    ('You', {'key': 'A', 'word': 'accept'}, ['{count} card in hand', '{count} cards in hand'])
    """
    from ..engine import ACCEPT, FOLD, GAME_CALL, RAISE
    from ..table.words import action_words
    from .elements import STATUS_WORDS, status_word

    words: dict[str, Any] = {key: _(text) for key, text in PLAY_WORDS.items()}
    words["language"] = language()
    words["cards_left"] = [ngettext("{count} card in hand", "{count} cards in hand", n)
                           for n in (1, 2)]
    words["statuses"] = {status: status_word(status) for status in STATUS_WORDS}
    said = action_words()
    words["keys_by_kind"] = {kind: {"key": said[kind][0].upper(), "word": said[kind]}
                             for kind in (RAISE, GAME_CALL, ACCEPT, FOLD)}
    return words


def _megabytes(n: int) -> str:
    from babel.numbers import format_decimal

    return _("{size} MB").format(size=format_decimal(round(n / 1e6, 1), format="0.0",
                                                     locale=language()))


# ---------------------------------------------------------------------------------------
# The page.

def _select(name: str, label: str, choices: list[tuple[str, str]], selected: str = "",
            hint: str = "", wide: bool = False) -> str:
    options = "".join(
        f'<option value="{html.escape(v)}"{" selected" if v == selected else ""}>'
        f"{html.escape(t)}</option>" for v, t in choices)
    extra = f'<span class="rentoy-play-hint">{html.escape(hint)}</span>' if hint else ""
    classes = "rentoy-play-field rentoy-play-wide" if wide else "rentoy-play-field"
    return (f'<label class="{classes}">{html.escape(label)}'
            f'<select name="{name}">{options}</select>{extra}</label>')


def play_form(variants: list[tuple[str, str, tuple[int, ...], int]]) -> str:
    """The HTML of the choices made before a game: ``variants`` as (id, name, table
    sizes, default size). The page's script fills in the options of the variant chosen."""
    from .runtime import VERSION, total_bytes

    first = variants[0] if variants else ("1737", "1737", (4,), 4)
    chosen = next((v for v in variants if v[0] == "1737"), first)
    seed_hint = html.escape(_("the same seed deals the same cards as {command}")).format(
        command="<code>rentoy play --seed</code>")
    download = _("Starting the first game downloads the Python runtime (Pyodide {version}, "
                 "{size}) and this project's engine (under 1 MB) from this site, once; "
                 "nothing is sent anywhere, and nothing is loaded before you point at Start "
                 "or reach it with the keyboard.").format(
                     version=VERSION, size=_megabytes(total_bytes()))
    download += " " + _(PLAY_WORDS["keeps"])
    legend, options, seed = (html.escape(t) for t in (_("A new game"), _("Options"), _("Seed")))
    new_seed, start = html.escape(_("a new one")), html.escape(_("Start the game"))
    more = html.escape(_("More choices: the table, the bots, the seed"))
    parts = [
        '<form class="rentoy-play-setup" id="rentoy-play-setup" autocomplete="off">',
        f'<fieldset><legend>{legend}</legend>',
        # The variants by their names alone (a name says its date or place; the id is
        # the value, as the page's address gives it), across the whole row: the longest
        # names are wider than one column.
        _select("variant", _("Variant"),
                [(v, name) for v, name, _sizes, _n in variants], chosen[0], wide=True),
        '<p class="rentoy-play-deal" hidden></p>',
        # Start on the first screen at every width; the other choices have defaults.
        '<p class="rentoy-play-start"><button type="submit" class="rentoy-play-button '
        f'rentoy-play-primary">{start}</button></p>',
        f'<p class="rentoy-play-download">{html.escape(download)}</p>',
        f'<details class="rentoy-play-more"><summary>{more}</summary>'
        '<div class="rentoy-play-more-fields">',
        f'<fieldset class="rentoy-play-options" hidden><legend>{options}</legend></fieldset>',
        _select("players", _("Players"), [(str(n), str(n)) for n in chosen[2]],
                str(chosen[3])),
        _select("seat", _("Your seat"),
                [(str(s), _(PLAY_WORDS["seat_first"]).format(seat=s) if s == 0 else str(s))
                 for s in range(chosen[3])]),
        _select("partners", _("Your partners"),
                [(b, _("{bot} bot").format(bot=b)) for b in BOTS], "search"),
        _select("opponents", _("The opponents"),
                [(b, _("{bot} bots").format(bot=b)) for b in BOTS], "search"),
        f'<label class="rentoy-play-field">{seed}<input name="seed" type="number" min="0" '
        f'max="999999999" step="1" inputmode="numeric" placeholder="{new_seed}">'
        f'<span class="rentoy-play-hint">{seed_hint}</span></label>',
        _select("pace", _("The bots' moves"), [(v, _(t)) for v, t in _PACES], "700"),
        _select("raises", _("Your partners' raises"),
                [("auto", _("as they decide, with their reason")),
                 ("ask", _("put to me first"))], "auto"),
        '</div></details>',
        '</fieldset>',
        '</form>',
    ]
    return "".join(parts)


class PlayDirective(RentoyDirective):
    """``{rentoy-play}``: the seat at the table (choices, then the game, drawn by the
    page's script from what the engine in the page says)."""

    def make(self) -> list[nodes.Node]:
        from ..model.cards import CardError
        from ..core.errors import RentoyError
        from ..data.variants import builtin_ids, load_variant

        rows = []
        for vid in builtin_ids():
            try:
                v = load_variant(vid)
            except (RentoyError, CardError):
                continue        # its own page reports it; the others can still be played
            rows.append((vid, data_text(v.name), tuple(v.rules.players),
                         v.rules.default_players))
            note_files(self.env, [p for p in v.files])
        self.env.metadata[self.env.docname]["rentoy-play"] = "1"
        root = os.path.relpath(".", os.path.dirname(self.env.docname) or ".")
        root = "" if root == "." else root + "/"
        # In a <script> element only "</" could end it early: JSON may write it "<\/".
        words = json.dumps(play_words(), ensure_ascii=False).replace("</", "<\\/")
        needs = html.escape(_("This table needs JavaScript. Without it, play at the "
                              "terminal: {command}.")).format(
                                  command="<code>rentoy play 1737</code>")
        body = (f'<div class="rentoy-play" id="rentoy-play" data-root="{html.escape(root)}">'
                '<script type="application/json" id="rentoy-play-words">'
                f'{words}</script>'
                + play_form(rows)
                + '<div class="rentoy-play-status" role="status" aria-live="polite"></div>'
                '<div class="rentoy-play-table" hidden></div>'
                f'<noscript><p class="rentoy-play-missing">{needs}</p></noscript></div>')
        return [nodes.raw("", body, format="html")]


# ---------------------------------------------------------------------------------------
# Links to the page.

def play_query(variant: Any, *, players: int | None = None, deal: Any = None,
               dealer: int | None = None, score: tuple[int, int] = (0, 0),
               title: str | None = None) -> str:
    """The query string that opens the Play page with a variant (and a first deal)
    chosen: ``variant``, ``options``, ``players``, ``deal`` (the one-line deal notation
    that ``rentoy play --deal`` reads, :mod:`rentoy.model.notation`), ``dealer``, ``score``
    (``A-B``) and ``title``.

    >>> from rentoy.variants import load_variant
    >>> play_query(load_variant("1737+borrego"), players=2)
    'variant=1737&options=borrego&players=2'
    """
    from ..model.notation import format_deal

    query: dict[str, str] = {"variant": variant.base_id}
    if variant.applied_options:
        query["options"] = ",".join(variant.applied_options)
    if players is not None:
        query["players"] = str(players)
    if deal is not None:
        query["deal"] = format_deal(deal.hands, deal.up)
        if dealer is not None:
            query["dealer"] = str(dealer)
        if tuple(score) != (0, 0):
            query["score"] = f"{score[0]}-{score[1]}"
    if title:
        query["title"] = title
    return urlencode(query)


class PlayLinkDirective(RentoyDirective):
    """``{rentoy-play-link} SPEC``: "Play this variant" (a built-in variant, options
    allowed); with ``:walkthrough: PATH`` and no argument, "Play this deal": a game that
    starts with the walkthrough's deal, dealer and score."""

    optional_arguments = 1
    option_spec = {"walkthrough": directives.unchanged_required}

    def make(self) -> list[nodes.Node]:
        builder = self.env.app.builder
        if "walkthrough" in self.options:
            from ..walkthrough import load_walkthrough

            path = self.resolve_path(self.options["walkthrough"])
            note_files(self.env, [path])
            walk = load_walkthrough(path)
            variant = walk.variant
            if not variant.builtin:
                return []       # only the built-in variants travel to the page
            query = play_query(variant, players=walk.players, deal=walk.deal,
                               dealer=walk.dealer, score=walk.start_score,
                               title=data_text(walk.title))
            text, what = _("Play this deal"), _("in the browser, against the bots, from this "
                                                "deal")
        else:
            variant = self.load_variant(self.arguments[0])
            query = play_query(variant)
            text, what = _("Play this variant"), _("in the browser, against the bots")
        try:
            uri = builder.get_relative_uri(self.env.docname, PLAY_PAGE)
        except Exception:       # a builder without pages of its own
            uri = PLAY_PAGE + ".html"
        para = nodes.paragraph(classes=["rentoy-play-link"])
        ref = nodes.reference("", "", refuri=f"{uri}?{query}", classes=["rentoy-play-link-ref"])
        ref += nodes.strong(text, text)
        para += ref
        para += nodes.Text(f" {what}.")
        return [para]


# ---------------------------------------------------------------------------------------
# The page's files in the built site.

def _checkout() -> Path | None:
    """The source checkout the package was installed from (editable), if any."""
    root = Path(__file__).resolve().parent.parent.parent
    project = root / "pyproject.toml"
    if project.is_file() and 'name = "rentoy"' in project.read_text(encoding="utf-8"):
        return root
    return None


def _tree_stamp(root: Path) -> str:
    digest = hashlib.sha256()
    # The compiled catalogs too: the engine in the page speaks the build's language.
    files = [root / "pyproject.toml", *sorted((root / "rentoy").rglob("*.py")),
             *sorted((root / "rentoy").rglob("*.json")), *sorted((root / "rentoy").rglob("*.mo")),
             *sorted((root / "variants").glob("*"))]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build_wheel(folder: Path) -> Path:
    """The project's wheel, built from the checkout into ``folder`` (again only when the
    sources changed); a RuntimeError saying why when it cannot be built."""
    from .. import __version__

    root = _checkout()
    if root is None:
        raise RuntimeError("no source checkout of rentoy was found to build the wheel from")
    stamp = _tree_stamp(root)
    stamp_file = folder / "wheel.stamp"
    existing = list(folder.glob("rentoy-*.whl"))
    if (len(existing) == 1 and stamp_file.is_file()
            and stamp_file.read_text(encoding="utf-8") == stamp):
        return existing[0]
    for old in existing:
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="rentoy-wheel-") as work:
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(root), "--no-deps",
                               "--no-build-isolation", "--no-index", "-q", "-w", work],
                              capture_output=True, text=True, timeout=300)
        built = list(Path(work).glob(f"rentoy-{__version__}-*.whl"))
        if done.returncode != 0 or len(built) != 1:
            why = (done.stderr.strip().splitlines() or ["no wheel came out"])[-1]
            raise RuntimeError(f"the wheel could not be built: {why}")
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / built[0].name
        shutil.copyfile(built[0], target)
    stamp_file.write_text(stamp, encoding="utf-8")
    return target


def page_data() -> dict[str, Any]:
    """What the page reads when a game starts: every built-in variant as data, the card
    faces, and the sources' titles (in the language spoken, where the catalog has them)."""
    from ..model.cards import DECK, CardError
    from ..core.errors import RentoyError
    from ..integrations.browser import page_words
    from ..data.sources import load_sources
    from ..model.variant import variant_data
    from ..data.variants import builtin_ids, load_variant
    from .faces import face_svg

    variants = {}
    said: dict[str, Any] = {}
    for vid in builtin_ids():
        try:
            variant = load_variant(vid)
            variants[vid] = variant_data(variant)
        except (RentoyError, CardError):
            continue
        # The words the terminal reads from the glossary and the bibliography, for the
        # variant and for each of its options applied alone.
        said[vid] = page_words(variant)
        for option in variant.options:
            said[f"{vid}+{option}"] = page_words(variant.with_options(option))
    try:
        sources = {s.id: {"title": data_text(s.title), "citation": s.citation(translated=True)}
                   for s in load_sources().values()}
    except RentoyError:
        sources = {}
    return {"variants": variants, "faces": {c.code: face_svg(c) for c in DECK},
            "sources": sources, "words": said}


def _settings(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What the choices before a game need of each variant."""
    from ..model.variant import variant_from_data

    out = []
    for vid, vdata in data["variants"].items():
        v = variant_from_data(vdata)
        out.append({"id": vid, "name": data_text(v.name), "players": list(v.rules.players),
                    "default_players": v.rules.default_players, "target": v.rules.target,
                    "match": v.rules.match,
                    "options": [{"id": o.id, "name": data_text(o.name) if o.name else o.id,
                                 "status": o.provenance.status}
                                for o in v.options.values()]})
    return out


def write_play_files(outdir: Path, with_runtime: bool = True, root: Path | None = None
                     ) -> dict[str, Any]:
    """Write the page's files into the built site at ``outdir``; the manifest written.

    ``root``: the site that holds this edition in a folder of its own (the Spanish
    edition at ``html/es``): the Python runtime and the wheel, the same for every
    edition, are then written once, under the root's ``_static``, and this edition's
    manifest points there, so that a reader who changes edition downloads nothing again.
    """
    from .runtime import FILES, VERSION, RuntimeMissing, runtime_dir, total_bytes

    home = outdir if root is None else root
    up = "" if root is None else os.path.relpath(home, outdir).replace(os.sep, "/") + "/"
    play = outdir / "_static" / "play"
    play.mkdir(parents=True, exist_ok=True)
    shared = home / "_static" / "play"
    shared.mkdir(parents=True, exist_ok=True)
    data = page_data()
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    (play / "data.json").write_text(text, encoding="utf-8")
    manifest: dict[str, Any] = {"data": {"file": "data.json", "bytes": len(text.encode())},
                                "variants": _settings(data)}
    try:
        wheel = build_wheel(shared)
        # Its checksum names the started engine the reader's browser keeps (play.js):
        # a new wheel is started afresh.
        manifest["wheel"] = {"file": wheel.name, "bytes": wheel.stat().st_size,
                             "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                             "path": f"{up}_static/play/{wheel.name}"}
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        manifest["wheel"] = None
        manifest["missing"] = _("the project's wheel could not be built ({problem})").format(
            problem=exc)
    if root is not None:        # an older build's own copies, now served from the root
        for old in [outdir / "_static" / "pyodide", *play.glob("rentoy-*.whl")]:
            if old.is_dir():
                shutil.rmtree(old)
            elif old.exists():
                old.unlink()
    target = home / "_static" / "pyodide"
    if not with_runtime:
        manifest["runtime"] = None
        manifest["missing"] = _("this site was built without the Python runtime")
    else:
        try:
            source = runtime_dir()
            target.mkdir(parents=True, exist_ok=True)
            served = 0
            for name, (size, digest) in FILES.items():
                if name in COMPRESSED:
                    served += _compressed_copy(source / name, target / f"{name}.gz", digest)
                    (target / name).unlink(missing_ok=True)
                    continue
                there = target / name
                if not (there.is_file() and there.stat().st_size == size):
                    shutil.copyfile(source / name, there)
                served += size
            manifest["runtime"] = {"version": VERSION, "bytes": served,
                                   "unpacked_bytes": total_bytes(), "files": sorted(FILES),
                                   "compressed": sorted(COMPRESSED),
                                   "path": f"{up}_static/pyodide/"}
        except (RuntimeMissing, OSError) as exc:
            manifest["runtime"] = None
            manifest["missing"] = _("the Python runtime could not be fetched ({problem})").format(
                problem=exc)
    if manifest.get("runtime") is None and root is None and target.is_dir():
        shutil.rmtree(target)
    (play / "manifest.js").write_text(
        "// Written by the docs build: what the Play page can load from this site.\n"
        f"window.RENTOY_PLAY_MANIFEST = {json.dumps(manifest, ensure_ascii=False)};\n",
        encoding="utf-8")
    return manifest


#: The runtime's files the site keeps gzip-compressed (``NAME.gz``), which the page's
#: worker unpacks as it fetches them: the interpreter's WebAssembly, 9.6 MB, is 3.5 MB so,
#: and the list of packages a sixth of its size.
COMPRESSED = frozenset({"pyodide.asm.wasm", "pyodide-lock.json"})


def _compressed_copy(source: Path, target: Path, digest: str) -> int:
    """``source`` (pinned by its sha256 ``digest``) gzip-compressed into ``target``, the
    same bytes at every build (no name, no time in the header); the bytes written."""
    stamp = target.with_name(target.name + ".from")
    if target.is_file() and stamp.is_file() and stamp.read_text("utf-8") == digest:
        return target.stat().st_size
    part = target.with_name(f".{target.name}.part")
    with open(source, "rb") as raw, open(part, "wb") as out:
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=9,
                           mtime=0) as packed:
            shutil.copyfileobj(raw, packed)
    os.replace(part, target)
    stamp.write_text(digest, encoding="utf-8")
    return target.stat().st_size


def edition_root(outdir: Path, language: str | None) -> Path | None:
    """The site that holds an edition built into a folder named after its language
    (``html/es`` in ``html``), whose runtime it shares; None for a site of its own.

    >>> edition_root(Path("_build/html/es"), "es"), edition_root(Path("_build/html"), "en")
    (PosixPath('_build/html'), None)
    """
    if language and language != "en" and outdir.name == language:
        return outdir.parent
    return None


def _finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    manifest = write_play_files(outdir, app.config.rentoy_play_runtime,
                                edition_root(outdir, app.config.language))
    if manifest.get("missing"):
        # Not a warning: a site built without network is still a good site.
        logger.info(f"rentoy: the Play page cannot play here: {manifest['missing']}")


def _forget_manifest(app: Sphinx) -> None:
    """``builder-inited``: the manifest is written when the build ends, after the page
    that loads it; an earlier build's copy left in the folder would give the page's link a
    checksum of that stale file, and the page would depend on what the folder held."""
    if app.builder.format == "html":
        Path(app.outdir, "_static", "play", "manifest.js").unlink(missing_ok=True)


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: Any) -> None:
    if app.env.metadata.get(pagename, {}).get("rentoy-play"):
        app.add_css_file("play.css")
        app.add_js_file("play/manifest.js")
        app.add_js_file("play.js", type="module")


def setup(app: Sphinx) -> None:
    app.add_config_value("rentoy_play_runtime", True, "", types=frozenset({bool}))
    app.add_directive("rentoy-play", PlayDirective)
    app.add_directive("rentoy-play-link", PlayLinkDirective)
    app.connect("builder-inited", _forget_manifest)
    app.connect("build-finished", _finished)
    app.connect("html-page-context", _page_context)
