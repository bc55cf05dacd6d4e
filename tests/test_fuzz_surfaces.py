"""The campaign over records, deals and a link's parameters, caches, the environment and
the options (``tests/fuzz/surfaces.py``): a short seeded slice in the regular run, the
whole campaign with ``python -m pytest -m fuzz``."""

from __future__ import annotations

import os

import pytest

from fuzz.surfaces import run_campaign
from record_edits import played

#: Runs of each surface in the regular slice (a few seconds), and in the campaign.
CI = {"records": 6, "deals": 40, "caches": 2, "environment": 2, "options": 12}
CAMPAIGN = {name: count * int(os.environ.get("RENTOY_FUZZ_SURFACES", "25"))
            for name, count in CI.items()}


@pytest.fixture(scope="module")
def records() -> list[str]:
    return [played(seed, n) for seed, n in ((3, 9), (11, 6), (25, 12), (7, 3))]


def test_a_slice_of_the_surfaces(tmp_path, records):
    figures = run_campaign(tmp_path, records, seed=0, counts=CI)
    print(figures.summary())
    assert sum(figures.runs.values()) >= 100
    assert not figures.findings, "\n".join(str(f) for f in figures.findings[:10])


@pytest.mark.fuzz
def test_the_campaign_over_the_surfaces(tmp_path, records):
    figures = run_campaign(tmp_path, records, seed=int(os.environ.get("RENTOY_FUZZ_SEED", "1")),
                           counts=CAMPAIGN)
    print(figures.summary())
    for finding in figures.findings:
        print(finding)
    assert not figures.findings, "\n".join(str(f) for f in figures.findings[:10])
