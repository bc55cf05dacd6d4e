"""Writing a variant file: the schema reference in words (from variants/schema.json) and
an example file shown, loaded at build time, with its rules."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst import directives

from ..core.i18n import _, ngettext
from ..model.ruletable import RULES, rule_description, rule_title
from ..data.validation import load_schema, resolve_ref
from ..data.variants import schema_path
from ..data.yamlfile import read_text
from .directives import RentoyDirective
from .elements import table
from .errors import Failure
from .tracking import note_files
from .variants import markdown_inline, options_table, rules_table

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["schema_nodes"]


class ExampleVariantDirective(RentoyDirective):
    """``{rentoy-example-variant} PATH``: a variant file shown, loaded at build time (a
    broken file fails the build), then its rules table and options."""

    required_arguments = 1
    option_spec = {"no-rules": directives.flag}

    def make(self) -> list[nodes.Node]:
        path = self.resolve_path(self.arguments[0])
        note_files(self.env, [path])
        if not path.is_file():
            raise Failure([(f"no variant file {self.arguments[0]!r} (looked for {path})", None)])
        # Loaded first, through the bounded reader: a damaged file (not UTF-8, too large,
        # ...) is reported with its line, as every file is; then shown as it was read.
        variant = self.load_variant(str(path))

        text = read_text(path)
        block = nodes.literal_block(text, text, language="yaml", classes=["rentoy-example-file"])
        container = nodes.container("", literal_block=True, classes=["literal-block-wrapper"])
        caption = nodes.caption(path.name, path.name)
        container += caption
        container += block
        out: list[nodes.Node] = [container]
        if "no-rules" not in self.options:
            out.append(rules_table(self, variant))
            opts = options_table(self, variant)
            if opts is not None:
                out.append(opts)
        return out


def _alternatives(words: list[str]) -> str:
    """Forms a value may take, in words: "text, a whole number or empty"."""
    if len(words) == 1:
        return words[0]
    return _("{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _lower_first(text: str) -> str:
    """A description made a phrase that follows words: "A card code" -> "a card code"
    (not a name or an abbreviation: "ISBN")."""
    first = text.split(" ", 1)[0]
    return text if any(c.isupper() for c in first[1:]) else text[:1].lower() + text[1:]


def _described(schema: dict[str, Any], root: dict[str, Any]) -> str | None:
    """The description a reference points to, in the language spoken now (None if it
    has none)."""

    if "$ref" not in schema:
        return None
    target = resolve_ref(schema, root)
    description = target.get("description")
    return _(description).rstrip(".") if description else None


def _describe(schema: dict[str, Any], root: dict[str, Any], many: bool = False) -> str:
    """A JSON Schema fragment in words (Markdown), in the language spoken now; ``many``
    says it of the items of a list ("whole numbers from 1 to 19")."""

    if "$ref" in schema:
        said = _described(schema, root)
        return said if said is not None else _describe(resolve_ref(schema, root), root, many)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return _alternatives([_describe(s, root, many) for s in schema[key]])
    if "enum" in schema:
        values = [f"`{json.dumps(v)}`".replace('"', "") for v in schema["enum"]]
        if len(values) == 1:
            return _("only {value}").format(value=values[0])
        return (_("values among {values}") if many else
                _("one of {values}")).format(values=", ".join(values))
    if "const" in schema:
        return f"`{schema['const']}`"
    kind = schema.get("type")
    if isinstance(kind, list):
        return _alternatives([_describe({**schema, "type": k}, root, many) for k in kind])
    if kind == "array":
        items = schema.get("items")
        item = _described(items, root) if items else None
        if items is None:
            text = _("lists") if many else _("a list")
        elif item is not None:
            text = _("a list, each item {item}").format(item=_lower_first(item))
        else:
            text = _("a list of {items}").format(items=_describe(items, root, many=True))
        limits = []
        least, most = schema.get("minItems"), schema.get("maxItems")
        if least and least == most:
            limits.append(ngettext("exactly {count} item", "exactly {count} items",
                                   least).format(count=least))
        else:
            if least:
                limits.append(ngettext("at least {count} item", "at least {count} items",
                                       least).format(count=least))
            if most:
                limits.append(ngettext("at most {count} item", "at most {count} items",
                                       most).format(count=most))
        if schema.get("uniqueItems"):
            limits.append(_("no repeats"))
        return text + (f" ({', '.join(limits)})" if limits else "")
    if kind == "object":
        props = schema.get("properties")
        if props:
            keys = ", ".join(f"`{k}`" for k in props)
            return (_("mappings with the keys {keys}") if many else
                    _("a mapping with the keys {keys}")).format(keys=keys)
        return _("mappings") if many else _("a mapping")
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return (_("whole numbers from {low} to {high}") if many else
                    _("a whole number from {low} to {high}")).format(low=low, high=high)
        if low is not None:
            return (_("whole numbers, at least {low}") if many else
                    _("a whole number, at least {low}")).format(low=low)
        return _("whole numbers") if many else _("a whole number")
    if kind == "string":
        return _("texts") if many else _("text")
    if kind == "boolean":
        return _("`true` or `false`")
    if kind == "null":
        return _("empty (`null`)")
    return _("any values") if many else _("any value")


def _bare(rule_schema: dict[str, Any]) -> dict[str, Any]:
    """The bare-value form of a rule (the first of its written forms)."""
    forms = rule_schema.get("anyOf")
    return forms[0] if forms else rule_schema


def schema_nodes(directive: RentoyDirective, schema: dict[str, Any]) -> list[nodes.Node]:
    """The variant-file schema in tables: the file's keys, the rules, the calls, the
    keys of an option; in the language spoken now. A rule is named and described as the
    rule table says (:func:`rentoy.model.ruletable.rule_title`, ``rule_description``); the
    other keys' descriptions are the schema's, translated by the catalogs (they are
    marked where the schema is made, :mod:`rentoy.data.schemagen`)."""

    def md(text: str) -> list[nodes.Node]:
        return markdown_inline(directive, text)

    def described(sub: dict[str, Any]) -> list[nodes.Node]:
        return md(_(sub["description"])) if sub.get("description") else []

    def labelled(label: str, content: list[nodes.Node]) -> list[nodes.Node]:
        # A phone shows each key as a block, without the header: the cell says what it is.
        said = f"{label}: "
        return [nodes.inline(said, said, classes=["rentoy-phone-label"]), *content]

    def need(required: bool) -> str:
        return _("required") if required else _("optional")

    required = set(schema.get("required", ()))
    rows = []
    for key, sub in schema["properties"].items():
        rows.append([nodes.literal(key, key), labelled(_("type"), md(_describe(sub, schema))),
                     need(key in required), described(sub)])
    out: list[nodes.Node] = [table([_("key"), _("type"), "", _("description")], rows,
                                   classes=["rentoy-schema"],
                                   title=_("The keys of a variant file"))]

    rule_schemas = schema["properties"]["rules"]["properties"]
    must = set(schema.get("x-required-rules", ()))
    rows = []
    for name, sub in rule_schemas.items():
        if "default" in sub:
            default = nodes.literal(json.dumps(sub["default"]), json.dumps(sub["default"]))
        else:
            default = _("required without `extends`") if name in must else "-"
        if name in RULES:
            title = rule_title(name)
            meaning: list[nodes.Node] = [nodes.strong(title, title), nodes.Text(". ")]
            meaning += md(rule_description(name))
        else:
            meaning = described(sub)
        rows.append([nodes.literal(name, name),
                     labelled(_("value"), md(_describe(_bare(sub), schema))),
                     labelled(_("default"), [default]) if isinstance(default, nodes.Node)
                     else md(default), meaning])
    out.append(table([_("rule"), _("value"), _("default"), _("description")], rows,
                     classes=["rentoy-schema"],
                     title=_("Rules (each bare, or {value, status, source, note, "
                             "alternatives})")))

    calls = _bare(rule_schemas.get("calls", {})).get("properties", {})
    if calls:
        out.append(table([_("key"), _("value"), _("description")],
                         [[nodes.literal(k, k), labelled(_("value"), md(_describe(s, schema))),
                           described(s)] for k, s in calls.items()],
                         classes=["rentoy-schema"],
                         title=_("The keys of calls")))

    option = schema.get("$defs", {}).get("option", {})
    if option:
        opt_required = set(option.get("required", ()))
        out.append(table([_("key"), _("value"), "", _("description")],
                         [[nodes.literal(k, k), labelled(_("value"), md(_describe(s, schema))),
                           need(k in opt_required), described(s)]
                          for k, s in option.get("properties", {}).items()],
                         classes=["rentoy-schema"],
                         title=_("The keys of an option")))
    return out


class SchemaDirective(RentoyDirective):
    """``{rentoy-schema}``: the variant-file schema reference, from variants/schema.json."""

    def make(self) -> list[nodes.Node]:
        path = schema_path()
        note_files(self.env, [path])
        return schema_nodes(self, load_schema(str(path)))


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-example-variant", ExampleVariantDirective)
    app.add_directive("rentoy-schema", SchemaDirective)
