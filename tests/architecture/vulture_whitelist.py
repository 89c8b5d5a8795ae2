"""Names vulture reports unused in engine/ and tutorial_app/ that stay, each with why.

Read by tests/architecture/test_dead_code.py, never imported. One line a name, as
`_.name` (vulture counts any use of the name); a name the app starts to use, or that
is deleted, must leave this list too (the test says which). Keep it short: a function
only the tests call is dead code unless it is how a test observes the app.
"""

# ruff: noqa: B018, F821

# Python calls them, not our code.
_.__getattr__       # course/authoring/catalogues.py: the module's attribute hook (PEP 562), SHIPPED
_.isolation_level   # services/db.py: sqlite3's connection attribute, set for SQLAlchemy

# Protobuf fields the load test's client sets on Streamlit's messages (tools/loadtest).
_.bool_value
_.string_value
_.double_value
_.is_embedded
_.color_scheme
_.is_auto_rerun
_.MAIN              # tools/loadtest/client.py: MAIN, SIDEBAR = 0, 1 names both roots

# Reported whole by dataclasses.asdict (tools/practice_drive.py, tools/practice_sim.py).
_.fixed_tries
_.practice_tries
_.practice_tries_equal
_.fewer_equal
_.practice_retention_equal
_.practice_mastered
_.fixed_mastered

# How a test observes the app (the app itself has no need to ask).
_.explain           # engine/advice.py: the engine's English, the library's API (CLI users)
_.move_cache        # engine/movegen.py: tests/engine/test_limits.py bounds the cache
_.mastered_for      # course/practice/mastery.py: docs/practice.md's "lasts 6.9 days", tested
_.shares            # course/puzzles/play_difficulty.py: the labels' test measures with it
_.CSV_COLUMNS       # flows/class_report.py: the report's columns, as the test names them
_.fitted_bkt        # services/fitted_params.py: whether the BKT parameters were fitted
_.owners            # services/known_devices.py: how many browsers know someone
_.review_log        # services/practice_store.py: the FSRS review log read back
_.learners_named    # services/store.py: a learner by name alone (tests, journeys)

# In files other helpers of issue 33 are rewriting now: to decide when they are done.
_.from_state        # engine/players/sim.py
_.add_messages      # words/i18n.py
_.is_skill          # course/practice/skills.py
_.task_key          # course/practice/skills.py
_.SETTING_CONCEPTS  # course/authoring/stats.py
