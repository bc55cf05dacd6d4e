"""Run sphinx-build in a child process the way the docs tests read it.

Plain output whatever the environment asks for: CI runners often set ``FORCE_COLOR``,
and Sphinx then wraps page names in colour codes the tests would have to see through.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def sphinx_build(*args: str, cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    """``python -m sphinx --no-color ARGS`` in ``cwd``; the finished process, output captured."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PY_COLORS")}
    env["NO_COLOR"] = "1"
    return subprocess.run([sys.executable, "-m", "sphinx", "--no-color", *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=timeout)
