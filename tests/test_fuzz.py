"""The mutation fuzzer: damaged variant, walkthrough, sources and glossary files.

Every file rentoy ships is mutated (see ``tests/fuzz/mutators.py``) and ``rentoy
check``, ``rentoy run`` and ``rentoy rules`` are run on each mutant (see
``tests/fuzz/harness.py``): exit status 0, 1 or 2, no traceback, a located message for
status 2, bounded time and output, and a damaged file that hurts only what uses it.

The regular run tries a few hundred seeded mutants (the same ones every time), a sample
of them in a subprocess too, half of them read with each YAML loader (pure Python and C),
then a few tree mutants of every file (``tests/fuzz/tree.py``: bounds, aliases, merge
keys, control characters, long numbers, call words, special files, the schema, colliding
texts) and a few runs on a damaged environment; the full campaign runs with ``python -m
pytest -m fuzz``.
"""

from __future__ import annotations

import os
import random
import time

import pytest

from fuzz.harness import Campaign
from rentoy import yamlfile

#: Seeds per file in the regular run, and in the full campaign.
CI_SEEDS = 8
CAMPAIGN_SEEDS = int(os.environ.get("RENTOY_FUZZ_SEEDS", "120"))
#: One mutant in this many is also run in a subprocess.
CI_SUBPROCESS_EVERY = 60
CAMPAIGN_SUBPROCESS_EVERY = 40
#: Tree mutants per file, and runs on the environment, in the regular run and the campaign.
CI_TREE_SEEDS, CI_ENVIRONMENT = 2, 4
CAMPAIGN_TREE_SEEDS = int(os.environ.get("RENTOY_FUZZ_TREE_SEEDS", "60"))
CAMPAIGN_ENVIRONMENT = 80


def run_campaign(tmp_path, seeds: range, subprocess_every: int, monkeypatch,
                 tree_seeds: range = range(0), environment: int = 0) -> Campaign:
    loaders = sorted(yamlfile.SAFE_LOADERS)
    with Campaign(tmp_path) as campaign:
        started = time.perf_counter()
        targets = campaign.targets()
        k = 0
        for seed in seeds:
            # Each YAML loader rentoy can use reads its share of the mutants.
            monkeypatch.setattr(yamlfile, "LOADER",
                                yamlfile.SAFE_LOADERS[loaders[seed % len(loaders)]])
            for target in targets:
                k += 1
                campaign.run_mutant(target, seed, subprocess_too=k % subprocess_every == 0)
        for seed in tree_seeds:
            monkeypatch.setattr(yamlfile, "LOADER",
                                yamlfile.SAFE_LOADERS[loaders[seed % len(loaders)]])
            for target in campaign.targets(tree=True):
                k += 1
                campaign.run_tree_mutant(target, seed,
                                         subprocess_too=k % subprocess_every == 0)
        rng = random.Random(f"environment:{seeds.start}")
        for _ in range(environment):
            campaign.run_environment(rng)
        campaign.tally.seconds = time.perf_counter() - started
    print(campaign.tally.summary())
    return campaign


def test_the_campaign_covers_every_kind_of_file(tmp_path):
    with Campaign(tmp_path) as campaign:
        kinds = {t.kind for t in campaign.targets()}
    assert {"variant", "walkthrough", "sources", "glossary"} <= kinds


def test_a_few_hundred_mutants(tmp_path, monkeypatch):
    campaign = run_campaign(tmp_path, range(CI_SEEDS), CI_SUBPROCESS_EVERY, monkeypatch)
    tally = campaign.tally
    for failure in tally.failures:
        print(failure)
    assert tally.mutants >= 200 and tally.subprocess_runs > 0
    assert not tally.failures, "\n".join(str(f) for f in tally.failures[:10])


def test_a_few_tree_mutants_of_every_file_and_a_damaged_environment(tmp_path, monkeypatch):
    campaign = run_campaign(tmp_path, range(0), CI_SUBPROCESS_EVERY, monkeypatch,
                            tree_seeds=range(CI_TREE_SEEDS), environment=CI_ENVIRONMENT)
    tally = campaign.tally
    for failure in tally.failures:
        print(failure)
    assert tally.mutants >= 50 and tally.environment_runs == CI_ENVIRONMENT
    assert not tally.failures, "\n".join(str(f) for f in tally.failures[:10])


@pytest.mark.fuzz
def test_the_full_campaign(tmp_path, monkeypatch):
    campaign = run_campaign(tmp_path, range(CI_SEEDS, CI_SEEDS + CAMPAIGN_SEEDS),
                            CAMPAIGN_SUBPROCESS_EVERY, monkeypatch,
                            tree_seeds=range(CI_TREE_SEEDS, CI_TREE_SEEDS + CAMPAIGN_TREE_SEEDS),
                            environment=CAMPAIGN_ENVIRONMENT)
    tally = campaign.tally
    print("by mutator:", dict(sorted(tally.by_mutator.items())))
    for failure in tally.failures:
        print(failure)
    assert not tally.failures, "\n".join(str(f) for f in tally.failures[:10])
    assert tally.tracebacks == 0 and tally.timeouts == 0
