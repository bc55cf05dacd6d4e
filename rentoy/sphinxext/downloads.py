"""Where to get rentoy, on every page: the repository, or the files the site carries.

``rentoy_repository`` in ``conf.py`` names the public repository. While it is unset the
site links instead to a source archive and a wheel that the HTML build makes with
hatchling and places in the site (``download/``, ``rentoy_packages = False`` to skip
them); either way every page links to them (``rentoy_get`` in the templates' context,
shown by ``docs/_templates``). The build also places each built-in variant's YAML file
and its rules as JSON (what ``rentoy rules ID -f json`` prints) in
``download/variants/``, and each variant's page links to both.

``{rentoy-downloads}`` writes the install lines and links for a page: installing from a
clone, from the wheel, with the optional extras, each of which works without a package
index that has rentoy.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util.osutil import relative_uri

from .. import __version__
from ..comparison.reference import rules_report
from ..core.files import write_atomic
from ..core.i18n import _
from ..render import render
from ..data.variants import builtin_ids, load_variant
from .directives import RentoyDirective
from .elements import paragraph
from .errors import logger
from .play import edition_root

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["DownloadsDirective", "package_files", "variant_files_uri", "link"]

FOLDER = "download"
#: Where pages link the files: ``download`` in the English edition, and the English
#: edition's folder from the Spanish one built inside it (``html/es``), which carries no
#: copy of its own (set when the build starts; see :func:`_started`).
_where = {"folder": FOLDER}


def package_files() -> dict[str, str]:
    """The names of the source archive and the wheel the build makes."""

    return {"sdist": f"rentoy-{__version__}.tar.gz",
            "wheel": f"rentoy-{__version__}-py3-none-any.whl"}


def variant_files_uri(variant_id: str) -> dict[str, str]:
    """Where a built-in variant's files are placed in the site (from its root)."""
    folder = _where["folder"]
    return {"yaml": f"{folder}/variants/{variant_id}.yaml",
            "json": f"{folder}/variants/{variant_id}.json"}


def link(docname: str, target: str, text: str, classes: tuple[str, ...] = ()
         ) -> nodes.reference:
    """A link from page ``docname`` to a file placed in the site."""
    uri = relative_uri(f"{docname}.html", target)
    node = nodes.reference("", "", refuri=uri, classes=list(classes))
    # A file's name is typed as it is, in every language.
    node += nodes.literal(text, text)
    return node


def _project_root(app: Sphinx) -> Path | None:
    root = Path(app.confdir).parent
    return root if (root / "pyproject.toml").is_file() and (root / "rentoy").is_dir() else None


def carries_packages(app: Sphinx) -> bool:
    """Whether the site carries the source archive and the wheel: asked for, and the
    docs folder sits in the project (a copy of the docs alone has nothing to build)."""
    return bool(app.config.rentoy_packages) and _project_root(app) is not None


def _build_packages(app: Sphinx, out: Path) -> None:
    root = _project_root(app)
    if root is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-m", "hatchling", "build", "-d", tmp],
                              cwd=root, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            logger.warning(f"rentoy: building the source archive and wheel failed "
                           f"(is hatchling installed?): {done.stderr.strip()[-500:]}")
            return
        for name in package_files().values():
            built = Path(tmp) / name
            if not built.is_file():
                logger.warning(f"rentoy: the package build made no {name}")
                continue
            shutil.copyfile(built, out / name)


def _write_variants(out: Path) -> None:
    folder = out / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    for vid in builtin_ids():
        variant = load_variant(vid)
        if variant.path is not None:
            shutil.copyfile(variant.path, folder / f"{vid}.yaml")
        write_atomic(folder / f"{vid}.json", render(rules_report(variant), "json") + "\n")


def _started(app: Sphinx) -> None:
    """``builder-inited``: an edition built inside another (``html/es`` in ``html``)
    links and writes the files of the edition that holds it, once for the site."""
    root = edition_root(Path(app.outdir), app.config.language)
    _where["folder"] = FOLDER if root is None else f"../{FOLDER}"


def _finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    root = edition_root(Path(app.outdir), app.config.language)
    out = (Path(app.outdir) if root is None else root) / FOLDER
    out.mkdir(parents=True, exist_ok=True)
    _write_variants(out)
    if carries_packages(app):
        _build_packages(app, out)


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: Any) -> None:
    files = package_files()
    context["rentoy_get"] = {
        "repository": app.config.rentoy_repository,
        "sdist": relative_uri(f"{pagename}.html", f"{_where['folder']}/{files['sdist']}"),
        "wheel": relative_uri(f"{pagename}.html", f"{_where['folder']}/{files['wheel']}"),
        "sdist_name": files["sdist"], "wheel_name": files["wheel"],
        "packages": carries_packages(app),
    }


class DownloadsDirective(RentoyDirective):
    """``{rentoy-downloads}``: where to get rentoy and how to install it."""

    def make(self) -> list[nodes.Node]:
        files = package_files()
        docname = self.env.docname
        repository = self.config.rentoy_repository
        para = paragraph(None, ["rentoy-get-links"])
        if repository:
            para += nodes.Text(_("The code: "))
            para += nodes.reference(repository, repository, refuri=repository)
            para += nodes.Text(". ")
        if carries_packages(self.env.app):
            para += nodes.Text(_("This site carries the source archive, "))
            para += link(docname, f"{_where['folder']}/{files['sdist']}", files["sdist"])
            para += nodes.Text(_(", and the wheel, "))
            para += link(docname, f"{_where['folder']}/{files['wheel']}", files["wheel"])
            para += nodes.Text(_(". Each variant's page offers its YAML file and its rules "
                                 "as JSON."))
        lines = ["# " + _("from a clone of the repository, or the source archive unpacked:"),
                 "python3 -m venv .venv && .venv/bin/pip install -e .",
                 "# " + _("or from the wheel:"),
                 f"python3 -m venv .venv && .venv/bin/pip install {files['wheel']}",
                 "# " + _("with an extra (OpenSpiel, dask), from either:"),
                 "python3 -m venv .venv && .venv/bin/pip install -e '.[openspiel]'",
                 f"python3 -m venv .venv && .venv/bin/pip install '{files['wheel']}"
                 "[distributed]'",
                 ".venv/bin/rentoy variants"]
        text = "\n".join(lines)
        block = nodes.literal_block(text, text, language="sh")
        return [para, block]


def setup(app: Sphinx) -> None:
    app.add_config_value("rentoy_repository", None, "html", types=frozenset({str, type(None)}))
    app.add_config_value("rentoy_packages", True, "html", types=frozenset({bool}))
    app.add_directive("rentoy-downloads", DownloadsDirective)
    app.connect("html-page-context", _page_context)
    app.connect("builder-inited", _started)
    app.connect("build-finished", _finished)
