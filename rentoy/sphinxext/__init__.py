"""The Sphinx extension behind the rentoy site: pages and tables generated from the YAML.

Load it in ``conf.py`` with ``extensions = ["rentoy.sphinxext"]`` (with
``myst_parser``: the directives are written as MyST fences). It provides:

Directives (arguments are variant specs as on the command line, ``1737+borrego``
allowed; paths are relative to the page):

- ``rentoy-variant SPEC``: a variant's page body (facts, description, how it differs
  from its parent, the examples that use it, card orders, betting, rules with
  provenance, options);
- ``rentoy-rules SPEC``: the rules table with provenance (``:rules: a, b`` for some);
- ``rentoy-card-orders SPEC``: the card orders drawn as a ladder of cards;
- ``rentoy-ladder SPEC``: the betting ladder with calls, glosses and fold values;
- ``rentoy-provenance-matrix``: every rule against every built-in variant;
- ``rentoy-variant-list``: the built-in variants, linked to their pages;
- ``rentoy-compare [SPEC ...]``: rules side by side, differences highlighted;
- ``rentoy-simulation [SPEC ...]``: simulated play on the same deals, with a chart;
- ``rentoy-rule-effects PATH``: the stored strong-play and perfect-play comparisons;
- ``rentoy-walkthrough PATH``: a walkthrough run and drawn (a failure fails the build);
- ``rentoy-walkthrough-list``: every walkthrough of the examples folder;
- ``rentoy-bibliography``, ``rentoy-glossary``, ``rentoy-terminology``, ``rentoy-schema``,
  ``rentoy-reasons``;
- ``rentoy-example-variant PATH``: a variant file shown and loaded at build time;
- ``rentoy-deck``: the 40 cards drawn; ``rentoy-hand SPEC``: a deal drawn and played
  by the engine, trick by trick; ``rentoy-differences``: what each variant changes
  from the one it extends;
- ``rentoy-quotations``: the passages the rules rest on, side by side;
- ``rentoy-family-tree``, ``rentoy-timeline``: the family of games and the dated
  evidence, drawn;
- ``rentoy-map PLACES``: the map of Spain with the regional forms placed;
- ``rentoy-deal PATH``: a walkthrough file's deal drawn as cards;
- ``rentoy-strength PATH``: the search bot's measured strength, charted and tabled;
- ``rentoy-profiles PATH`` (``:variant: ID`` for one): the stored profiles of play;
  ``rentoy-remarks PATH``: the sources' remarks tested (:mod:`rentoy.sphinxext.profiles`);
- ``rentoy-downloads``: where to get rentoy and how to install it;
- ``rentoy-rule-effects PATH`` with ``:show:`` one part (the answer, a table);
- ``rentoy-play``: the seat at the table, a game played in the page by this engine;
  ``rentoy-play-link``: "Play this variant" or "Play this deal" (:mod:`rentoy.sphinxext.play`).

Roles: ``rentoy-value`` (``1737:ladder``), ``rentoy-says`` (``1737:follow_suit``: the
value in the rule table's words), ``rentoy-status`` (``1737:follow_suit``),
``rentoy-source`` (``autoridades-1737``), ``rentoy-cards`` (``2o 7c``: cards drawn),
``rentoy-figure`` (``data/rule-effects.json:perfect_play/...``: a stored figure quoted), and the ``rentoy`` domain's links
``rentoy:variant``, ``rentoy:rule`` (``1737.ladder``), ``rentoy:walkthrough``,
``rentoy:reason``, ``rentoy:source``.

Configuration: ``rentoy_variants_dir`` (a folder of variant files to read instead of
the library's own, relative to the conf folder), ``rentoy_examples_dir`` (default
``examples``), ``rentoy_variant_pages`` and ``rentoy_walkthrough_pages`` (where the
generated pages go; empty to generate none), ``rentoy_simulations`` (False skips the
simulations, for quick builds), ``rentoy_repository`` (the public repository's address:
every page links to it) and ``rentoy_packages`` (False: no source archive and wheel in
the site; see :mod:`rentoy.sphinxext.downloads`), ``rentoy_play_runtime`` (False builds
the Play page without its Python runtime). Search that folds accents:
``html_search_language = "en-folded"`` with ``html_search_scorer`` naming ``docs/_static/search-fold.js`` (see
:mod:`rentoy.sphinxext.search`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["setup"]


def setup(app: Sphinx) -> dict[str, Any]:
    # Imported when Sphinx loads the extension, not with the package: running one of its
    # modules alone (python -m rentoy.sphinxext.runtime) does not import Sphinx.
    from .. import __version__
    from . import (apirefs, bibliography, cards, compare, downloads, elements, equity,
                   evidence, family, figures, language, library, maps, play, profiles, quickstart,
                   reasons,
                   rule_effects, schema, search, strength, tracking, variants, walkthroughs)
    from .domain import RentoyDomain
    from . import pages
    from .pages import configure_variants_dir, write_pages

    app.add_config_value("rentoy_variants_dir", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("rentoy_examples_dir", "examples", "env", types=frozenset({str}))
    app.add_config_value("rentoy_variant_pages", "variants/generated", "env",
                         types=frozenset({str, type(None)}))
    app.add_config_value("rentoy_walkthrough_pages", "worked-examples/generated", "env",
                         types=frozenset({str, type(None)}))
    app.add_config_value("rentoy_simulations", True, "env", types=frozenset({bool}))
    app.add_domain(RentoyDomain)
    app.connect("config-inited", configure_variants_dir)
    app.connect("builder-inited", write_pages)
    for module in (language, pages, tracking, elements, figures, maps, downloads, cards, variants,
                   library, schema, walkthroughs,
                   compare, bibliography, reasons, apirefs, quickstart, search, evidence,
                   family, rule_effects, strength, equity, play, profiles):
        module.setup(app)
    return {"version": __version__, "env_version": 2, "parallel_read_safe": True,
            "parallel_write_safe": True}
