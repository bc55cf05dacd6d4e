"""Worked examples on the site: a walkthrough run at build time and drawn.

``{rentoy-walkthrough} PATH`` runs the file through :func:`rentoy.walkthrough.run_walkthrough`
and shows, outcomes first: every branch's outcome (the scores the branches end at, then
a table, each linked to its branch), the deal as cards, and the transcript (each action,
the call said and its gloss, what it did, refusals with their reason codes), the
trunk's actions first and then every branch one after another, folded under its path
rather than nested. Scores, tricks and games are written one way throughout
(``A 4, B 5``), trick winners as seats. A walkthrough whose expectations fail, or
whose action is refused unexpectedly, fails the build at the file and line of the
failure (the page still shows the run). ``{rentoy-walkthrough-list}`` lists every
walkthrough of the examples folder, linked to its page.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes

from ..data.glossary import shown_gloss
from ..core.i18n import N_, _, data_text
from ..walkthrough import load_walkthrough, run_walkthrough, schema_path
from ..walkthrough.narrate import score_text, team_of_seat, value_text
from ..walkthrough.transcript import hand_heading
from .cards import card_node, deal_nodes
from .directives import RentoyDirective
from .domain import register_target
from .elements import cell, facts, folded, paragraph, spanish, table, xref
from .errors import Failure
from .figures import figure
from .shared import headings_option, section, walkthrough_files, walkthrough_id
from .tracking import library_files, note_files, note_listing, variant_files
from .trees import tree_leaves, tree_svg

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..walkthrough import Segment, Step, Walkthrough, WalkthroughRun

__all__ = ["WalkthroughDirective", "WalkthroughListDirective", "DealDirective",
           "run_failures"]

_LINE = re.compile(r"^line (\d+): (.*)$", re.DOTALL)


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def run_failures(run: WalkthroughRun, path: Path) -> list[tuple[str, str | None]]:
    """Each failure of a run as (message, "file:line"), naming its branch."""
    out: list[tuple[str, str | None]] = []
    for segment in run.segments():
        for failure in segment.failures:
            match = _LINE.match(failure)
            line = match.group(1) if match and match.group(1) != "None" else segment.line
            text = match.group(2) if match else failure
            where = f"{_display(path)}:{line}" if line else _display(path)
            out.append((f"walkthrough {run.walkthrough.title!r}, {segment.label}: {text}",
                        where))
    return out


def _score(score: Sequence[int]) -> str:
    """A pair by team (score, tricks, games), written one way everywhere: ``A 4, B 5``."""

    return score_text((score[0], score[1]))


def _branch_ids(run: WalkthroughRun, prefix: str) -> dict[tuple[str, ...], str]:
    """An HTML id for each branch's path, unique on the page."""
    ids: dict[tuple[str, ...], str] = {}
    for i, segment in enumerate(run.segments()):
        if segment.name is not None:
            ids[segment.path] = nodes.make_id(f"{prefix}-branch-{i}-{segment.path[-1]}")
    return ids


def _ending(r: Any, matches: bool = False) -> str:
    """How a leaf branch ends, in a sentence's words (``matches``: a match of several
    games is played, so say when it is won)."""

    if not r.finished:
        return _("hand not over; worth {value}").format(value=value_text(r.value))
    text = _("{team} wins the hand ({value})").format(team=r.hand_winner,
                                                     value=value_text(r.value))
    if r.game_winner:
        text += _(" and the game")
    if matches and r.match_winner:
        text += _(" and the match")
    return text


def _path(path: Any) -> str:
    """A branch's path as the page shows it, each name in the page's language (a
    record's hands by number: "mano 2")."""
    from ..walkthrough.transcript import branch_name

    return " › ".join(branch_name(name) for name in path)


def walkthrough_argument(directive: Any) -> tuple[Path, Any]:
    """The walkthrough file a directive names (relative to the page), loaded, and noted
    with the files it reads so that editing any of them rebuilds the page."""

    path = directive.resolve_path(directive.arguments[0])
    note_files(directive.env, [path, schema_path()])
    if not path.is_file():
        raise Failure([(f"no walkthrough file {directive.arguments[0]!r} (looked for "
                        f"{path})", None)])
    wt = load_walkthrough(path)
    note_files(directive.env, variant_files(wt.variant) + library_files())
    return path, wt


class WalkthroughDirective(RentoyDirective):
    """``{rentoy-walkthrough} PATH``: a walkthrough run and rendered (path relative to
    the page). Its parts (deal, transcript, outcomes) are headed by rubrics;
    ``:headings: sections`` makes them sections, as on the generated pages."""

    required_arguments = 1
    option_spec = {"headings": headings_option}

    def make(self) -> list[nodes.Node]:
        path, wt = walkthrough_argument(self)
        run = run_walkthrough(wt)
        out = self.render(run, path)
        if not run.ok:
            return out + self.fail(Failure(run_failures(run, path)))
        return out

    def render(self, run: WalkthroughRun, path: Path) -> list[nodes.Node]:
        wt = run.walkthrough
        out: list[nodes.Node] = [register_target(self.env, "walkthrough", walkthrough_id(path),
                                                 data_text(wt.title), self.get_location())]
        out.append(self._facts(wt, path))
        if wt.description:
            out.extend(self.parse_text_to_nodes(data_text(wt.description)))
        self.options.setdefault("headings", "rubrics")
        self.branch_ids = _branch_ids(run, walkthrough_id(path))
        # What happens first: every branch's outcome, each linked to its branch.
        outcomes = section(self, N_("Outcomes"))
        if not wt.is_record and tree_leaves(run) >= 2:
            outcomes += self._tree(run)
        # A record's hands follow one another: their scores are not alternative endings.
        summary = None if wt.is_record else self._endings(run)
        if summary is not None:
            outcomes += summary
        outcomes += self._outcomes(run)
        if wt.is_record:
            return out + [outcomes, self._record(run)]
        deal = section(self, N_("The deal"))
        deal.extend(deal_nodes(wt.deal, variant=wt.variant, dealer=wt.dealer))
        transcript = section(self, N_("Transcript"))
        if run.root.branches:
            transcript += paragraph(_("The actions every branch shares come first; then "
                                      "each branch, folded (open one to read it), "
                                      "continues from the branch it names."),
                                    ["rentoy-legend"])
        transcript.extend(self._transcript(run.root, wt))
        return out + [outcomes, deal, transcript]

    def _tree(self, run: WalkthroughRun) -> nodes.Node:
        """The branches drawn as a tree, each box linked to its branch's play."""

        wt = run.walkthrough
        leaves = tree_leaves(run)
        label = _("The branches of {title} as a tree: {leaves} endings").format(
            title=data_text(wt.title), leaves=leaves)
        caption = _("From {score}, each box is a branch as the file names it: a box with "
                    "lines leading on is a point where the play parts, and each ending "
                    "gives the score it leaves and the team that wins the hand (blue: team "
                    "A; orange: team B). Select a box to open its play below; the table "
                    "under the figure gives the same endings.").format(
            score=score_text(run.root.end.score))
        return figure(tree_svg(run, self.branch_ids, label), label, caption,
                      classes=["rentoy-tree-box"])

    def _record(self, run: WalkthroughRun) -> nodes.Element:
        """A record's hands in order, each headed by its dealer and score, with its deal
        and its actions (the outcome table links to each hand)."""

        wt = run.walkthrough
        transcript = section(self, N_("The hands"))
        for hand, segment in zip(wt.hands, run.hands):
            text = hand_heading(hand, segment)
            head = paragraph(None, ["rentoy-branch-title"])
            head["ids"] = [self.branch_ids[segment.path]]
            head += nodes.strong(text, text)
            transcript += head
            transcript.extend(deal_nodes(hand.deal, variant=wt.variant, dealer=hand.dealer))
            transcript += self._segment_body(segment, wt)
        return transcript

    def _facts(self, wt: Walkthrough, path: Path) -> nodes.field_list:
        v = wt.variant
        if v.builtin:
            variant: list[nodes.Node] = [xref("variant", v.base_id, v.base_id)]
            if v.applied_options:
                variant.append(nodes.Text("+" + "+".join(v.applied_options)))
            variant.append(nodes.Text(f" ({data_text(v.name or '')})"))
        else:
            variant = [nodes.Text(f"{v.id} ({data_text(v.name or '')})")]
        shown = Path(os.path.relpath(path, Path(self.env.srcdir).parent)).as_posix()
        items: list[tuple[str, Any]] = [
            (_("Variant"), variant),
            (_("Players"), (_("{players}; seat {dealer} deals the first hand, and the deal "
                              "passes to the next seat after each; team A holds the even "
                              "seats, team B the odd ones") if wt.is_record else
                            _("{players}; dealer seat {dealer}, mano seat {mano}; team A "
                              "holds the even seats, team B the odd ones")).format(
                players=wt.players, dealer=wt.dealer, mano=wt.mano)),
            (_("Score before the first hand") if wt.is_record else _("Score before the hand"),
             score_text(wt.start_score) + " "
             + _("(the game is to {target})").format(target=wt.target))]
        if wt.best_of > 1:
            items.append((_("Games before this one"), score_text(wt.games) + " " + _(
                "(the match is the best of {games})").format(games=wt.best_of)))
        if wt.seed is not None:
            items.append((_("Deal"), _("drawn from seed {seed}").format(seed=wt.seed)))
        items.append((_("File"), [nodes.literal(shown, shown),
                               nodes.Text(" " + _("(run it with") + " "),
                               nodes.literal(f"rentoy run {shown}", f"rentoy run {shown}"),
                               nodes.Text(")")]))
        return facts(items)

    # -- the transcript --------------------------------------------------------------

    def _transcript(self, root: Segment, wt: Walkthrough) -> list[nodes.Node]:
        """The trunk's steps, then every branch one after another (not nested), each
        folded under its path."""
        out: list[nodes.Node] = [self._segment_body(root, wt)]
        for segment in root.walk():
            if segment.name is None:
                continue
            head = paragraph(None, ["rentoy-branch-title"])
            for i, name in enumerate(segment.path):
                if i:
                    head += nodes.Text(" › ")
                shown = _path([name])
                head += (nodes.strong(shown, shown) if i == len(segment.path) - 1
                         else nodes.Text(shown))
            if segment.result is not None:
                r = segment.result
                head += nodes.Text(f" — {_ending(r, wt.best_of > 1)}; {_score(r.score)}")
            box = folded(head, [self._segment_body(segment, wt)],
                         ["rentoy-branch", "rentoy-leaf" if not segment.branches else
                          "rentoy-fork"], ids=[self.branch_ids[segment.path]])
            out.append(box)
        return out

    def _segment_body(self, segment: Segment, wt: Walkthrough) -> nodes.container:
        box = nodes.container(classes=["rentoy-segment"])
        if len(segment.path) > 1:
            parent = segment.path[:-1]
            para = paragraph(_("Continues from "), ["rentoy-continues"])
            ref = nodes.reference("", "", internal=True,
                                  refid=self.branch_ids[parent])
            ref += nodes.Text(_path(parent))
            para += ref
            para += nodes.Text(".")
            box += para
        if segment.description:
            box.extend(self.parse_text_to_nodes(data_text(segment.description)))
        if not segment.ran:
            box += paragraph(_("Not played: an action before this branch was refused."),
                             ["rentoy-not-run"])
        elif segment.steps:
            steps = nodes.enumerated_list(classes=["rentoy-steps"])
            for step in segment.steps:
                steps += self._step(step, wt)
            box += steps
        if segment.ran and (segment.expect or segment.failures):
            box += self._expectations(segment)
        if segment.branches:
            para = paragraph(_("Then: "), ["rentoy-then"])
            for i, branch in enumerate(segment.branches):
                if i:
                    para += nodes.Text("; ")
                ref = nodes.reference("", "", internal=True,
                                      refid=self.branch_ids[branch.path])
                ref += nodes.Text(data_text(branch.name or ""))
                para += ref
            para += nodes.Text(".")
            box += para
        return box

    def _step(self, step: Step, wt: Walkthrough) -> nodes.list_item:
        classes = ["rentoy-step"]
        if step.refusal is not None:
            classes.append("rentoy-refused")
        if step.dead:
            classes.append("rentoy-dead")
        item = nodes.list_item(classes=classes)
        from ..walkthrough.narrate import action_text

        head = paragraph(None, ["rentoy-step-head"])
        action = step.action
        # Words for the reader; the file's notation beside them, in small type.
        words = action_text(action, step.state.value if action.kind == "raise"
                            and not step.refused else None)
        head += nodes.Text(words)
        if action.kind == "play" and action.card is not None:
            head += nodes.Text(" ")
            head += card_node(action.card)
        notation = nodes.inline("", "", classes=["rentoy-notation"])
        notation += nodes.literal(step.text, step.text)
        head += nodes.Text(" ")
        head += notation
        if step.call:
            head += nodes.Text(" — ")
            call = spanish(step.call)
            call["classes"].append("rentoy-call")
            head += call
            if step.gloss:
                head += nodes.Text(f" ({shown_gloss(step.gloss)})")
        if step.refusal is not None:
            head += nodes.Text(" — " + _("refused:") + " ")
            code = step.refusal.reason
            head += xref("reason", code, nodes.literal(code, code))
        item += head
        remarks = list(step.remarks)
        if remarks:
            # A refusal's reason code in the words ([not-your-turn]) is code.
            para = paragraph(None, ["rentoy-remarks"])
            for i, piece in enumerate(_reason_split(" ".join(remarks))):
                para += nodes.literal(piece, piece) if i % 2 else nodes.Text(piece)
            item += para
        trick = step.trick
        if trick is not None:
            para = paragraph(_("Trick: "), ["rentoy-trick"])
            seats = trick.seats(wt.players)
            for i, (seat, card) in enumerate(zip(seats, trick.cards)):
                if i:
                    para += nodes.Text(", ")
                para += nodes.Text(_("seat {seat}").format(seat=seat) + " ")
                para += card_node(card, classes=["rentoy-card-won"] if seat == trick.winner
                                  else ())
            para += nodes.Text("; " + _("seat {seat} (team {team}) wins it.").format(
                seat=trick.winner, team=team_of_seat(trick.winner)))
            item += para
        if step.note:
            item += paragraph(self.parse_inline(data_text(step.note))[0],
                              ["rentoy-step-note"])
        return item

    def _expectations(self, segment: Segment) -> nodes.paragraph:
        from ..walkthrough.narrate import expectations_words

        held = not segment.failures
        para = paragraph(None, ["rentoy-expect", "rentoy-expect-ok" if held
                                else "rentoy-expect-failed"])
        label = _("Expected:") if held else _("Expected, but did not hold:")
        para += nodes.strong(label, label)
        para += nodes.Text(" ")
        # A reason code or a variant id in the words (between backticks) is code.
        for i, piece in enumerate(expectations_words(segment.expect).split("`")):
            para += nodes.literal(piece, piece) if i % 2 else nodes.Text(piece)
        para += nodes.Text(". " + _("All hold.") if held else ".")
        for failure in segment.failures:
            para += nodes.Text(" ")
            para += nodes.emphasis(failure, failure)
        return para

    # -- the outcome table -------------------------------------------------------------

    def _endings(self, run: WalkthroughRun) -> nodes.Node | None:
        """The scores the finished branches end at, each with the branches reaching it,
        linked: the walkthrough's outcomes in one glance."""
        by_score: dict[tuple[int, int], list[Any]] = {}
        for r in run.results:
            if r.finished and r.path:
                by_score.setdefault((r.score[0], r.score[1]), []).append(r)
        if len(run.results) < 2 or not by_score:
            return None
        items = nodes.bullet_list(classes=["rentoy-endings"])
        for score, results in by_score.items():
            item = nodes.list_item()
            para = paragraph(None)
            para += nodes.strong(_score(score), _score(score))
            para += nodes.Text(" (" + _("{team} wins the hand").format(
                team=results[0].hand_winner) + "): ")
            for i, r in enumerate(results):
                if i:
                    para += nodes.Text("; ")
                ref = nodes.reference("", "", internal=True,
                                      refid=self.branch_ids[tuple(r.path)])
                ref += nodes.Text(_path(r.path))
                para += ref
            item += para
            items += item
        intro = paragraph(_("The branches end at {count} different scores:").format(
            count=len(by_score)),
                          ["rentoy-endings-intro"])
        box = nodes.container(classes=["rentoy-endings-box"])
        box += intro
        box += items
        return box

    def _outcomes(self, run: WalkthroughRun) -> nodes.table:
        """Every leaf branch: how it ends, the score, the tricks, whether it held."""

        matches = run.walkthrough.best_of > 1
        rows = []
        for r in run.results:
            if r.path and tuple(r.path) in self.branch_ids:
                ref = nodes.reference("", "", internal=True,
                                      refid=self.branch_ids[tuple(r.path)])
                ref += nodes.Text(_path(r.path))
                label: Any = paragraph(ref)
            else:
                label = r.label
            ending = _ending(r, matches)
            if r.outcomes:
                ending += "; " + _("if A wins it: {a}, if B: {b}").format(
                    a=_score(r.outcomes['A']), b=_score(r.outcomes['B']))
            match = [r.match_winner or "-"] if matches else []
            rows.append([label, ending, _score(r.score), value_text(r.value), *match,
                         _score(r.tricks),
                         cell(_("yes") if r.ok else _("NO"),
                              ["rentoy-ok" if r.ok else "rentoy-failed"])])
        first = _("hand") if run.walkthrough.is_record else _("branch")
        return table([first, _("how it ends"), _("score"), _("value"),
                      *([_("match won by")] if matches else []), _("tricks"), _("holds")],
                     rows, classes=["rentoy-outcomes"])


#: A reason code as the remarks give it, in brackets: ``[not-your-turn]``.
_REASON = re.compile(r"(?<=\[)([a-z]+(?:-[a-z]+)*)(?=\])")


def _reason_split(text: str) -> list[str]:
    """``text`` split around the reason codes it gives in brackets (the odd pieces), a
    word in brackets that is no reason code left in the text."""
    from ..engine.rules import REASONS

    out = [""]
    for i, piece in enumerate(_REASON.split(text)):
        if i % 2 and piece in REASONS:
            out += [piece, ""]
        else:
            out[-1] += piece
    return out


class WalkthroughListDirective(RentoyDirective):
    """``{rentoy-walkthrough-list}``: every walkthrough in the examples folder, with its
    variant and what it shows, linked to its page."""

    def make(self) -> list[nodes.Node]:
        folder = Path(self.env.srcdir) / self.config.rentoy_examples_dir
        note_listing(self.env, "examples")
        rows = []
        for path in walkthrough_files(folder):
            note_files(self.env, [path])
            wt = load_walkthrough(path)
            note_files(self.env, variant_files(wt.variant))
            summary = data_text(wt.description or "").strip().split("\n\n")[0]
            v = wt.variant
            variant: Any = ([xref("variant", v.base_id, v.id)] if v.builtin else v.id)
            rows.append([xref("walkthrough", walkthrough_id(path), data_text(wt.title)), variant,
                         str(wt.players), self.parse_inline(" ".join(summary.split()))[0]
                         if summary else "-"])
        return [table([_("walkthrough"), _("variant"), _("players"), _("what it shows")], rows,
                      classes=["rentoy-walkthroughs"])]


class DealDirective(RentoyDirective):
    """``{rentoy-deal} PATH``: the deal of a walkthrough file drawn as cards, with the
    turned-up card and the score (path relative to the page)."""

    required_arguments = 1

    def make(self) -> list[nodes.Node]:
        _path, wt = walkthrough_argument(self)
        return deal_nodes(wt.deal, variant=wt.variant, dealer=wt.dealer,
                          score=wt.start_score)


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-walkthrough", WalkthroughDirective)
    app.add_directive("rentoy-deal", DealDirective)
    app.add_directive("rentoy-walkthrough-list", WalkthroughListDirective)
