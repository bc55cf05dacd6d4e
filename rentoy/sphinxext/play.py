"""The site's seat at the table: the Play page, its links, and what the page loads.

``{rentoy-play}`` writes the Play page's table: the choice of variant, table size, seat
and bots, readable before anything is downloaded, and the place the game is drawn.
``{rentoy-play-link} SPEC`` (a variant) or ``{rentoy-play-link}`` with ``:walkthrough:
PATH`` (a worked example's first deal) links to that page with the game chosen.

When an HTML build finishes, the page's files are written into the built site under
``_static/play/``: ``data.json`` (every built-in variant compiled to data with
:func:`rentoy.variant.variant_data`, its options included; the card faces as the site
draws them; the sources' titles, for refusals), the project's own wheel built from the
checkout (without network, by the build backend already installed), and
``manifest.js`` (what is there and how big it is). The Python runtime, Pyodide, pinned
in :mod:`rentoy.sphinxext.runtime`, goes under ``_static/pyodide/``. When the runtime
or the wheel cannot be had, the build goes on and the manifest says why; the page then
says so and points to ``rentoy play``.

Configuration: ``rentoy_play_runtime`` (default True; False leaves the runtime out, as
a build without npm or network would).
"""

from __future__ import annotations

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

from ..i18n import _, data_text
from docutils.parsers.rst import directives

from .directives import RentoyDirective
from .errors import logger
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["PlayDirective", "PlayLinkDirective", "play_query", "PLAY_PAGE", "BOTS"]

#: The docname of the Play page (links point to it).
PLAY_PAGE = "play-in-the-browser"
#: The bots a reader may choose, strongest first.
BOTS = ("search", "greedy", "random")
_PACES = (("700", "one by one"), ("250", "quickly"), ("0", "at once"))


def _megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


# ---------------------------------------------------------------------------------------
# The page.

def _select(name: str, label: str, choices: list[tuple[str, str]], selected: str = "",
            hint: str = "") -> str:
    options = "".join(
        f'<option value="{html.escape(v)}"{" selected" if v == selected else ""}>'
        f"{html.escape(t)}</option>" for v, t in choices)
    extra = f'<span class="rentoy-play-hint">{html.escape(hint)}</span>' if hint else ""
    return (f'<label class="rentoy-play-field">{html.escape(label)}'
            f'<select name="{name}">{options}</select>{extra}</label>')


def play_form(variants: list[tuple[str, str, tuple[int, ...], int]]) -> str:
    """The HTML of the choices made before a game: ``variants`` as (id, name, table
    sizes, default size). The page's script fills in the options of the variant chosen."""
    from .runtime import VERSION, total_bytes

    first = variants[0] if variants else ("1737", "1737", (4,), 4)
    chosen = next((v for v in variants if v[0] == "1737"), first)
    parts = [
        '<form class="rentoy-play-setup" id="rentoy-play-setup" autocomplete="off">',
        '<fieldset><legend>A new game</legend>',
        _select("variant", "Variant", [(v, f"{v}: {name}") for v, name, _, _ in variants],
                chosen[0]),
        '<fieldset class="rentoy-play-options" hidden><legend>Options</legend></fieldset>',
        _select("players", "Players", [(str(n), str(n)) for n in chosen[2]], str(chosen[3])),
        _select("seat", "Your seat", [(str(s), f"{s}" + (" (the first to play)" if s == 0
                                                        else "")) for s in range(chosen[3])]),
        _select("partners", "Your partners", [(b, f"{b} bot") for b in BOTS], "search"),
        _select("opponents", "The opponents", [(b, f"{b} bots") for b in BOTS], "search"),
        '<label class="rentoy-play-field">Seed<input name="seed" type="number" min="0" '
        'max="999999999" step="1" inputmode="numeric" placeholder="a new one">'
        '<span class="rentoy-play-hint">the same seed deals the same cards as '
        '<code>rentoy play --seed</code></span></label>',
        _select("pace", "The bots' moves", [(v, t) for v, t in _PACES], "700"),
        '<p class="rentoy-play-deal" hidden></p>',
        '<p class="rentoy-play-start"><button type="submit" class="rentoy-play-button '
        'rentoy-play-primary">Start the game</button></p>',
        '</fieldset>',
        f'<p class="rentoy-play-download">Starting the first game downloads the Python '
        f'runtime (Pyodide {VERSION}, {_megabytes(total_bytes())}) and this project\'s '
        'engine (under 1 MB) from this site, once; nothing is sent anywhere, and '
        'nothing is loaded before you start.</p>',
        '</form>',
    ]
    return "".join(parts)


class PlayDirective(RentoyDirective):
    """``{rentoy-play}``: the seat at the table (choices, then the game, drawn by the
    page's script from what the engine in the page says)."""

    def make(self) -> list[nodes.Node]:
        from ..cards import CardError
        from ..errors import RentoyError
        from ..variants import builtin_ids, load_variant

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
        body = (f'<div class="rentoy-play" id="rentoy-play" data-root="{html.escape(root)}">'
                + play_form(rows)
                + '<div class="rentoy-play-status" role="status" aria-live="polite"></div>'
                '<div class="rentoy-play-table" hidden></div>'
                '<noscript><p class="rentoy-play-missing">This table needs JavaScript. '
                'Without it, play at the terminal: <code>rentoy play 1737</code>.</p>'
                '</noscript></div>')
        return [nodes.raw("", body, format="html")]


# ---------------------------------------------------------------------------------------
# Links to the page.

def play_query(variant: Any, *, players: int | None = None, deal: Any = None,
               dealer: int | None = None, score: tuple[int, int] = (0, 0),
               title: str | None = None) -> str:
    """The query string that opens the Play page with a variant (and a first deal)
    chosen: ``variant``, ``options``, ``players``, ``deal`` (seats split by ``;``, cards
    by ``,``), ``up``, ``dealer``, ``score`` and ``title``.

    >>> from rentoy.variants import load_variant
    >>> play_query(load_variant("1737+borrego"), players=2)
    'variant=1737&options=borrego&players=2'
    """
    query: dict[str, str] = {"variant": variant.base_id}
    if variant.applied_options:
        query["options"] = ",".join(variant.applied_options)
    if players is not None:
        query["players"] = str(players)
    if deal is not None:
        query["deal"] = ";".join(",".join(c.code for c in h) for h in deal.hands)
        query["up"] = deal.up.code
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
                               dealer=walk.dealer, score=walk.start_score, title=walk.title)
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
    files = [root / "pyproject.toml", *sorted((root / "rentoy").rglob("*.py")),
             *sorted((root / "rentoy").rglob("*.json")), *sorted((root / "variants").glob("*"))]
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
    faces, and the sources' titles."""
    from ..cards import DECK, CardError
    from ..errors import RentoyError
    from ..sources import load_sources
    from ..variant import variant_data
    from ..variants import builtin_ids, load_variant
    from .faces import face_svg

    variants = {}
    for vid in builtin_ids():
        try:
            variants[vid] = variant_data(load_variant(vid))
        except (RentoyError, CardError):
            continue
    try:
        sources = {s.id: {"title": s.title, "citation": s.citation()}
                   for s in load_sources().values()}
    except RentoyError:
        sources = {}
    return {"variants": variants, "faces": {c.code: face_svg(c) for c in DECK},
            "sources": sources}


def _settings(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What the choices before a game need of each variant."""
    from ..variant import variant_from_data

    out = []
    for vid, vdata in data["variants"].items():
        v = variant_from_data(vdata)
        out.append({"id": vid, "name": v.name, "players": list(v.rules.players),
                    "default_players": v.rules.default_players, "target": v.rules.target,
                    "match": v.rules.match,
                    "options": [{"id": o.id, "name": o.name or o.id,
                                 "status": o.provenance.status}
                                for o in v.options.values()]})
    return out


def write_play_files(outdir: Path, with_runtime: bool = True) -> dict[str, Any]:
    """Write the page's files into the built site at ``outdir``; the manifest written."""
    from .runtime import FILES, VERSION, RuntimeMissing, runtime_dir, total_bytes

    play = outdir / "_static" / "play"
    play.mkdir(parents=True, exist_ok=True)
    data = page_data()
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    (play / "data.json").write_text(text, encoding="utf-8")
    manifest: dict[str, Any] = {"data": {"file": "data.json", "bytes": len(text.encode())},
                                "variants": _settings(data)}
    try:
        wheel = build_wheel(play)
        manifest["wheel"] = {"file": wheel.name, "bytes": wheel.stat().st_size}
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        manifest["wheel"] = None
        manifest["missing"] = f"the project's wheel could not be built ({exc})"
    target = outdir / "_static" / "pyodide"
    if not with_runtime:
        manifest["runtime"] = None
        manifest["missing"] = "this site was built without the Python runtime"
    else:
        try:
            source = runtime_dir()
            target.mkdir(parents=True, exist_ok=True)
            for name, (size, _digest) in FILES.items():
                there = target / name
                if not (there.is_file() and there.stat().st_size == size):
                    shutil.copyfile(source / name, there)
            manifest["runtime"] = {"version": VERSION, "bytes": total_bytes(),
                                   "files": sorted(FILES)}
        except (RuntimeMissing, OSError) as exc:
            manifest["runtime"] = None
            manifest["missing"] = f"the Python runtime could not be fetched ({exc})"
    if manifest.get("runtime") is None and target.is_dir():
        shutil.rmtree(target)
    (play / "manifest.js").write_text(
        "// Written by the docs build: what the Play page can load from this site.\n"
        f"window.RENTOY_PLAY_MANIFEST = {json.dumps(manifest, ensure_ascii=False)};\n",
        encoding="utf-8")
    return manifest


def _finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    manifest = write_play_files(Path(app.outdir), app.config.rentoy_play_runtime)
    if manifest.get("missing"):
        # Not a warning: a site built without network is still a good site.
        logger.info(f"rentoy: the Play page cannot play here: {manifest['missing']}")


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
    app.connect("build-finished", _finished)
    app.connect("html-page-context", _page_context)
