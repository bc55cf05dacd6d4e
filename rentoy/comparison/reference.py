"""The rules reference as reports: the list of variants, one variant's rules, the
bibliography and the glossary.

These are the tables behind ``rentoy variants`` and ``rentoy rules`` and the
generated pages of the docs, so every place shows the same values and provenance.
"""

from __future__ import annotations


from collections.abc import Sequence

from ..model.cards import RANK_LETTERS, TrumpRelative, parse_card_spec
from ..core.i18n import N_, _, data_text, language, ngettext, use_language
from ..model.provenance import STATUS_MARKS, STATUSES
from ..render import Report, Section, Table, plain
from ..model.ruletable import RULE_NAMES, RULES, SECTIONS, rule_title, rules_in, section_title
from ..model.variant import Variant
from ..data.variants import cited_source, is_uncorroborated

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["format_value", "value_words", "variants_report", "rules_page", "rules_report",
           "rule_record", "rule_origin", "refusal_origin", "carried_words", "source_record", "status_text",
           "status_word", "RANK_LETTER", "source_data", "sources_report", "source_report",
           "glossary_report", "rule_quotations", "joined", "shown_text"]

#: The statuses in words (the data keeps the English keys, ``STATUSES``).
STATUS_WORDS: dict[str, str] = {"attested": N_("attested"), "inferred": N_("inferred"),
                                "assumed": N_("assumed"), "disputed": N_("disputed")}
#: The kinds of source in words (``rentoy.sources.KINDS`` gives the English).
KIND_WORDS: tuple[str, ...] = (N_("period text"), N_("reconstruction"), N_("scholarship"),
                               N_("modern report"), N_("program"), N_("reference work"))


def status_word(status: str) -> str:
    """A status (``attested``) in the language spoken now (``atestiguada``)."""
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status

#: How ranks are shown in card orders: the figures by their initials.
RANK_LETTER: dict[int, str] = {rank: letter.upper() for letter, rank in RANK_LETTERS.items()}


def format_value(rule: str, value: Any) -> str:
    """A rule value as people read it (orders with R, C, S, A; lists joined)."""
    if rule in ("trump_order", "plain_order"):
        return " ".join(RANK_LETTER.get(r, str(r)) for r in value)
    if rule == "top_cards":
        return " > ".join(value) if value else _("none")
    if rule == "ladder":
        return " - ".join(_("game") if v == "game" else str(v) for v in value)
    if rule == "calls":
        parts = []
        for key in ("raise", "game", "accept", "fold", "turn_up"):
            if key in value:
                v = value[key]
                parts.append(f"{key}: {' / '.join(v) if isinstance(v, (list, tuple)) else v}")
        return "; ".join(parts) or _("(none recorded)")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


# The figures' names are Spanish in both languages; a Spanish sentence writes them in
# lower case, as it writes any card's name in running text.
_FIGURES: dict[int, str] = {1: N_("As"), 10: N_("Sota"), 11: N_("Caballo"), 12: N_("Rey")}


def _figure(rank: int) -> str:
    """A rank as a sentence names it: a figure by its name, a number as itself."""
    return _(_FIGURES[rank]) if rank in _FIGURES else str(rank)


def _card_words(code: str) -> str:
    """A card of a rule in words: ``the Cinco de bastos``, ``the 4 of the trump suit``
    (the Sota takes its own article in Spanish: ``la Sota``)."""
    spec = parse_card_spec(code)
    if isinstance(spec, TrumpRelative):
        if spec.rank == 10:
            return _("the {sota} of the trump suit").format(sota=_figure(10))
        return _("the {rank} of the trump suit").format(
            rank=_figure(spec.rank))
    # A card's name is a proper name in an English sentence, a common noun in a Spanish
    # one (el cinco de bastos).
    name = spec.name if language() == "en" else spec.name.lower()
    if spec.rank == 10:
        return _("the {sota}").format(sota=name)
    return _("the {card}").format(card=name)


#: The words that join the last item of a list: "and", "or", "then".
_LAST_WORDS: dict[str, str] = {"and": N_("{items} and {last}"), "or": N_("{items} or {last}"),
                               "then": N_("{items}, then {last}")}


def joined(words: Sequence[str], last: str = "and") -> str:
    """Items as prose in the language spoken now: ``2, 4 or 6`` (``2, 4 o 6``; in
    Spanish ``y`` is ``e`` before an i sound and ``o`` is ``u`` before an o sound).

    >>> joined(["2", "4", "6"], "or")
    '2, 4 or 6'
    """
    if len(words) <= 1:
        return "".join(words)
    last_word = words[-1]
    text = _(_LAST_WORDS[last]).format(items=", ".join(words[:-1]), last=last_word)
    sound = last_word.lower()
    if text.endswith(" y " + last_word) and sound.startswith(("i", "í", "hi", "hí")) \
            and not sound.startswith(("hie", "hia")):
        text = text[:-len(last_word) - 2] + "e " + last_word
    elif text.endswith(" o " + last_word) and sound.startswith(("o", "ó", "ho", "8", "11")):
        text = text[:-len(last_word) - 2] + "u " + last_word
    return text


_joined = joined


def value_words(rule: str, value: Any) -> str:
    """A rule's value as a sentence of a rules page says it: the rule table's phrase for
    a rule that names its values, and for cards, orders and words their names.

    >>> value_words("trump_order", [2, 12, 11, 10, 1, 7, 6, 5, 4, 3])
    '2, Rey, Caballo, Sota, As, 7, 6, 5, 4 and 3'
    >>> value_words("top_cards", ["4T"]), value_words("arrastre", "none")
    ('the 4 of the trump suit', 'no duty: any card may be played')
    """
    if rule in ("trump_order", "plain_order"):
        return _joined([_figure(r) for r in value])
    if rule == "top_cards":
        return (_joined([_card_words(c) for c in value], "then") if value
                else _("no card"))
    if rule == "calls":
        said = []
        labels = {"raise": N_("to raise"), "accept": N_("to accept"), "fold": N_("to fold"),
                  "game": N_("to call the whole game"), "turn_up": N_("the turned-up card")}
        for key, label in labels.items():
            if value.get(key):
                words = value[key]
                text = " / ".join(words) if isinstance(words, (list, tuple)) else words
                said.append(f"{_(label)}, {text}")
        return "; ".join(said) or _("none recorded")
    if rule == "players":
        return _("{value} players").format(value=_joined([str(v) for v in value], "or"))
    return RULES[rule].words(value)


def stated_text(rule: str, value: Any) -> str:
    """What a source states of a rule, in words: the rule as readers name it and its
    value as a rules page says it (:func:`value_words`), several forms a source
    describes joined by "or".

    >>> stated_text("top_cards", {"one_of": [[], ["4T"]]})
    'cards above every trump: no card, or the 4 of the trump suit'
    >>> stated_text("calls", {"turn_up": "muestra"})
    'words said at the table: the turned-up card, muestra'
    """
    if isinstance(value, dict) and set(value) == {"one_of"}:
        words = _(", or ").join(value_words(rule, v) for v in value["one_of"])
    else:
        words = value_words(rule, value)
    return f"{_lower_first(rule_title(rule))}: {words}" if rule in RULES else f"{rule}: {words}"


def rule_origin(variant: Variant, rule: str) -> tuple[str, str | None]:
    """Where a rule is stated, as ``rentoy rules`` words it: the words, and the parent
    variant they end with when the rule is carried over from it (None otherwise), for a
    renderer that links it. :func:`carried_words` says what the evidence is worth there."""
    prov = variant.provenance[rule]
    if prov.option:
        if prov.carried:
            return _("option {option}, as in ").format(option=prov.option), prov.defined_in
        return _("option {option}").format(option=prov.option), None
    if prov.defined_in is None:
        return _("engine default"), None
    if prov.defined_in == variant.base_id:
        return _("this file"), None
    return _("as in "), prov.defined_in


def carried_words(variant: Variant, rule: str) -> str | None:
    """For a rule carried over from another variant, the status it has there
    ("attested there"); None for a rule the variant states itself."""
    prov = variant.provenance[rule]
    if not prov.carried:
        return None
    return _("{status} there").format(status=status_word(str(prov.stated_status)))


def _origin(variant: Variant, rule: str) -> str:
    words, parent = rule_origin(variant, rule)
    there = carried_words(variant, rule)
    return words + (parent or "") + (f", {there}" if there else "")


def source_record(variant: Variant | None, sid: str) -> dict[str, Any]:
    """One cited source as plain data: id, kind, date and a short label."""
    from ..data.sources import load_sources  # at use: start-up (bench/startup.py)

    src = cited_source(variant, sid) if variant is not None else load_sources().get(sid)
    if src is None:
        return {"id": sid, "kind": None, "date": None, "label": None}
    return {"id": sid, "kind": src.kind, "date": src.year, "label": src.label()}


def carried_over_text(variant: Variant, rule: str) -> str | None:
    """Why an inherited rule is carried over, as ``rentoy rules`` says it (None if not):
    ``top_cards_are_trumps is carried over from another set of top cards (stated in
    1737 for top_cards none)``."""
    item = variant.carried_over.get(rule)
    if item is None:
        return None
    was = _(" and ").join(f"{r} {format_value(r, item.was[r])}" for r in item.changed)
    part = _(" (its raise words, not used to name raises)") if item.part == "raise" else ""
    return _("{rule}{part} is {label} (stated in {parent} for {was})").format(
        rule=rule, part=part, label=item.label, parent=item.stated_in, was=was)


def _carried_over_notes(records: list[dict[str, Any]]) -> list[str]:
    """The lines under ``rentoy rules``: what a carried rule's status means, and the
    rules carried over from other values, if any."""
    out = []
    carried = [r for r in records if r["carried"]]
    if carried:
        out.append(ngettext(
            "{n} rule carried over (`from`: as in another variant): assumed here, whatever "
            "it is there, until this file ties it to its variant with a source and a note.",
            "{n} rules carried over (`from`: as in another variant): assumed here, whatever "
            "they are there, until this file ties them to its variant with a source and a "
            "note.", len(carried)).format(n=len(carried)))
    stale = [r["carried_over"] for r in records if r["carried_over"]]
    if stale:
        out.append(_("Not restated: {rules}.").format(rules="; ".join(stale)))
    return out


def _inherited_options_notes(variant: Variant) -> list[str]:
    """The line under the options naming those inherited, and from where."""
    inherited: dict[str, list[str]] = {}
    for option in variant.options.values():
        if option.provenance.defined_in not in (None, variant.base_id):
            inherited.setdefault(str(option.provenance.defined_in), []).append(option.id)
    if not inherited:
        return []
    parts = "; ".join(_("{options} from {parent}").format(options=", ".join(ids), parent=parent)
                      for parent, ids in inherited.items())
    return [_("Inherited: {options} (a file withdraws one with `<option>: null` under "
              "`options`).").format(options=parts)]


def rule_record(variant: Variant, rule: str) -> dict[str, Any]:
    """One rule as plain data: value, its reader's title and the value in words, status,
    sources, note, origin; in English whatever the language spoken (the JSON output keeps
    English keys and values)."""
    with use_language("en"):
        return _rule_record(variant, rule)


def _rule_record(variant: Variant, rule: str) -> dict[str, Any]:
    prov = variant.provenance[rule]
    row = RULES[rule]
    return {
        "rule": rule, "title": row.title, "section": row.section,
        "value": plain(variant.values[rule]),
        "display": format_value(rule, variant.values[rule]),
        "words": value_words(rule, variant.values[rule]),
        "status": prov.status, "source": list(prov.source), "note": prov.note,
        "alternatives": list(prov.alternatives), "not_modelled": prov.not_modelled,
        "carried_over": carried_over_text(variant, rule),
        "defined_in": prov.defined_in, "option": prov.option,
        "from": _origin(variant, rule),
        "carried": prov.carried, "stated_status": prov.stated_status,
        "uncorroborated": is_uncorroborated(variant, rule),
        "sources": [source_record(variant, sid) for sid in prov.source],
        "quotes": rule_quotations(variant, rule),
    }


def rule_quotations(variant: Variant, rule: str) -> list[str]:
    """The ids of the passages (``variants/quotations.yaml``) a rule rests on, as the
    variant (or option) that states it has them."""
    from ..data.quotations import quotations_for  # at use: start-up (bench/startup.py)

    prov = variant.provenance[rule]
    if prov.defined_in is None:
        return []
    if prov.option:
        found = quotations_for(prov.defined_in, rule) + quotations_for(
            prov.defined_in, option=prov.option)
    else:
        found = quotations_for(prov.defined_in, rule)
    return list(dict.fromkeys(q.id for q in found))


def status_text(record: dict[str, Any]) -> str:
    """A rule's status as a listing shows it, with the uncorroborated mark, in the
    language spoken now."""
    return status_word(record["status"]) + (_(", uncorroborated") if record["uncorroborated"]
                                            else "")


def variants_report(variants: list[Variant]) -> Report:
    rows, data = [], []
    for v in variants:
        counts = v.status_counts()
        rows.append([v.id, data_text(v.name), data_text(v.period or "") or None,
                     data_text(v.region or "") or None,
                     " ".join(str(counts[s]) for s in STATUSES), ", ".join(v.options) or "-"])
        data.append({"id": v.id, "name": v.name, "period": v.period, "region": v.region,
                     "extends": v.extends, "statuses": counts, "options": list(v.options),
                     "path": str(v.path) if v.path else None})
    marks = " ".join(STATUS_MARKS[s] for s in STATUSES)
    table = Table([N_("id"), N_("name"), N_("period"), N_("region"), marks, N_("options")],
                  rows, wrap={"name": 34, "period": 6, "region": 16, "options": 28},
                  notes=[_("{marks}: how many of the variant's rules are {statuses}.").format(
                      marks=marks, statuses=", ".join(
                          f"{status_word(s)} ({STATUS_MARKS[s]})" for s in STATUSES))])
    return Report(data, [table])


def _short_cite(record: dict[str, Any], variant: Variant | None) -> str:
    """A source as a page cites it: author (or title) and date, ``RAE 1737``; with no
    variant, an entry of the bibliography."""
    if variant is None:
        from ..data.sources import load_sources  # at use: start-up (bench/startup.py)

        src = load_sources().get(record["id"])
    else:
        src = cited_source(variant, record["id"])
    if src is None:
        ident: str = record["id"]
        return ident
    who = data_text(src.author or src.title)
    return f"{who} {src.year}" if src.year else _("{who}, undated").format(who=who)


def refusal_origin(variant: Variant, rule: str) -> str:
    """The rule behind a refusal as a reader reads it: its title, the variant, and its
    evidence marked as the rules page marks it (``Rule “Who answers a raise” of variant
    1737 [inferred: Rentoy (...), undated].``)."""
    prov = variant.provenance.get(rule)
    title = rule_title(rule) if rule in RULES else rule
    origin = _("Rule “{title}” of variant {variant}").format(title=title, variant=variant.id)
    if prov is None:
        return origin + "."
    status = status_text({"status": prov.status,
                          "uncorroborated": is_uncorroborated(variant, rule)})
    return f"{origin} [{_status_and_cites(variant, status, prov.source)}]."


def _status_and_cites(variant: Variant, status: str, sources: Sequence[str]) -> str:
    """``inferred: Rentoy (...), undated``: a status in words and the sources cited by
    author and date, as a rules page marks a rule."""
    cites = "; ".join(dict.fromkeys(_short_cite({"id": sid}, variant) for sid in sources))
    return status + (f": {cites}" if cites else "")


def _evidence_words(variant: Variant, record: dict[str, Any]) -> str:
    """A rule's status and sources, as a rules page marks them after the rule."""
    bits = [_status_and_cites(variant, status_text(record),
                              [r["id"] for r in record["sources"]])]
    prov = variant.provenance[record["rule"]]
    if prov.option or prov.defined_in != variant.base_id:
        bits.append(_origin(variant, record["rule"]))
    return "[" + ", ".join(bits) + "]"


def shown_text(text: str) -> str:
    """A text of a variant file (or worked example) in the language spoken now, found in
    the catalog as the file writes it: a loader that strips a block scalar's last line
    break (a description) still finds its translation."""
    shown = data_text(text)
    if shown == text and text and not text.endswith("\n"):
        again = data_text(text + "\n")
        if again != text + "\n":
            return again.rstrip("\n")
    return shown


def _note(text: object) -> str:
    """A note of a variant file on one line, in the language spoken now."""
    return " ".join(shown_text(str(text)).split()) if text else ""


def rules_page(variant: Variant) -> Report:
    """A variant's rules as a page reads them: by section (players and the deal, the
    cards, the play, the betting, scoring), each rule by its reader's name with its
    value in words and its status and sources marked, its note beneath; then the options.
    The data is that of ``rules_report`` (in English); the words are in the language
    spoken now, the notes too where the variants catalog has them."""
    table = rules_report(variant)
    records = {r["rule"]: r for r in table.data["rules"]}
    facts = ", ".join(data_text(f) for f in (variant.period, variant.region) if f)
    cited = "; ".join(_short_cite({"id": sid}, variant) for sid in variant.sources)
    text = [(facts + ". " if facts else "")
            + (_("Sources: {sources}.").format(sources=cited) if cited else "")]
    if variant.description:
        text += [" ".join(part.split())
                 for part in shown_text(variant.description).split("\n\n")]
    sections = []
    for key in SECTIONS:
        paragraphs = []
        for row in rules_in(key):
            record = records[row.name]
            words = value_words(row.name, variant.values[row.name])
            line = (f"- {rule_title(row.name)}: {words}. "
                    f"{_evidence_words(variant, record)}")
            if record["note"]:
                line += " " + _note(record["note"])
            paragraphs.append(line)
        sections.append(Section(section_title(key), paragraphs))
    if variant.options:
        paragraphs = []
        for option in table.data["options"]:
            changes = "; ".join(f"{_lower_first(rule_title(k))}: {value_words(k, v)}"
                                for k, v in variant.options[option["id"]].rules.items())
            status = status_word(option["status"])
            cites = "; ".join(_short_cite(r, variant) for r in option["sources"])
            line = f"- {variant.base_id}+{option['id']}: {changes}. [{status}" + (
                f": {cites}]" if cites else "]")
            if option["note"]:
                line += " " + _note(option["note"])
            paragraphs.append(line)
        sections.append(Section(_("Options (choose with {base}+OPTION)").format(
            base=variant.base_id), paragraphs))
    notes = [n for t in table.tables for n in t.notes]
    return Report(table.data, heading=f"{variant.id}: {data_text(variant.name)}",
                  text=text + notes, sections=sections)


def _lower_first(title: str) -> str:
    """A rule's title inside a sentence: "order of the trumps" (as ``str.lower`` would,
    but only the first letter, which keeps "(arrastre)", "Sota" and the like)."""
    return title[:1].lower() + title[1:]


def _sources_text(records: list[dict[str, Any]]) -> str:
    """Sources as a table cell lists them: ``id (kind, date)``, in the language spoken."""
    from ..data.sources import KINDS  # at use: start-up (bench/startup.py)

    return ", ".join(
        f"{r['id']} ({_(KINDS.get(r['kind'], r['kind']))}, {r['date'] or _('n.d.')})"
        if r["label"] else r["id"] for r in records) or "-"


def rules_report(variant: Variant) -> Report:
    records = [rule_record(variant, r) for r in RULE_NAMES]
    rows = [[r["rule"], format_value(r["rule"], variant.values[r["rule"]]), status_text(r),
             _sources_text(r["sources"]), _origin(variant, r["rule"]), _note(r["note"])]
            for r in records]
    options = [{"id": o.id, "name": o.name, "rules": plain(o.rules),
                "status": o.provenance.status, "source": list(o.provenance.source),
                "note": o.provenance.note, "defined_in": o.provenance.defined_in,
                "carried": o.provenance.carried, "stated_status": o.provenance.stated_status,
                "sources": [source_record(variant, sid) for sid in o.provenance.source]}
               for o in variant.options.values()]
    data = {"id": variant.id, "name": variant.name, "period": variant.period,
            "region": variant.region, "extends": variant.extends,
            "applied_options": list(variant.applied_options),
            "sources": list(variant.sources), "rules": records, "options": options,
            "bibliography": sorted(variant.bibliography)}
    shown = [{**r, "carried_over": carried_over_text(variant, r["rule"])} for r in records]
    tables = [Table([N_("rule"), N_("value"), N_("status"), N_("source"), N_("from"),
                     N_("note")], rows,
                    title=f"{variant.id}: {data_text(variant.name)}",
                    wrap={"value": 26, "source": 24, "from": 18, "note": 48},
                    notes=_carried_over_notes(shown))]
    if options:
        tables.append(Table(
            [N_("option"), N_("changes"), N_("status"), N_("source"), N_("note")],
            [[o["id"], "; ".join(f"{k}: {format_value(k, variant.options[o['id']].rules[k])}"
                                 for k in o["rules"]),
              status_word(o["status"]) + (_(" (as in {parent}, {status} there)").format(
                  parent=o["defined_in"], status=status_word(str(o["stated_status"])))
                  if o["carried"] else ""),
              _sources_text(o["sources"]), _note(o["note"])] for o in options],
            title=_("Options (select with {base}+<option>)").format(base=variant.base_id),
            wrap={"changes": 30, "source": 24, "note": 50},
            notes=_inherited_options_notes(variant)))
    return Report(data, tables)


# ---------------------------------------------------------------------------------------
# The bibliography and the glossary (``rentoy sources``, ``rentoy glossary``).

def _citing(sid: str) -> list[str]:
    """Where the built-in variants cite ``sid``: ``variant.rule`` and ``variant+option``."""
    from ..data.variants import builtin_variants  # at use: start-up (bench/startup.py)

    out = []
    for v in builtin_variants():
        for name in RULE_NAMES:
            prov = v.provenance[name]
            if sid in prov.source and prov.defined_in == v.id and not prov.option:
                out.append(f"{v.id}.{name}")
        for oid, option in v.options.items():
            if sid in option.provenance.source and option.provenance.defined_in == v.id:
                out.append(f"{v.id}+{oid}")
    return out


def source_data(src: Any) -> dict[str, Any]:
    """One bibliography entry as plain data."""
    return {"id": src.id, "kind": src.kind, "kind_label": src.kind_label, "date": src.year,
            "title": src.title, "author": src.author, "edition": src.edition,
            "place": src.place, "pages": src.pages, "section": src.section,
            "extent": src.extent, "identifier": src.identifier, "url": src.url,
            "accessed": src.accessed, "revision": src.revision, "archived": src.archived,
            "subject": src.subject, "unsourced": src.unsourced,
            "states": plain(src.states), "general": list(src.general),
            "not_known": dict(src.not_known), "note": src.note,
            "citation": src.citation(),
            "declared_in": src.defined_in or "variants/sources.yaml"}


def _known_sources(variant: Variant | None) -> dict[str, Any]:
    from ..data.sources import load_sources  # at use: start-up (bench/startup.py)

    known = dict(load_sources())
    if variant is not None:
        known.update(variant.bibliography)
    return known


def sources_report(variant: Variant | None = None) -> Report:
    """Every bibliography entry (and ``variant``'s own), with kind and date."""
    from ..data.sources import KINDS  # at use: start-up (bench/startup.py)

    known = _known_sources(variant)
    order = list(KINDS)
    entries = sorted(known.values(), key=lambda s: (order.index(s.kind), s.year or "9999", s.id))
    rows = [[s.id, _(s.kind_label), s.year or _("n.d."),
             s.citation(translated=True).replace("*", ""),
             _("yes") if s.unsourced else ""] for s in entries]
    table = Table([N_("id"), N_("kind"), N_("date"), N_("reference"), N_("unsourced")], rows,
                  title=_("Sources for {variant}").format(variant=variant.id)
                  if variant is not None else _("Sources"),
                  wrap={"reference": 60},
                  notes=[_("unsourced: a second-hand account that names no source of its "
                           "own; a rule attested by it alone is uncorroborated."),
                         _("`rentoy sources ID` shows one entry in full.")])
    return Report([source_data(s) for s in entries], [table])


def source_report(sid: str, variant: Variant | None = None) -> Report:
    """One bibliography entry in full, with the rules the built-in variants rest on it."""
    from ..core.errors import InputError, Problem, suggest  # at use: start-up (bench/startup.py)

    known = _known_sources(variant)
    if sid not in known:
        raise InputError(Problem(
            (_("unknown source {source}: it is not in variants/sources.yaml nor in {variant}'s "
               "bibliography") if variant else
             _("unknown source {source}: it is not in variants/sources.yaml")).format(
                source=repr(sid), variant=variant.id if variant else ""),
            hint=suggest(sid, known) or _("`rentoy sources` lists them")))
    src = known[sid]
    data = source_data(src)
    data["cited_by"] = _citing(sid) if src.defined_in is None else []
    fields = {"edition": N_("edition"), "identifier": N_("identifier"), "url": N_("url"),
              "accessed": N_("accessed"), "revision": N_("revision"),
              "archived": N_("archived"), "author": N_("author"), "place": N_("place"),
              "pages": N_("pages"), "title": N_("title")}
    rows = [[_("reference"), src.citation(translated=True).replace("*", "")],
            [_("kind"), _(src.kind_label)], [_("date"), src.year or _("not known")]]
    for key in ("edition", "identifier", "url", "accessed", "revision", "archived"):
        if getattr(src, key):
            shown = str(getattr(src, key))
            rows.append([_(fields[key]), data_text(shown) if key in ("edition", "identifier",
                                                                    "accessed", "revision")
                         else shown])
        elif key == "revision" and src.changes and "archived" not in src.not_known \
                and not src.archived and key not in src.not_known:
            rows.append([_(fields["revision"]), _("not recorded")])
    for key, why in src.not_known.items():
        rows.append([_("{field} not known").format(field=_(fields.get(key, key))),
                     data_text(why)])
    if src.subject != "rentoy":
        rows.append([_("subject"), _("another game or card words in general, not rentoy")])
    rows.append([_("unsourced"), _("yes: names no source of its own") if src.unsourced
                 else _("no")])
    if src.states:
        rows.append([_("states"), "; ".join(stated_text(k, v)
                                            for k, v in plain(src.states).items())])
    if src.general:
        rows.append([_("stated generally"), _(
            "{rules}: only in a general or encyclopedic sentence, which cannot attest a "
            "variant's rule").format(rules="; ".join(
                _lower_first(rule_title(r)) if r in RULES else r for r in src.general))])
    if src.note:
        rows.append([_("note"), _note(src.note)])
    if data["cited_by"]:
        rows.append([_("cited by"), ", ".join(data["cited_by"])])
    if src.defined_in:
        rows.append([_("declared in"), src.defined_in])
    return Report(data, [Table([N_("field"), N_("value")], rows, title=f"{sid}",
                               wrap={"value": 70})])


def glossary_report(term: str | None = None) -> Report:
    """The glossary, or one term with its gloss, note and sources."""
    from ..core.errors import InputError, Problem, suggest  # at use: start-up (bench/startup.py)
    from ..data.glossary import load_glossary, lookup, term_key

    if term is None:
        terms = sorted(load_glossary().values(), key=lambda t: term_key(t.term))
        data = [{"term": t.term, "gloss": t.gloss, "note": t.note, "source": list(t.source)}
                for t in terms]
        return Report(data, [Table([N_("term"), N_("gloss")],
                                   [[t.term, data_text(t.gloss)] for t in terms],
                                   title=_("Glossary"), wrap={"gloss": 50},
                                   notes=[_("`rentoy glossary TERM` shows one term in "
                                            "full.")])])
    found = lookup(term)
    if found is None:
        raise InputError(Problem(_("no term {term} in the glossary").format(term=repr(term)),
                                 hint=suggest(term_key(term),
                                              [term_key(t) for t in load_glossary()])
                                 or _("`rentoy glossary` lists them")))
    entry: dict[str, Any] = {"term": found.term, "gloss": found.gloss, "note": found.note,
                             "source": list(found.source)}
    rows = [[_("gloss"), data_text(found.gloss)]]
    if found.note:
        rows.append([_("note"), _note(found.note)])
    if found.source:
        rows.append([_("sources"), "; ".join(_short_cite({"id": sid}, None)
                                             for sid in found.source)])
    return Report(entry, [Table([N_("field"), N_("value")], rows, title=found.term,
                               wrap={"value": 70})])
