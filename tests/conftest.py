"""Shared test settings: hypothesis profiles sized for a 2-core CI run."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "soak", deadline=None, max_examples=5000, suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# rentoy remembers documents it found valid (rentoy.validation.cache_dir); the tests keep
# that cache in a folder of their own rather than the user's.
if "RENTOY_CACHE_DIR" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["RENTOY_CACHE_DIR"] = tempfile.mkdtemp(prefix="rentoy-test-cache-")
    atexit.register(shutil.rmtree, os.environ["RENTOY_CACHE_DIR"], ignore_errors=True)
