"""The site as a browser lays it out: no table wider than the page at 1280 px.

Run with ``python -m pytest -m browser`` (left out of the regular run; skipped when no
Chromium is installed). The site is built once; every page with a generated table is
opened in headless Chromium at 1280 px with a small script added that measures each
table against its container and writes what it found into the page, which
``--dump-dom`` prints. With ``RENTOY_SCREENSHOTS=DIR`` set, a screenshot of each page's
first screen at 1280 px and at 390 px (a phone) is saved in DIR to look at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sphinxbuild import sphinx_build

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = next((found for name in ("chromium", "chromium-browser", "google-chrome")
                 if (found := shutil.which(name))), None)
WIDTH = 1280

# Each table's own width against the width its wrapper and the article give it.
MEASURE = """<script>
(function () {
  var wide = [];
  document.querySelectorAll("article table").forEach(function (t, i) {
    var box = t.closest(".table-wrapper") || t.parentElement;
    var room = Math.min(box.clientWidth, t.closest("article").clientWidth);
    if (t.offsetWidth > room + 1) {
      wide.push({table: i, classes: t.className, width: t.offsetWidth, room: room});
    }
  });
  var out = document.createElement("pre");
  out.id = "rentoy-overflow";
  out.textContent = JSON.stringify(wide);
  document.body.appendChild(out);
})();
</script>"""


def chromium(*args: str) -> subprocess.CompletedProcess:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CHROMIUM is None:
        pytest.skip("no Chromium installed (chromium, chromium-browser or google-chrome)")
    out = tmp_path_factory.mktemp("browser")
    done = sphinx_build("-W", "-n", "-b", "html", "-d", str(out / ".doctrees"),
                        str(ROOT / "docs"), str(out / "html"), cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    return out / "html"


def pages_with_tables(html: Path) -> list[Path]:
    return sorted(p for p in html.rglob("*.html")
                  if "rentoy-table" in p.read_text(encoding="utf-8"))


def test_no_table_is_wider_than_the_page_at_1280_px(site: Path) -> None:
    pages = pages_with_tables(site)
    assert any(p.name == "provenance.html" for p in pages)
    shots = os.environ.get("RENTOY_SCREENSHOTS")
    too_wide = {}
    for page in pages:
        probe = page.with_name(page.stem + ".measure.html")
        probe.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"),
                         encoding="utf-8")
        done = chromium(f"--window-size={WIDTH},2000", "--dump-dom", probe.as_uri())
        found = re.search(r'<pre id="rentoy-overflow">(.*?)</pre>', done.stdout, re.S)
        assert found, f"{page}: the measuring script did not run\n{done.stderr[-2000:]}"
        wide = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        if wide:
            too_wide[str(page.relative_to(site))] = wide
        if shots:
            name = str(page.relative_to(site).with_suffix("")).replace("/", "-")
            for width in (WIDTH, 390):
                chromium(f"--window-size={width},1000",
                         f"--screenshot={Path(shots) / f'{name}-{width}.png'}", page.as_uri())
    assert not too_wide, json.dumps(too_wide, indent=1)
