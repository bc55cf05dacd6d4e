"""The betting pages: stored equity tables, take points, and what each bet is worth.

- ``{rentoy-equity} VARIANT``: the stored table of game-winning chances as a heat map
  and a grid, with its intervals, the number of hands behind it, the whole games played
  from a few scores as a check, and the time it took;
- ``{rentoy-take-points} VARIANT A-B``: one score's decisions, every option weighed: the
  ranges of the chance of winning the hand over which folding, accepting and raising
  again are best, not counting and counting later raises, with 95% intervals;
- ``{rentoy-betting-comparison} VARIANT ...``: the take points of the variants' ladders
  side by side, with pictures, and where one ladder makes a decision right that another
  makes wrong;
- ``{rentoy-betting-worth} PATH``: what each betting action of a walkthrough is worth,
  branch by branch (the worked examples' pages).

Each directive takes ``:table: FILE`` (relative to the page): a table that ``rentoy
equity VARIANT --save FILE`` wrote, checked against the variant's rules, in place of the
stored one.

Figures are drawn at build time from the stored data (matplotlib, the docs extra) into
``figures/generated/`` beside the pages, in the build's language (``NAME.svg`` in
English, ``NAME.es.svg`` in Spanish).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst import directives

from ..analysis.stakes import STORE, source_words
from ..engine import compile_variant
from ..equity.decisions import decisions, take_intervals
from ..equity.store import load_stored, stale, store_path, table_from_json
from ..equity.worth import walkthrough_worth
from ..core.files import write_atomic
from ..core.i18n import _, data_text, language, number
from ..render.heatmap import heatmap_svg
from ..simulation import wilson_interval
from .directives import RentoyDirective
from .elements import cell, paragraph, table
from .errors import Failure
from .tracking import note_files
from ..equity.store import read_table
from ..equity.decisions import INTERVAL_DRAWS, describe, spanned, with_intervals

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["EquityDirective", "TakePointsDirective", "BettingComparisonDirective",
           "BettingWorthDirective"]

_FIGURES = "figures/generated"


def _pct(p: float) -> str:
    return f"{100 * p:.0f}"


class _Stored(RentoyDirective):
    option_spec = {"table": directives.unchanged}

    def stored(self, spec: str, players: int = 4) -> dict[str, Any]:
        variant = self.load_variant(spec) if not spec.endswith(".yaml") else \
            self.load_variant(str(self.resolve_path(spec)))
        given = self.options.get("table")
        if given:
            file = self.resolve_path(given)
            note_files(self.env, [file])
            return read_table(file, variant, players)[1]
        path = store_path(variant.id, players)
        note_files(self.env, [path])
        data = load_stored(variant.id, players, STORE)
        if data is None:
            raise Failure([(f"no stored equity table for {variant.id} at {players} "
                            f"players (looked for {path}); measure one with `rentoy equity "
                            f"{spec} --save FILE` and give it as :table: FILE", None)])
        return data

    def figure(self, name: str, svg_of: Any, caption: str, classes: tuple[str, ...] = ()
               ) -> nodes.Node:
        """An SVG drawn into the pages' figures folder, as a figure with a caption (and
        ``classes``, which say how a phone shows it: see the site's stylesheet)."""

        folder = Path(self.env.srcdir) / _FIGURES
        folder.mkdir(parents=True, exist_ok=True)
        # Each language's figure has a file of its own: the builds never rewrite another's.
        path = folder / (f"{name}.svg" if language() == "en" else f"{name}.{language()}.svg")
        text = svg_of()
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            write_atomic(path, text)
        docdir = Path(self.env.doc2path(self.env.docname)).parent
        rel = Path(__import__("os").path.relpath(path, docdir)).as_posix()
        fig = nodes.figure(classes=["rentoy-figure", *classes])
        image = nodes.image(uri=rel, alt=caption)
        image["candidates"] = {"*": str(path.relative_to(self.env.srcdir))}
        fig += image
        fig += nodes.caption(caption, caption)
        return fig

    def provenance(self, data: dict[str, Any]) -> nodes.Node:
        seconds = data["seconds"]
        checks = data.get("checks", [])
        text = _("Measured with rentoy {version}: {hands} hands, {per_score} at every "
                 "score, played by the bots {bots} at {players} players, in {seconds} s with "
                 "{jobs} worker processes; then {games} whole games from {scores} scores as "
                 "a check ({check} s). Seed {seed}.").format(
            version=data['rentoy_version'], hands=number(data['hands']),
            per_score=data['hands_per_score'], bots=data['bots'], players=data['players'],
            seconds=f"{seconds['table']:.0f}", jobs=seconds['jobs'],
            games=number(sum(c['games'] for c in checks)), scores=len(checks),
            check=f"{seconds.get('check', 0):.0f}", seed=data['seed'])
        return paragraph(text, ["rentoy-provenance-note"])


class EquityDirective(_Stored):
    """``{rentoy-equity} VARIANT``: the stored table (see the module docstring)."""

    required_arguments = 1

    def make(self) -> list[nodes.Node]:
        spec = self.arguments[0]
        data = self.stored(spec)
        eq = table_from_json(data)
        target = eq.target
        out: list[nodes.Node] = [self.provenance(data)]
        changed = stale(data)
        if changed:
            warning = nodes.warning()
            warning += paragraph(_("This table is stale: the rules changed since it was "
                                   "computed ({changes}). Measure it again.").format(
                changes=", ".join(changed)))
            out.append(warning)
        grid = [[eq.win_a(a, b) for b in range(target)] for a in range(target)]
        widths = sorted((eq.high(a, b) - eq.low(a, b)) / 2
                        for a in range(target) for b in range(target) if a != b)
        caption = _("{label}: team A's chance of winning the game (%) at the start of a "
                    "hand, either team as likely to deal (50 at equal scores, by symmetry); "
                    "{hands} hands measured, fitted so that a point more never hurts. 95% "
                    "intervals: ±{half} points at half the scores, ±{most} at most.").format(
            label=data['label'], hands=number(data['hands']),
            half=number(100 * widths[len(widths) // 2], 1), most=number(100 * widths[-1], 1))
        out.append(self.figure(
            f"equity-{data['label']}".replace("+", "-"),
            lambda: heatmap_svg(grid, _("{label}: team A wins the game (%)").format(
                                    label=data['label']),
                                _("team B's points"), _("team A's points"),
                                note=_("{hands} hands at every score, bots {bots}").format(
                                    hands=data['hands_per_score'], bots=data['bots'])),
            caption, ("rentoy-heat-as-table",)))
        # The grid's numbers as text, each cell tinted as the heat map colours it: on a
        # phone, where the picture's numbers would be a few pixels high, this table is
        # shown instead of it.
        rows = [[str(a)] + [heat_cell(eq.win_a(a, b)) for b in range(target)]
                for a in range(target)]
        out.append(table(["A \\ B", *map(str, range(target))], rows,
                         classes=["rentoy-equity", "rentoy-heat"],
                         title=_("The same grid (%): rows team A's points, columns team B's")))
        checks = []
        for c in data.get("checks", []):
            a, b, d = c["score_a"], c["score_b"], "AB".index(c["dealer"])
            low, high = wilson_interval(c["wins_a"], c["games"])
            checks.append([f"{a}-{b}", c["dealer"], str(c["games"]),
                           f"{_pct(c['wins_a'] / c['games'])} [{_pct(low)}, {_pct(high)}]",
                           f"{_pct(eq.win_a(a, b, d))} [{_pct(eq.low(a, b, d))}, "
                           f"{_pct(eq.high(a, b, d))}]",
                           _("yes") if low <= eq.high(a, b, d) and eq.low(a, b, d) <= high
                           else _("no")])
        if checks:
            out.append(table_node([_("score"), _("dealer"), _("games"), _("won by A (%)"),
                                   _("table (%)"), _("intervals meet")], checks,
                                  _("Check: whole games played from chosen scores "
                                    "(95% intervals)")))
        return out


def heat_cell(chance: float) -> cell:
    """A cell of the equity grid: the chance in per cent, and the class of its tint, in
    tenths away from even (``rentoy-heat-a1`` to ``-a5`` where team A is favoured, blue
    as in the heat map; ``rentoy-heat-b1`` to ``-b5`` where team B is, red)."""
    step = round((chance - 0.5) * 10)
    tint = [f"rentoy-heat-{'a' if step > 0 else 'b'}{abs(step)}"] if step else []
    return cell(_pct(chance), tint)


def table_node(columns: list[str], rows: list[list[str]], title: str) -> nodes.Node:
    return table(columns, rows, classes=["rentoy-equity"], title=title)


class TakePointsDirective(_Stored):
    """``{rentoy-take-points} VARIANT A-B``: one score's decisions, team B dealing, every
    option weighed, with 95% intervals."""

    required_arguments = 2

    def make(self) -> list[nodes.Node]:
        spec, score_text = self.arguments
        data = self.stored(spec)
        eq = table_from_json(data)
        a, b = (int(x) for x in score_text.split("-"))
        variant = self.load_variant(spec)
        found = with_intervals(decisions(eq.chances, variant, (a, b), 1),
                               eq.drawn(INTERVAL_DRAWS, int(data.get("seed", 0))), variant)

        def ranges(d: Any, name: str) -> str:
            if d.dead:
                return _("dead raise")
            parts = []
            for k, r in enumerate(getattr(d, name)):
                word = {"fold": _("fold"), "accept": _("accept"),
                        "raise": _("raise to {value}").format(value=d.next_value),
                        "raise-game": _("the whole game")}.get(r.option, r.option)
                parts.append(word if r.low <= 0.0 else _("{option} from {low}").format(
                    option=word, low=spanned(r.low, d.spans.get(f"{name}:{k}"))))
            return "; ".join(parts)

        rows = []
        for d in found:
            rows.append([_("{low} to {high}").format(low=d.from_value, high=d.to_value),
                         "AB"[d.team],
                         f"{d.fold_score[0]}-{d.fold_score[1]} ({_pct(d.fold_chance)})",
                         f"{d.win_score[0]}-{d.win_score[1]} ({_pct(d.win_chance)}) / "
                         f"{d.lose_score[0]}-{d.lose_score[1]} ({_pct(d.lose_chance)})",
                         ranges(d, "dead_ranges"), ranges(d, "ranges")])
        out: list[nodes.Node] = [table(
            [_("raise"), _("offered to"), _("fold leaves (game %)"),
             _("accept: won / lost (game %)"), _("best, by the chance of winning the hand"),
             _("best, counting later raises")], rows, classes=["rentoy-equity"],
            title=_("{spec} at {score}, team B dealing: the game chances are the deciding "
                    "team's; 95% intervals in brackets").format(spec=spec,
                                                               score=f"{a}-{b}"))]
        items = nodes.bullet_list()
        for d in found:
            items += nodes.list_item("", paragraph(describe(d)))
        out.append(items)
        return out


class BettingComparisonDirective(_Stored):
    """``{rentoy-betting-comparison} VARIANT ...``: the take points of the first two
    raises under each variant, side by side, with their intervals and pictures (the
    first named is the reference)."""

    required_arguments = 1
    optional_arguments = 10

    def make(self) -> list[nodes.Node]:
        found = []
        for spec in self.arguments:
            data = self.stored(spec)
            variant = self.load_variant(str(self.resolve_path(spec)) if spec.endswith(".yaml")
                                        else spec)
            tables = compile_variant(variant)
            eq = table_from_json(data)
            takes = {level: take_intervals(eq, tables, int(data["seed"]), level)
                     for level in (1, 2) if level <= tables.top_level}
            found.append((data, tables, eq, takes))
        out: list[nodes.Node] = []
        rows = []
        for data, tables, eq, takes in found:
            cells = []
            for level in (1, 2):
                if level not in takes:
                    cells.append("-")
                    continue
                est = sorted(v[0] for v in takes[level].values())
                half = sorted((v[2] - v[1]) / 2 for v in takes[level].values())
                cells.append(f"{_pct(est[len(est) // 2])} (±{_pct(half[len(half) // 2])})")
            rows.append([data["label"], " - ".join(map(str, tables.ladder)), str(eq.target),
                         _pct(eq.win_a(0, 0, 1)), *cells, number(data['hands'])])
        out.append(table([_("variant"), _("ladder"), _("target"),
                          _("A wins from 0-0, B dealing (%)"),
                          _("A accepts the first raise from (%), median over scores"),
                          _("the second raise (%)"), _("hands measured")], rows,
                         classes=["rentoy-equity"],
                         title=_("The ladders side by side: team A's dead take points, team "
                                 "B dealing (± the median half-width of their 95% "
                                 "intervals)")))
        for data, tables, eq, takes in found:
            target = eq.target
            grid = [[takes[1][(a, b)][0] for b in range(target)] for a in range(target)]
            half = sorted((v[2] - v[1]) / 2 for v in takes[1].values())
            first = _("{low} to {high}").format(low=tables.ladder[0], high=tables.ladder[1])
            out.append(self.figure(
                f"take-{data['label']}".replace("+", "-"),
                lambda grid=grid, data=data, first=first: heatmap_svg(
                    grid, _("{label}: A accepts {raise_} from (%)").format(
                        label=data['label'], raise_=first),
                    _("team B's points"), _("team A's points"),
                    note=_("dead take point, team B dealing; {hands} hands").format(
                        hands=number(data['hands']))),
                _("{label}: the least chance of winning the hand (%) at which team A does "
                  "better to accept the first raise ({raise_}) than to fold, by score, team "
                  "B dealing (dead), from {hands} measured hands; 95% intervals ±{half} "
                  "points at half the scores and ±{most} at most: single cells are noisy, "
                  "the pattern is what the figure shows.").format(
                    label=data['label'], raise_=first, hands=number(data['hands']),
                    half=_pct(half[len(half) // 2]), most=_pct(half[-1])),
                ("rentoy-heat-scrolls",)))
        out.extend(self._differences(found[0], found[1:]))
        return out

    def _differences(self, ref: Any, others: list[Any]) -> list[nodes.Node]:
        """Scores where a hand accepted under one ladder is folded under the other,
        beyond the noise: the two take points' intervals do not meet."""
        items = nodes.bullet_list()
        rdata, rtables, _ref_eq, rtakes = ref
        for data, tables, _eq, takes in others:
            apart = []
            total = 0
            for level in (1, 2):
                if level not in takes or level not in rtakes:
                    continue
                for score, (mine, low, high) in takes[level].items():
                    if score not in rtakes[level]:
                        continue
                    theirs, rlow, rhigh = rtakes[level][score]
                    total += 1
                    if high < rlow or rhigh < low:
                        apart.append((abs(mine - theirs), score, level, mine, low, high,
                                      theirs, rlow, rhigh))
            apart.sort(reverse=True)
            text = _("{label} against {reference}: of {total} decisions (team A offered the "
                     "first or the second raise, at every score), {apart} have take points "
                     "whose 95% intervals do not meet").format(
                label=data['label'], reference=rdata['label'], total=total, apart=len(apart))
            if apart:
                gap, (a, b), level, mine, low, high, theirs, rlow, rhigh = apart[0]
                text += "; " + _(
                    "the widest at {score}, the raise from {low} to {high}: accept from "
                    "{mine}% [{mine_low}, {mine_high}] against {theirs}% [{theirs_low}, "
                    "{theirs_high}] under {reference} ({ref_low} to {ref_high}): a hand "
                    "between the two is accepted under one ladder and folded under the "
                    "other.").format(
                    score=f"{a}-{b}", low=tables.ladder[level - 1], high=tables.ladder[level],
                    mine=_pct(mine), mine_low=_pct(low), mine_high=_pct(high),
                    theirs=_pct(theirs), theirs_low=_pct(rlow), theirs_high=_pct(rhigh),
                    reference=rdata['label'], ref_low=rtables.ladder[level - 1],
                    ref_high=rtables.ladder[level])
            else:
                text += ": " + _("at this number of hands no decision is told apart from "
                                 "the noise.")
            items += nodes.list_item("", paragraph(text))
        return [items] if len(items) else []


class BettingWorthDirective(RentoyDirective):
    """``{rentoy-betting-worth} PATH``: each betting action of a walkthrough with what it
    is worth (path relative to the page)."""

    required_arguments = 1
    option_spec = _Stored.option_spec

    def make(self) -> list[nodes.Node]:
        path = self.resolve_path(self.arguments[0])
        given = self.options.get("table")
        table_file = self.resolve_path(given) if given else None
        note_files(self.env, [path, *sorted(STORE.glob("*.json")),
                              *([table_file] if table_file else [])])
        worth = walkthrough_worth(path, table=table_file)
        if not worth.entries:
            return []
        sec = nodes.section(names=["what each decision is worth"])
        title = _("What each decision is worth")
        sec += nodes.title(title, title)
        self.state.document.note_implicit_target(sec, sec)
        sec += paragraph(_(
            "At each raise, accept and fold: what each answer leads to, each team's chance "
            "of winning the game there, and over which chances of winning the hand the "
            "choice made is the best of all those open, from the table of game-winning "
            "chances of {variant} at {players} players ({source}; see the page \u201cWhat "
            "the bet is worth\u201d), first not counting the raises that may follow, then "
            "counting them. Figures in brackets are 95% intervals; where one is wide, the "
            "table cannot yet tell.").format(
                variant=worth.variant, players=worth.players,
                source=source_words(worth.source)))
        items = nodes.bullet_list()
        for e in worth.entries:
            where = " / ".join(data_text(p) for p in e.path) or _("Before the branches")
            item = paragraph([nodes.strong(where, where), nodes.Text(", "),
                              nodes.literal(e.action, e.action), nodes.Text(": " + e.words)])
            items += nodes.list_item("", item)
        sec += items
        return [sec]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-equity", EquityDirective)
    app.add_directive("rentoy-take-points", TakePointsDirective)
    app.add_directive("rentoy-betting-comparison", BettingComparisonDirective)
    app.add_directive("rentoy-betting-worth", BettingWorthDirective)
