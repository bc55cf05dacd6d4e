"""A variant's page and its tables: the page body, its rules with provenance, the
betting ladder, and the inline roles that quote a rule's value or status (the pages over
every variant are :mod:`rentoy.sphinxext.library`; the schema reference and an example
file, :mod:`rentoy.sphinxext.schema`).

A variant's page leads with how it differs from the variant it extends (the changed
rules, the parent's value beside the new one), then links the examples that use it;
in the full rules table a rule inherited unchanged is one line with its evidence
folded away. Rules are named in words (the schema's ``title``) with the YAML key
beneath; sources are author-year citations linked to the bibliography.

Everything comes from :func:`rentoy.load_variant` and :mod:`rentoy.comparison.reference`, the
same code behind ``rentoy rules``, so the site and the command line show the same
values.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes

from ..core.i18n import N_, _, data_text, ngettext
from ..model.provenance import STATUSES
from ..data.variants import is_uncorroborated, builtin_variants, schema_path
from .cards import card_order_nodes
from .citations import source_refs
from .directives import RentoyDirective, RentoyRole, split_spec_rule
from .elements import (cell, facts, folded, paragraph, spanish, status_count, status_node,
                       status_word, table, xref)
from .errors import Failure
from .tracking import note_files, note_listing
from ..model.cards import CardError
from ..comparison.reference import carried_words, format_value, rule_origin, value_words
from ..core.errors import RentoyError, suggest
from ..data.glossary import gloss, raise_gloss
from ..model.ruletable import RULE_NAMES, rule_description, rule_title
from ..data.validation import load_schema
from ..model.variant import is_game_step
from ..data import variants as variants_module
from ..walkthrough import load_walkthrough
from .domain import register_id, register_target
from .downloads import link, variant_files_uri
from .evidence import labelled_sources, quotation_refs, spanish_quotations
from .shared import headings_option, section, walkthrough_files, walkthrough_id
from ..data.glossary import shown_gloss

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.variant import Variant

__all__ = ["rules_table", "differences_table", "changed_rules", "rule_label", "options_table",
           "ladder_nodes", "status_legend", "variant_ref", "markdown_inline"]


def markdown_inline(directive: RentoyDirective | RentoyRole | None, text: str | None
                     ) -> list[nodes.Node]:
    """A note or description as inline Markdown (emphasis, code), in a page's syntax;
    the Spanish passages it quotes marked so (:func:`.evidence.spanish_quotations`)."""
    if not text:
        return []
    if isinstance(directive, RentoyDirective):
        found, _messages = directive.parse_inline(" ".join(text.split()))
        return spanish_quotations(found)
    return spanish_quotations([nodes.Text(" ".join(text.split()))])


def _value_node(rule: str, value: Any, words: bool = False) -> nodes.inline:
    """A rule's value as the files write it; with ``words`` (a table's cell), in the
    rule table's words, the value as written in small type after it."""

    text = format_value(rule, value)
    if not words:
        # A word of the file (``follow``) is code in every language; numbers are not.
        make = nodes.literal if any(c.isalpha() for c in text) else nodes.inline
        return make(text, text, classes=["rentoy-value"])
    phrase = value_words(rule, value)
    node = nodes.inline(classes=["rentoy-value-cell"])
    node += nodes.inline(phrase, phrase, classes=["rentoy-value"])
    if phrase != text:
        node += nodes.Text(" ")
        node += nodes.literal(text, text, classes=["rentoy-value-code"])
    return node


def _carried_over_nodes(variant: Variant, rule: str) -> list[nodes.Node]:
    """A marker for a rule inherited although a rule it was written for changed
    (``Variant.carried_over``), to lead its note; nothing for any other rule."""
    stale = variant.carried_over.get(rule)
    if stale is None:
        return []
    label = stale.label
    text = _("{label}: not restated.").format(label=label[0].upper() + label[1:])
    return [nodes.inline(text, text, classes=["rentoy-carried-over"]), nodes.Text(" ")]


def _is_linkable(variant: Variant) -> bool:
    """Whether ``variant`` has a page of its own to link to (a built-in, no options)."""
    return variant.builtin and not variant.applied_options


def variant_ref(variant_id: str, text: str | None = None) -> nodes.Node:
    return xref("variant", variant_id, text or variant_id)


def rule_label(name: str, key: bool = True) -> nodes.inline:
    """A rule as readers name it ("Order of the trumps"), its YAML key beneath in small
    type (``key``), the schema's description as the tooltip."""

    title = rule_title(name)
    label = nodes.inline(classes=["rentoy-rule-label"])
    label += nodes.abbreviation(title, title, explanation=rule_description(name),
                                classes=["rentoy-rule-title"])
    if key:
        label += nodes.literal(name, name, classes=["rentoy-rule-key"])
    return label


def _origin_nodes(variant: Variant, rule: str) -> list[nodes.Node]:
    """Where a rule comes from when the variant's file does not state it: ``↑`` and the
    variant it is carried over from (linked), with its status there, as the status legend
    reads, or the option or the engine default that sets it."""

    words, parent = rule_origin(variant, rule)
    there = carried_words(variant, rule)
    after = [nodes.Text(f", {there}")] if there else []
    if parent and not variant.provenance[rule].option:
        arrow = nodes.abbreviation("↑", "↑", explanation=_("carried over from {parent}").format(parent=parent)
                                   + (f", {there}" if there else ""),
                                   classes=["rentoy-inherited"])
        return [arrow, nodes.Text(" "), variant_ref(parent)] + after
    return [nodes.Text(words)] + ([variant_ref(parent)] if parent else []) + after


def _note_nodes(directive: RentoyDirective | None, variant: Variant, name: str
                ) -> list[nodes.Node]:
    prov = variant.provenance[name]
    note: list[nodes.Node] = markdown_inline(directive, data_text(prov.note or ""))
    if prov.alternatives:
        note.append(nodes.Text((" " if note else "") + _("Other readings: ")))
        note.append(nodes.Text(", ".join(f"{variant.base_id}+{a}" for a in prov.alternatives)))
    note.extend(quotation_refs(variant, name))
    return note


def changed_rules(variant: Variant, parent: Variant) -> list[str]:
    """The rules whose value ``variant`` sets differently from ``parent``."""

    return [r for r in RULE_NAMES if variant.values[r] != parent.values[r]]


def rules_table(directive: RentoyDirective, variant: Variant, *, anchors: bool = False,
                rules: Sequence[str] | None = None,
                changed: Sequence[str] = ()) -> nodes.table:
    """Every rule (or ``rules``) of a variant: value, status, sources, note.

    A rule the variant's own file states shows its sources and note in full; one
    inherited unchanged (or set by the engine's default) is one compact line, ``↑``
    and the parent, with its sources and note folded away. Rules in ``changed`` (those
    that differ from the parent) are highlighted.
    """

    rows, ids, classes = [], [], []
    for name in rules or RULE_NAMES:
        prov = variant.provenance[name]
        note = _note_nodes(directive, variant, name)
        own = prov.defined_in == variant.base_id and not prov.option
        value = _value_node(name, variant.values[name], words=True)
        marks: list[nodes.Node] = [status_node(prov.status)]
        if is_uncorroborated(variant, name):
            marks.append(nodes.Text(", " + _("uncorroborated")))
        status = cell(marks, [f"rentoy-cell-{prov.status}"])
        if own:
            rows.append([rule_label(name), value, status,
                         labelled_sources(variant, prov.source), note or "-"])
        else:
            body = paragraph(None, ["rentoy-folded-body"])
            body += nodes.Text(_("Sources: "))
            body.extend(labelled_sources(variant, prov.source))
            if note:
                body += nodes.Text(". ")
                body.extend(note)
            # A rule carried over although a rule it was written for changed says so
            # where it can be seen, not inside the fold.
            head = _origin_nodes(variant, name)
            stale = _carried_over_nodes(variant, name)
            if stale:
                head += [nodes.Text(" — ")] + stale
            rows.append([rule_label(name), value, status,
                         cell(folded(head, [body], ["rentoy-inherited-row"]), morecols=1)])
        classes.append(["rentoy-changed"] if name in changed else
                       ["rentoy-own"] if own else ["rentoy-from-parent"])
        ids.append(register_id(directive.env, "rule", f"{variant.id}.{name}",
                               f"{variant.id}: {name}", directive.get_location())
                   if anchors else None)
    return table([_("rule"), _("value"), _("status"), _("sources"), _("note")], rows,
                 classes=["rentoy-rules"], row_ids=ids, row_classes=classes)


def differences_table(directive: RentoyDirective, variant: Variant, parent: Variant,
                      rules: Sequence[str]) -> nodes.table:
    """The rules ``variant`` changes: the parent's value beside the variant's, with the
    variant's status, sources and note in full."""
    rows = []
    for name in rules:
        prov = variant.provenance[name]
        rows.append([rule_label(name), _value_node(name, parent.values[name], words=True),
                     cell(_value_node(name, variant.values[name], words=True),
                          ["rentoy-differs"]),
                     cell(status_node(prov.status), [f"rentoy-cell-{prov.status}"]),
                     source_refs(prov.source),
                     _note_nodes(directive, variant, name) or "-"])
    columns: list[Any] = [_("rule"), [nodes.Text(_("in") + " "), variant_ref(parent.id)]
                          if _is_linkable(parent) else f"{_('in')} {parent.id}",
                          f"{_('in')} {variant.id}", _("status"), _("sources"), _("why")]
    return table(columns, rows, classes=["rentoy-differences"])


def options_table(directive: RentoyDirective, variant: Variant) -> nodes.table | None:
    """The variant's named options: what each changes, with its provenance."""

    if not variant.options:
        return None
    rows = []
    for option in variant.options.values():
        spec = f"{variant.base_id}+{option.id}"

        changes = "; ".join(f"{rule_title(k).lower()}: {value_words(k, v)}"
                            for k, v in option.rules.items())
        prov = option.provenance
        status: list[nodes.Node] = [status_node(prov.status)]
        if prov.carried:
            status.append(nodes.Text(" " + _("(as in {variant}, {status} there)").format(
                variant=prov.defined_in, status=status_word(str(prov.stated_status)))))
        rows.append([nodes.literal(spec, spec), changes,
                     cell(status, [f"rentoy-cell-{prov.status}"]),
                     labelled_sources(variant, prov.source),
                     markdown_inline(directive, data_text(prov.note or ""))])
    return table([_("option"), _("changes"), _("status"), _("sources"), _("note")], rows,
                 classes=["rentoy-options"])


def ladder_nodes(variant: Variant) -> list[nodes.Node]:
    """The betting ladder: each value, the call players say, its gloss, the fold value."""

    rules = variant.rules
    calls = rules.calls

    def show(value: Any) -> str:
        return (_("the game (reach {target})").format(target=rules.target)
                if is_game_step(value) else str(value))

    rows = []
    for level, value in enumerate(rules.ladder):
        if level == 0:
            rows.append([_("0 (no raise)"), show(value), "-", "-", "-"])
            continue
        call = calls.for_raise(level)
        stale = variant.carried_over.get("calls")
        call_node: nodes.Node | str = spanish(call) if call else (
            f"({stale.label})" if stale else "-")
        rows.append([str(level), show(value), call_node,
                     shown_gloss(raise_gloss(call, value, rules.target) or "") or "-",
                     show(rules.ladder[level - 1])])
    columns = [_("raise"), _("the hand is worth"), _("call"), _("gloss"),
               _("a fold gives the raisers")]
    # A column with nothing recorded in it (no call words, no glosses) is left out.
    keep = [i for i in range(len(columns))
            if i not in (2, 3) or any(r[i] != "-" for r in rows)]
    out: list[nodes.Node] = [table(
        [columns[i] for i in keep], [[r[i] for i in keep] for r in rows],
        classes=["rentoy-ladder"])]
    if 2 not in keep:
        out.append(paragraph(_("This variant records no words for the raises."),
                             ["rentoy-ladder-note"]))
    said = []
    for what, word in ((_("To accept"), calls.accept), (_("to fold"), calls.fold)):
        if word:
            meaning = gloss(word)
            said.append((what, word, shown_gloss(meaning) if meaning else meaning))
    para = paragraph(None, ["rentoy-ladder-note"])
    if said:
        for i, (what, word, meaning) in enumerate(said):
            para += nodes.Text(("; " if i else "") + _("{what} a raise players say ").format(
                what=what))
            para += spanish(word)
            if meaning:
                para += nodes.Text(f" ({meaning})")
        para += nodes.Text(". ")
    para += nodes.Text(_("Ladder: {ladder}; raise right: {right}; the game is to "
                         "{target}.").format(
        ladder=format_value('ladder', variant.values['ladder']),
        right=value_words('raise_right', rules.raise_right), target=rules.target))
    out.append(para)
    return out


def status_legend() -> nodes.paragraph:
    """What each status mark means, from the schema's own description of statuses."""

    meaning: dict[str, str] = {}
    # The description names each status as files write it, its meaning translated.
    text = _(load_schema(str(schema_path())).get("$defs", {}).get("status", {}).get(
        "description", ""))
    for part in text.split(";"):
        key, sep, rest = part.strip().partition(":")
        if sep:
            meaning[key.strip()] = rest.strip().rstrip(".")
    para = paragraph(None, ["rentoy-legend"])
    for i, status in enumerate(STATUSES):
        if i:
            para += nodes.Text("; ")
        para += status_node(status, short=True)
        para += nodes.Text(" ")
        para += status_node(status)
        if status in meaning:
            para += nodes.Text(f": {meaning[status]}")
    para += nodes.Text(_("; ↑ carried over from another variant without evidence of its "
                         "own (assumed here); * uncorroborated (attested by one source "
                         "alone, which names no source of its own)."))
    return para


# ---------------------------------------------------------------------------------------
# Directives.

class VariantDirective(RentoyDirective):
    """``{rentoy-variant} SPEC``: a variant's page body (facts, description, card
    orders, betting, rules with provenance, options), with link targets. Its parts
    are sections; ``:headings: rubrics`` makes them rubrics, for use inside prose."""

    required_arguments = 1
    option_spec = {"headings": headings_option}

    def make(self) -> list[nodes.Node]:
        variant = self.load_variant(self.arguments[0])
        out: list[nodes.Node] = [register_target(self.env, "variant", variant.id, variant.name,
                                                 self.get_location())]
        ident: list[nodes.Node] = [nodes.literal(variant.id, variant.id)]
        if variant.path is not None:
            ident += [nodes.Text(" (" + _("file") + " "),
                      nodes.literal(variant.path.name, variant.path.name),
                      nodes.Text(")")]
        items: list[tuple[str, Any]] = [
            (_("Id"), ident),
            (_("Period, region"), f"{data_text(variant.period or '') or _('not stated')}; "
                                  f"{data_text(variant.region or '') or _('not stated')}")]
        if variant.extends:
            items.append((_("Extends"), [variant_ref(variant.extends)] if variant.builtin
                          else variant.extends))
        if variant.sources:
            items.append((_("Sources"), labelled_sources(variant, variant.sources)))
        if _is_linkable(variant):
            where = variant_files_uri(variant.id)
            items.append((_("Files"), [link(self.env.docname, where["yaml"],
                                         f"{variant.id}.yaml", ("rentoy-download",)),
                                    nodes.Text(" " + _("(the variant file the engine reads); ")),
                                    link(self.env.docname, where["json"],
                                         f"{variant.id}.json", ("rentoy-download",)),
                                    nodes.Text(" " + _("(its rules with their provenance, as ")),
                                    nodes.literal(f"rentoy rules {variant.id} -f json",
                                                  f"rentoy rules {variant.id} -f json"),
                                    nodes.Text(" " + _("prints them)"))]))
        counts = ", ".join(status_count(s, n) for s, n in variant.status_counts().items()
                           if n)
        carried = sorted({str(p.defined_in) for p in variant.provenance.values() if p.carried})
        n_carried = sum(p.carried for p in variant.provenance.values())
        items.append((_("Evidence"), f"{counts} (" + _("of {count} rules").format(
            count=len(variant.values))
                      + ("; " + _("{count} carried over from {variants}, assumed here").format(
                          count=n_carried, variants=", ".join(carried)) + ")"
                         if n_carried else ")")))
        out.append(facts(items))
        if variant.description:
            out.extend(self.parse_text_to_nodes(data_text(variant.description)))

        parent, changed = self._parent(variant)
        if parent is not None:
            # The name without its gloss: "Modern Ávila (over-trumping ...)" -> "Modern Ávila".
            short = data_text(variant.name or variant.id).split(" (")[0].split(": ")[0]
            title = _("How {variant} differs from {parent}").format(variant=short,
                                                                    parent=parent.id)
            english = f"How {(variant.name or variant.id).split(' (')[0].split(': ')[0]} " \
                      f"differs from {parent.id}"
            diff = section(self, title, key=english)
            if changed:
                diff += paragraph(ngettext(
                    "{changed} of {count} rules differs from {parent}'s; every other rule "
                    "is the same.", "{changed} of {count} rules differ from {parent}'s; "
                    "every other rule is the same.", len(changed)).format(
                    changed=len(changed), count=len(variant.values), parent=parent.id))
                diff += differences_table(self, variant, parent, changed)
            else:
                diff += paragraph(_("Every rule has the same value as in {parent}; this "
                                    "variant differs in its evidence only.").format(
                    parent=parent.id))
            out.append(diff)
        used = self._used_in(variant)
        if used:
            out.append(used)

        orders = section(self, N_("Card orders"))
        orders.extend(card_order_nodes(variant))
        betting = section(self, N_("Betting"))
        betting.extend(ladder_nodes(variant))
        rules = section(self, N_("All rules and their provenance"))
        rules += status_legend()
        rules += paragraph(_("Rules the variant's own file states are shown with their "
                             "sources and notes; a rule inherited unchanged is one line, its "
                             "sources and note folded under ↑. Highlighted rows differ from "
                             "the parent."),
                           ["rentoy-legend"])
        rules += rules_table(self, variant, anchors=_is_linkable(variant), changed=changed)
        out += [orders, betting, rules]
        opts = options_table(self, variant)
        if opts is not None:
            sec = section(self, N_("Options"))
            sec += paragraph(_("Select an option by adding it to the id, as in {spec}; "
                               "options can be combined.").format(
                spec=f"{variant.base_id}+{next(iter(variant.options))}"))
            sec += opts
            out.append(sec)
        return out

    def _parent(self, variant: Variant) -> tuple[Variant | None, list[str]]:
        """The variant this one extends, and the rules whose values differ from it."""

        if not variant.extends:
            return None, []
        try:
            if variant.builtin:
                parent = self.load_variant(variant.extends)
            else:
                base = variant.path.parent if variant.path is not None else None
                parent = variants_module.load_variant(variant.extends, relative_to=base)
        except (RentoyError, CardError):
            return None, []
        return parent, changed_rules(variant, parent)

    def _used_in(self, variant: Variant) -> nodes.Element | None:
        """Links to the worked examples played under this variant and to the pages that
        compare it, when the site has them."""

        if not _is_linkable(variant):
            return None

        folder = Path(self.env.srcdir) / self.config.rentoy_examples_dir
        note_listing(self.env, "examples")
        examples = []
        for path in walkthrough_files(folder):
            note_files(self.env, [path])
            try:
                wt = load_walkthrough(path)
            except (RentoyError, CardError):
                continue
            if wt.variant.builtin and wt.variant.base_id == variant.base_id:
                examples.append(xref("walkthrough", walkthrough_id(path), data_text(wt.title)))
        para = paragraph(None, ["rentoy-used-in"])
        # Which variants extend this one, not what they say: the page is read again when
        # the lineage changes, not on every edit of another variant's rules.
        note_listing(self.env, "lineage")
        children = [v for v in builtin_variants() if v.extends == variant.base_id]
        if children:
            para += nodes.strong(_("Extended by: "), _("Extended by: "))
            for i, child in enumerate(children):
                if i:
                    para += nodes.Text(", ")
                para += variant_ref(child.id)
            para += nodes.Text(" " + _("(each page opens with what it changes).") + " ")
        if examples:
            para += nodes.strong(_("Worked examples: "), _("Worked examples: "))
            for i, link in enumerate(examples):
                if i:
                    para += nodes.Text("; ")
                para += link
            para += nodes.Text(". ")
        pages = [(doc, text) for doc, text in (("compare", _("every variant side by side")),
                                               ("provenance", _("the evidence, rule by rule")))
                 if doc in self.env.found_docs]
        if pages:
            para += nodes.strong(_("Compared: "), _("Compared: "))
            for i, (doc, text) in enumerate(pages):
                if i:
                    para += nodes.Text("; ")
                ref = addnodes.pending_xref("", refdomain="std", reftype="doc",
                                            reftarget=f"/{doc}", refexplicit=True)
                ref += nodes.inline(text, text)
                para += ref
            para += nodes.Text(".")
        return para if len(para) else None


class RulesDirective(RentoyDirective):
    """``{rentoy-rules} SPEC``: the rules table with provenance. Option ``:rules:``
    limits it to some rules (comma-separated)."""

    required_arguments = 1
    option_spec = {"rules": directives.unchanged_required}

    def make(self) -> list[nodes.Node]:
        variant = self.load_variant(self.arguments[0])
        names = None
        if "rules" in self.options:
            names = [n.strip() for n in self.options["rules"].split(",") if n.strip()]
            for name in names:
                _check_rule(name)
        return [rules_table(self, variant, rules=names)]


class LadderDirective(RentoyDirective):
    """``{rentoy-ladder} SPEC``: the betting ladder with calls, glosses and fold values."""

    required_arguments = 1

    def make(self) -> list[nodes.Node]:
        return ladder_nodes(self.load_variant(self.arguments[0]))


# ---------------------------------------------------------------------------------------
# Roles.

class ValueRole(RentoyRole):
    """``{rentoy-value}`1737:ladder```: a rule's value inline, as in the tables."""

    def make(self) -> list[nodes.Node]:
        spec, rule = split_spec_rule(self.text)
        variant = self.load_variant(spec)
        _check_rule(rule)
        node = _value_node(rule, variant.values[rule])
        prov = variant.provenance[rule]
        from ..model.ruletable import rule_title

        title = f"{variant.id}, {rule_title(rule)}: {status_word(prov.status)}"
        if prov.source:
            title += f" ({', '.join(prov.source)})"
        if _is_linkable(variant):
            return [xref("rule", f"{variant.id}.{rule}", node, title=title)]
        return [node]


class SaysRole(RentoyRole):
    """``{rentoy-says}`1737:follow_suit```: what a rule's value says, in the rule table's
    words for that value and in the page's language ("no duty to follow the suit led;
    only the arrastre binds"), linked to the rule: a value put into a sentence as a
    clause, never as a bare ``true`` or ``none``."""

    def make(self) -> list[nodes.Node]:
        from ..comparison.reference import value_words

        spec, rule = split_spec_rule(self.text)
        variant = self.load_variant(spec)
        _check_rule(rule)
        words = value_words(rule, variant.values[rule])
        node = nodes.inline(words, words, classes=["rentoy-says"])
        if _is_linkable(variant):
            return [xref("rule", f"{variant.id}.{rule}", node)]
        return [node]


class StatusRole(RentoyRole):
    """``{rentoy-status}`1737:follow_suit```: a rule's provenance status inline."""

    def make(self) -> list[nodes.Node]:
        spec, rule = split_spec_rule(self.text)
        variant = self.load_variant(spec)
        _check_rule(rule)
        node = status_node(variant.provenance[rule].status)
        if _is_linkable(variant):
            return [xref("rule", f"{variant.id}.{rule}", node)]
        return [node]


def _check_rule(rule: str) -> None:
    if rule not in RULE_NAMES:
        hint = suggest(rule, RULE_NAMES)
        raise Failure([(f"no rule {rule!r}" + (f" ({hint})" if hint else "")
                        + f"; rules are: {', '.join(RULE_NAMES)}", None)])


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-variant", VariantDirective)
    app.add_directive("rentoy-rules", RulesDirective)
    app.add_directive("rentoy-ladder", LadderDirective)
    app.add_role("rentoy-value", ValueRole())
    app.add_role("rentoy-says", SaysRole())
    app.add_role("rentoy-status", StatusRole())
