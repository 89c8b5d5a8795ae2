"""Settings for the whole suite.

Hypothesis fails an example that takes over 200 ms by default; on a shared,
loaded machine that is noise, not a finding (speed is measured by the
benchmarks, never asserted), so no property test has a deadline.
"""

from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
