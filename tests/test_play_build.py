"""What the docs build puts in the site for the Play page, and what it does without it.

The runtime is used only as pinned (a damaged or partial copy is refused, a missing npm
is said in one sentence); the page's data holds every built-in variant as data that
reads back to the same rules, and the card faces; a build without the runtime writes a
manifest that says so, and no runtime folder. Every variant page and every worked
example links to the table with its game chosen. The page carries the words of its
script in the build's language (every one translated, with the same placeholders; the
script uses no other), and the wheel it loads carries the compiled catalogs, so that
the engine in the page speaks that language too.
"""

from __future__ import annotations

import gzip
import html as markup_text
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from rentoy.i18n import use_language
from rentoy.notation import format_deal, parse_deal
from rentoy.sphinxext import play, runtime
from rentoy.variant import variant_from_data
from rentoy.variants import builtin_ids, load_variant
from rentoy.walkthrough import load_walkthrough

ROOT = Path(__file__).resolve().parent.parent


def test_a_runtime_folder_is_used_only_as_pinned(tmp_path, monkeypatch):
    folder = tmp_path / "pyodide"
    folder.mkdir()
    monkeypatch.setenv("RENTOY_PYODIDE_DIR", str(folder))
    with pytest.raises(runtime.RuntimeMissing, match="does not hold the files of pyodide@"):
        runtime.runtime_dir()
    for name in runtime.FILES:
        (folder / name).write_bytes(b"not the runtime")
    with pytest.raises(runtime.RuntimeMissing):
        runtime.runtime_dir()


def test_without_npm_the_runtime_is_missing_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(runtime.RuntimeMissing, match="npm is not installed"):
        runtime.fetch(tmp_path / "here")
    assert not (tmp_path / "here").exists()


def test_the_integrity_is_npms_sha512():
    assert runtime.integrity_of(b"") == ("sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0N"
                                         "E8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==")
    assert runtime.INTEGRITY.startswith("sha512-") and runtime.total_bytes() > 10**7


def test_a_build_without_the_runtime_says_so_and_carries_the_variants(tmp_path, monkeypatch):
    def missing() -> Path:
        raise runtime.RuntimeMissing("npm is not installed, so it cannot be fetched")

    monkeypatch.setattr(runtime, "runtime_dir", missing)
    (tmp_path / "_static" / "pyodide").mkdir(parents=True)      # left by an earlier build
    manifest = play.write_play_files(tmp_path)
    assert manifest["runtime"] is None
    assert manifest["missing"] == ("the Python runtime could not be fetched (npm is not "
                                   "installed, so it cannot be fetched)")
    assert not (tmp_path / "_static" / "pyodide").exists()
    assert manifest["wheel"]["file"].startswith("rentoy-") and \
        (tmp_path / "_static" / "play" / manifest["wheel"]["file"]).is_file()
    text = (tmp_path / "_static" / "play" / "manifest.js").read_text(encoding="utf-8")
    assert json.loads(text.split("=", 1)[1].strip().rstrip(";")) == manifest
    data = json.loads((tmp_path / "_static" / "play" / "data.json").read_text(encoding="utf-8"))
    assert set(data["variants"]) == set(builtin_ids())
    for vid, vdata in data["variants"].items():
        assert variant_from_data(vdata).rules == load_variant(vid).rules
    again = variant_from_data(data["variants"]["1737"]).with_options("borrego")
    assert again.rules == load_variant("1737+borrego").rules
    assert len(data["faces"]) == 40 and data["faces"]["2o"].startswith("<svg")
    assert data["sources"]["autoridades-1737"]["title"]
    assert [v["id"] for v in manifest["variants"]] == list(data["variants"])
    # Built once, the wheel is not built again while the sources stay the same.
    stamp = (tmp_path / "_static" / "play" / "wheel.stamp").stat().st_mtime_ns
    play.write_play_files(tmp_path, with_runtime=False)
    assert (tmp_path / "_static" / "play" / "wheel.stamp").stat().st_mtime_ns == stamp


def test_an_edition_in_a_folder_shares_the_sites_runtime_and_wheel(tmp_path, monkeypatch):
    source = tmp_path / "pinned"
    source.mkdir()
    for name, (size, _digest) in runtime.FILES.items():
        with open(source / name, "wb") as f:
            f.truncate(size)
    monkeypatch.setattr(runtime, "runtime_dir", lambda: source)
    site = tmp_path / "html"
    spanish = site / "es"
    (spanish / "_static" / "pyodide").mkdir(parents=True)        # an older build's own copy
    with use_language("es"):
        manifest = play.write_play_files(spanish, root=play.edition_root(spanish, "es"))
    assert manifest["runtime"]["path"] == "../_static/pyodide/"
    assert manifest["wheel"]["path"] == f"../_static/play/{manifest['wheel']['file']}"
    # The interpreter's WebAssembly kept compressed, as the page's worker unpacks it.
    packed = site / "_static" / "pyodide" / "pyodide.asm.wasm.gz"
    assert gzip.decompress(packed.read_bytes()) == (source / "pyodide.asm.wasm").read_bytes()
    assert manifest["runtime"]["compressed"] == ["pyodide-lock.json", "pyodide.asm.wasm"]
    assert manifest["runtime"]["bytes"] < manifest["runtime"]["unpacked_bytes"]
    assert not (spanish / "_static" / "pyodide").exists()
    assert not list((spanish / "_static" / "play").glob("*.whl"))
    english = play.write_play_files(site)
    assert english["runtime"]["path"] == "_static/pyodide/"
    assert english["wheel"]["file"] == manifest["wheel"]["file"]
    # Each edition has its own words; the runtime and the wheel are there once.
    data = json.loads((spanish / "_static" / "play" / "data.json").read_text("utf-8"))
    assert data["words"]["1737"]["origins"]["answer_by"].startswith("Regla")
    assert len(list(site.rglob("pyodide.asm.wasm*.gz"))) == 1
    assert len(list(site.rglob("rentoy-*.whl"))) == 1


def test_the_built_site_holds_one_runtime_and_weighs_under_30_mb(built_site: Path,
                                                                 built_site_es: Path):
    html = built_site / "html"
    assert [p.relative_to(html) for p in html.rglob("pyodide.asm.wasm.gz")] == \
        [Path("_static/pyodide/pyodide.asm.wasm.gz")]
    assert not list(html.rglob("pyodide.asm.wasm"))
    weight = sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
    print(f"the site weighs {weight / 1e6:.1f} MB, both editions")
    assert weight < 30e6, weight


def _links(page: Path) -> list[dict[str, list[str]]]:
    markup = page.read_text(encoding="utf-8")
    return [parse_qs(urlsplit(href.replace("&amp;", "&")).query)
            for href in re.findall(r'class="rentoy-play-link-ref[^"]*" href="([^"]+)"', markup)]


def test_every_variant_and_worked_example_links_to_the_table(built_site: Path):
    html = built_site / "html"
    for vid in builtin_ids():
        (query,) = _links(html / "variants" / "generated" / f"{vid}.html")
        assert query == {"variant": [vid]}
    examples = sorted((ROOT / "docs" / "examples").glob("*.yaml"))
    for path in examples:
        walk = load_walkthrough(path)
        (query,) = _links(html / "worked-examples" / "generated" / f"{path.stem}.html")
        assert query["variant"] == [walk.variant.base_id]
        assert query.get("options", [""])[0].split(",") == list(walk.variant.applied_options) \
            or not walk.variant.applied_options
        # The deal as rentoy play --deal reads it (the one-line notation).
        assert query["deal"] == [format_deal(walk.deal.hands, walk.deal.up)]
        assert parse_deal(query["deal"][0]).hands == walk.deal.hands
        assert query["dealer"] == [str(walk.dealer)]
        assert query["players"] == [str(walk.players)] and query["title"] == [walk.title]
        if walk.start_score != (0, 0):
            assert query["score"] == [f"{walk.start_score[0]}-{walk.start_score[1]}"]
    # The page itself: the choices are there before any script runs.
    markup = (html / "play-in-the-browser.html").read_text(encoding="utf-8")
    for vid in builtin_ids():
        assert f'<option value="{vid}"' in markup
    assert "Starting the first game downloads" in markup and "<noscript>" in markup


#: The words that are the same in Spanish (placeholders and punctuation, or the game's term).
SAME_IN_SPANISH = {"option_note", "refused_detail", "rule_status", "mano"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_the_pages_words_are_translated_with_their_placeholders():
    english = play.play_words()
    assert {key: english[key] for key in play.PLAY_WORDS} == play.PLAY_WORDS
    assert english["language"] == "en" and english["next_key"] == "N"
    with use_language("es"):
        spanish = play.play_words()
    assert spanish["language"] == "es"
    for key, text in play.PLAY_WORDS.items():
        assert set(_PLACEHOLDER.findall(spanish[key])) == set(_PLACEHOLDER.findall(text)), key
        assert (spanish[key] != text) == (key not in SAME_IN_SPANISH), key
    assert spanish["cards_left"] == ["{count} carta en la mano", "{count} cartas en la mano"]
    assert spanish["statuses"]["attested"] == "atestiguada"
    # Each call has its key, a letter of its own, and the next hand another.
    for words in (english, spanish):
        keys = [c["key"] for c in words["keys_by_kind"].values()] + [words["next_key"]]
        assert len(set(keys)) == len(keys) == 5 and all(len(k) == 1 for k in keys)
    assert {k: c["word"] for k, c in spanish["keys_by_kind"].items()} == {
        "raise": "envido", "game": "juego", "accept": "quiero", "fold": "no quiero"}


def test_the_script_shows_only_the_pages_words():
    script = (ROOT / "docs" / "_static" / "play.js").read_text(encoding="utf-8")
    worker = (ROOT / "docs" / "_static" / "play-worker.mjs").read_text(encoding="utf-8")
    asked = set(re.findall(r'\b(?:words|pieces)\("(\w+)"', script))
    asked |= set(re.findall(r'\bworded\("(\w+)"', worker))
    assert asked and asked <= set(play.PLAY_WORDS), asked - set(play.PLAY_WORDS)
    # Every word is used (by its key, in the script or the worker).
    unused = [key for key in play.PLAY_WORDS
              if f'"{key}"' not in script and f"W.{key}" not in script
              and f'"{key}"' not in worker]
    assert unused == [], unused


def test_the_built_page_carries_its_words_and_the_wheel_its_catalogs(built_site: Path):
    html = built_site / "html"
    page = (html / "play-in-the-browser.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="rentoy-play-words">(.*?)</script>',
                      page, re.S)
    assert found is not None
    assert json.loads(markup_text.unescape(found.group(1)).replace("<\\/", "</")) == \
        play.play_words()
    manifest = (html / "_static" / "play" / "manifest.js").read_text(encoding="utf-8")
    wheel = json.loads(manifest.split("=", 1)[1].strip().rstrip(";"))["wheel"]["file"]
    names = zipfile.ZipFile(html / "_static" / "play" / wheel).namelist()
    assert "rentoy/locale/es/LC_MESSAGES/rentoy.mo" in names
    assert "rentoy/locale/es/LC_MESSAGES/variants.mo" in names
