"""Sphinx configuration of the rentoy site (Markdown pages through MyST, furo theme).

Build with ``sphinx-build -W -n -b html -d docs/_build/doctrees docs docs/_build/html``
and check the examples with ``sphinx-build -W -n -b doctest -d docs/_build/doctrees docs
docs/_build/doctest`` (the doctrees beside the site, not in it, so the published folder is
the pages alone). The Spanish edition is the same sources built with ``-D language=es``
into the English site's ``es/`` folder, with doctrees of its own: ``sphinx-build -W -n
-b html -D language=es -d docs/_build/doctrees-es docs docs/_build/html/es``. Nothing is
fetched from the network: there are no intersphinx mappings.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import rentoy
from rentoy.bots.table import CAREFUL_ANSWER, CAREFUL_RAISE

project = "rentoy"
author = "The rentoy authors"
copyright = "the rentoy authors"
version = release = rentoy.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinxarg.ext",
    "rentoy.sphinxext",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
# docs/examples/ holds walkthrough files and docs/data/ the stored figures and the map's
# data (shown through the generated pages).
exclude_patterns = ["_build", "examples", "data", "Thumbs.db", ".DS_Store"]

# The variant files the site is generated from: the checkout's own folder beside the
# docs, so a copy of docs/ and variants/ builds from its own variants.
rentoy_variants_dir = "../variants"
rentoy_examples_dir = "examples"

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "substitution", "attrs_inline"]
myst_heading_anchors = 3
# The search bot's careful account of a table, as the code states it (not restated by hand).
myst_substitutions = {"version": rentoy.__version__,
                      "careful_raise": f"{CAREFUL_RAISE:.0%}",
                      "careful_accept": f"{CAREFUL_ANSWER['accept']:.0%}",
                      "careful_fold": f"{CAREFUL_ANSWER['fold']:.0%}",
                      "careful_raise_again": f"{CAREFUL_ANSWER['raise']:.0%}"}

# The public repository's address, once there is one: every page links to it. While it
# is unset the pages link to the source archive and the wheel that the build places in
# the site (download/), which install as the front page says.
rentoy_repository = None

html_theme = "furo"
html_title = "Rentoy reference"
templates_path = ["_templates"]
html_sidebars = {"**": ["sidebar/brand.html", "sidebar/search.html", "sidebar/scroll-start.html",
                        "sidebar/navigation.html", "sidebar/rentoy-get.html",
                        "sidebar/scroll-end.html"]}
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
html_css_files = ["rentoy.css"]
html_js_files = ["rentoy.js"]
html_theme_options = {"navigation_with_keys": True}
# Search folds accents ("senas" finds "señas"): the index through the extension's
# search language, the query through a few lines added to the search page.
html_search_language = "en-folded"
# (Sphinx opens this path from the working folder, so it is made absolute.)
html_search_scorer = str(Path(__file__).resolve().parent / "_static" / "search-fold.js")

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
# No "Bases: object" lines: the classes say in their docstrings what they extend.
autodoc_default_options = {"members": True}

# The doctest builder and Sybil run the same ```{doctest} fences: the same flags as
# conftest.py gives Sybil, and no global setup (each page imports what it uses).
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Docstring examples shown by autodoc are run under pytest (Sybil) in their module's
# namespace; here only the pages' own ```{doctest} fences run.
doctest_test_doctest_blocks = ""

# With -n every cross-reference must resolve. The standard library's types named in the
# API's signatures and docstrings (Path, Random, Executor, ...) would need intersphinx,
# and so the network; they are left as plain text. Nothing of the project is ignored.
nitpick_ignore_regex = [
    (r"py:(class|obj|exc)", r"(pathlib|random|concurrent\.futures(\._base)?|collections\.abc|types"
                            r"|fractions|enum|ctypes)\.\w+"),
    # OpenSpiel's classes, the bases of the OpenSpiel game's (an optional extra's types).
    (r"py:(class|obj)", r"pyspiel\.\w+"),
    # The type variable of rentoy.frozen.replace, defined for type checkers only (the
    # module every command loads does not import typing).
    (r"py:class", r"_R"),
]

# The Spanish edition (`-D language=es`): the hand-written pages' translations are in
# locales/es/LC_MESSAGES/<page>.po, one catalog per page (`python -m rentoy.catalogs
# site-update` makes them from the pages). What the extension generates is rendered in
# the build's language by rentoy itself, and stays out of these catalogs.
locale_dirs = ["locales/"]
gettext_compact = False
# Where each edition lives, from the site's root: the English at the root, the Spanish
# under es/ (each page's language switch links the same page in the other).
rentoy_editions = {"en": "", "es": "es/"}
# The API reference is the code's docstrings: it stays in English in every edition, with
# a note saying so, and has no catalog.
rentoy_untranslated_pages = ["api", "api/*"]
