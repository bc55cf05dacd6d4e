"""Search-bot moves in the Play page, against the same moves under CPython, in one run.

Serves a built site on 127.0.0.1, opens the Play page in headless Chromium, and plays
``--games`` games of a variant at four players against the search bots (the person's
choices are random legal ones, made by clicking). The page keeps how long each bot
move took inside the engine, in Pyodide (``think_ms``), and how long the whole request
took in its worker. Then each game is played again here, under this interpreter, from
its seed and the person's actions read back from the downloaded record, without the
compiled kernel (whose worlds are drawn otherwise): the bots make the same moves
(checked), and each one is timed again. The figures are medians and
90th percentiles of the search-bot moves, and their ratio page / CPython; then how soon
the first hand comes after Start once the runtime is in the browser's cache and the
browser keeps the started engine (the page loaded again), with the runtime's and the
engine's part of it, and the page's long tasks (over 50 ms) while the games were
played.

    python bench/browser.py [--site docs/_build/html] [--games 3] [--variant 1737] [--json]

Without ``--site`` the site is built first into a temporary folder (without the
simulations, which the page does not need).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
# The page has no compiled kernel, and the kernel draws its worlds from a generator of
# its own: the replay draws them as the page does, so that the bots make the same moves.
os.environ["RENTOY_KERNEL"] = "0"

from chromium import CHROMIUM, Browser, Site  # noqa: E402

import yaml  # noqa: E402

from rentoy.integrations.browser import Seat  # noqa: E402
from rentoy.variant import variant_data  # noqa: E402
from rentoy.variants import load_variant  # noqa: E402


def build_site(into: Path) -> Path:
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D",
                           "rentoy_simulations=0", "-d", str(into / "doctrees"),
                           str(ROOT / "docs"), str(into / "html")], cwd=ROOT)
    if done.returncode != 0:
        sys.exit("the site could not be built")
    return into / "html"


def play_in_page(site: Path, variant: str, seeds: list[int], downloads: Path
                 ) -> list[dict]:
    games = []
    rng = random.Random(1)
    with Site(site) as served, Browser(downloads=downloads) as browser:
        page = browser.page(1280, 900)
        page.goto(served.url + f"play-in-the-browser.html?variant={variant}&pace=0")
        for seed in seeds:
            page.eval(f"document.querySelector('input[name=seed]').value = '{seed}'")
            began = time.perf_counter()
            page.click("form.rentoy-play-setup button[type=submit]")
            page.wait("['your-turn', 'bots', 'hand-over', 'over']"
                      ".includes(window.rentoyPlay.state())", timeout=300)
            load = time.perf_counter() - began
            while True:
                now = page.wait("['your-turn', 'hand-over', 'over']"
                                ".includes(window.rentoyPlay.state()) && "
                                "window.rentoyPlay.state()", timeout=300)
                if now == "over":
                    break
                if now == "hand-over":
                    page.click(".rentoy-play-next")
                    page.wait("window.rentoyPlay.state() !== 'hand-over'")
                    continue
                view = page.eval("window.rentoyPlay.view()")
                legal = [c["action"] for c in view["cards"] if c["legal"]] + \
                        [b["action"] for b in view["bets"] if b["legal"]]
                page.click(f'[data-key="{rng.choice(legal)}"]')
                page.wait(f"window.rentoyPlay.view().version > {view['version']}")
            timings = page.eval("window.rentoyPlay.timings")
            long_tasks = page.eval("window.rentoyPlay.longTasks.filter((t) => t.playing)"
                                   ".map((t) => t.ms)")
            before = len(browser.events)
            page.click(".rentoy-play-result .rentoy-play-primary")
            done = browser.wait_event(
                lambda m: m.get("method") == "Browser.downloadProgress"
                and m["params"].get("state") == "completed", 60, since=before)
            games.append({"seed": seed, "load_s": load, "timings": timings,
                          "long_tasks": long_tasks,
                          "record": Path(done["params"]["filePath"]).read_text("utf-8")})
            page.click(".rentoy-play-result .rentoy-play-button:not(.rentoy-play-primary)")
            page.wait("window.rentoyPlay.state() === 'setup'")
        # A reader who comes back: the runtime is in the browser's cache, and the
        # started engine is kept by it (once it is, before the page is left).
        page.wait("window.rentoyPlay.kept() !== null", timeout=120)
        page.goto(served.url + f"play-in-the-browser.html?variant={variant}&pace=0")
        page.wait("window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        page.click("form.rentoy-play-setup button[type=submit]")
        page.wait("['your-turn', 'bots', 'hand-over', 'over']"
                  ".includes(window.rentoyPlay.state())", timeout=300)
        games[0]["warm_first_deal_ms"] = page.eval("window.rentoyPlay.firstDealMs()")
        games[0]["warm_parts"] = page.eval("window.rentoyPlay.loadParts()")
    return games


def replay_here(variant: str, game: dict) -> list[float]:
    """The same game under this interpreter: the bots' moves, timed."""
    record = yaml.safe_load(game["record"])
    mine = [a for h in record["hands"] for a in h.get("actions", ()) if a.startswith("0 ")]
    others = [a for h in record["hands"] for a in h.get("actions", ()) if not a.startswith("0 ")]
    seat = Seat(variant_data(load_variant(variant)), bots=("search", "search"),
                seed=game["seed"])
    seat.start()
    made, times = [], []
    while not seat.over:
        if seat.waiting:
            seat.act(mine.pop(0))
        else:
            event = seat.step()["events"][0]
            made.append(event["action"])
            times.append(event["think_ms"])
    if made != others:
        sys.exit("the bots did not make the same moves here as in the page")
    return times


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"moves": len(ordered), "median_ms": round(statistics.median(ordered), 1),
            "mean_ms": round(statistics.fmean(ordered), 1),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--variant", default="1737")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if CHROMIUM is None:
        sys.exit("no Chromium is installed")
    with tempfile.TemporaryDirectory(prefix="rentoy-bench-") as work:
        site = args.site or build_site(Path(work))
        downloads = Path(work) / "downloads"
        downloads.mkdir()
        games = play_in_page(site, args.variant, [101 + g for g in range(args.games)],
                             downloads)
    page = [t["ms"] for g in games for t in g["timings"]]
    wall = [t["wall_ms"] for g in games for t in g["timings"]]
    here = [ms for g in games for ms in replay_here(args.variant, g)]
    result = {"variant": args.variant, "games": args.games,
              "first_load_s": round(games[0]["load_s"], 1),
              "page": summary(page), "page_request": summary(wall), "cpython": summary(here)}
    result["warm_first_deal_s"] = round(games[0]["warm_first_deal_ms"] / 1000, 2)
    parts = games[0]["warm_parts"]
    result["warm_start"] = {"from_kept_engine": parts["restored"],
                            "runtime_s": round(parts["runtime_ms"] / 1000, 2),
                            "engine_s": round(parts["engine_ms"] / 1000, 2)}
    tasks = [ms for g in games for ms in g["long_tasks"]]
    result["long_tasks_while_playing"] = {"count": len(tasks),
                                          "longest_ms": round(max(tasks, default=0))}
    result["load_average"] = round(os.getloadavg()[0], 1)
    result["ratio_median"] = round(result["page"]["median_ms"] / result["cpython"]["median_ms"], 1)
    result["ratio_mean"] = round(result["page"]["mean_ms"] / result["cpython"]["mean_ms"], 1)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{args.variant}, {args.games} games at 4 players against the search bots; "
              f"the runtime and engine loaded in {result['first_load_s']} s")
        print(f"{'':24}{'moves':>7}{'median':>9}{'mean':>9}{'90th':>9}")
        for label, key in (("in the page (engine)", "page"),
                           ("in the page (request)", "page_request"),
                           ("CPython, same moves", "cpython")):
            s = result[key]
            print(f"{label:24}{s['moves']:>7}{s['median_ms']:>7} ms{s['mean_ms']:>6} ms"
                  f"{s['p90_ms']:>6} ms")
        print(f"page / CPython: {result['ratio_median']} at the median, "
              f"{result['ratio_mean']} in the mean")
        tasks = result["long_tasks_while_playing"]
        warm = result["warm_start"]
        print(f"the first hand on a warm cache: {result['warm_first_deal_s']} s after Start "
              f"(the runtime {warm['runtime_s']} s, "
              f"{'from the kept engine' if warm['from_kept_engine'] else 'started afresh'}, "
              f"the engine {warm['engine_s']} s; goal 3 s: "
              f"{'met' if result['warm_first_deal_s'] <= 3 else 'not met'}); long tasks "
              f"while playing: {tasks['count']} (the longest {tasks['longest_ms']} ms; goal "
              f"none over 50 ms: {'met' if tasks['longest_ms'] <= 50 else 'not met'}); "
              f"load average {result['load_average']} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
