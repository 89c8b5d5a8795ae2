# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8501
# `make load`: simulated learners against the real server (not part of `make test`).
LEARNERS ?= 30
SECONDS ?= 60
LOADFLAGS ?=
# `make replicas N=3`: N app processes on one PostgreSQL behind nginx (docs/deploy.md).
N ?= 3
PROXY_PORT ?= 8080
REPLICAFLAGS ?=
# `make load-capacity`: learners served with p95 < 1 s by one process and by N replicas.
CAPACITYFLAGS ?=
# pytest-xdist workers for `make unit`/`make test-quick`: one per core by default;
# `make test WORKERS=0` runs in one process, `WORKERS=2` on two. Each test file runs
# on one worker (--dist loadfile): a file's module fixtures (a server and a browser,
# processes racing on a database) are made once, not once per worker, nor again each
# time a worker comes back to the file. Files go out in the order tests/conftest.py
# puts them, the longest first (--no-loadscope-reorder: xdist would otherwise send the
# files with the most tests first, and the one-test minute-long journeys last, where a
# worker runs them alone while the other has finished).
WORKERS ?= auto
PYTEST_XDIST := -n $(WORKERS) --dist loadfile --no-loadscope-reorder
# Python writes its compiled modules (__pycache__/, ignored by git) even where the
# environment says not to: every worker, app server and subprocess of the suite would
# otherwise compile the app and rewrite the test modules' asserts again (about 5 s of
# CPU for each worker's collection, half a second for each of some 40 processes).
unexport PYTHONDONTWRITEBYTECODE
# More pytest options, e.g. `make test PYTEST_FLAGS=--durations=10` (the slowest tests).
PYTEST_FLAGS ?=
# `make test-quick`, the inner loop (its time: docs/performance.md): the engine, the
# course, the page controllers (flows) and the services (store, classes, sign-in, names;
# not the files racing processes on a database), without a browser or the app's
# Streamlit pages, and without the tests marked slow: there, the proofs over the whole
# shipped course (every feedback proof, every click attempt, every sentence in every
# language), which `make test` runs first. The services' files that race processes on a
# database (test_store_concurrency.py, test_app_store.py), the drawn pages (tests/pages)
# and the server's glue (tests/ui) are left to `make test`.
QUICK_SERVICES := test_agents.py test_classes_store.py test_join_requests.py \
	test_name_skeletons.py test_practice_store.py test_signin.py test_signin_limits.py \
	test_store_migrations.py
QUICK_TESTS := tests/engine tests/players tests/game tests/course tests/architecture \
	tests/flows $(addprefix tests/services/,$(QUICK_SERVICES))
# `make i18n-add LANGUAGE_TAG=fr`: the language to start (not LANG, the shell's locale).
LANGUAGE_TAG ?=

.PHONY: run dev test test-quick lint typecheck unit fuzz bench validate load load-stress load-capacity replicas clean
.PHONY: load-live i18n i18n-add

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/streamlit run tutorial_app/serve.py --server.port $(PORT) --server.headless true

# For working on the app's code: rerun the page when a .py file is saved (serving a class
# runs without the file watcher, see .streamlit/config.toml).
dev: $(STAMP)
	$(BIN)/streamlit run tutorial_app/serve.py --server.port $(PORT) --server.headless true \
		--server.fileWatcherType auto --server.runOnSave true

lint: $(STAMP)
	$(BIN)/ruff check .

MYPY = $(BIN)/mypy --strict engine tutorial_app
PYTEST = $(BIN)/pytest -q $(PYTEST_XDIST) $(PYTEST_FLAGS)

typecheck: $(STAMP)
	$(MYPY)

unit: $(STAMP)
	$(PYTEST)

# ruff, then mypy beside the suite (mypy works on one core for half a minute on a fresh
# clone, while the suite's workers have the CPU to themselves only once mypy is done):
# the type errors are printed after the tests, and either failing fails `make test`.
test: $(STAMP)
	$(BIN)/ruff check .
	@echo "$(MYPY)  (beside the tests; its report follows them)"
	@$(MYPY) > $(VENV)/mypy-report.txt 2>&1 & mypy=$$!; \
	echo "$(PYTEST)"; \
	$(PYTEST); tests=$$?; \
	wait $$mypy; types=$$?; \
	echo "$(MYPY):"; cat $(VENV)/mypy-report.txt; \
	test $$tests -eq 0 && test $$types -eq 0

test-quick: $(STAMP)
	$(PYTEST) -m "not slow" $(QUICK_TESTS)

# The fuzz tests of the suite, run long: 10,000 notation inputs and 10,000 JSON moves,
# 2,000 lesson-file mutations and 2,000 links; prints their figures (tests/conftest.py).
FUZZ_TESTS := tests/engine/test_fuzz_notation.py tests/course/test_fuzz_lessons.py \
	tests/flows/test_fuzz_links.py
fuzz: $(STAMP)
	CASSINO_FUZZ=long $(BIN)/pytest -q --timeout 3600 $(FUZZ_TESTS)

bench: $(STAMP)
	$(BIN)/python -m engine bench

load: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.loadtest --learners $(LEARNERS) --seconds $(SECONDS) $(LOADFLAGS)

# `make load-live`: a live classroom question, 30 learners answering over two minutes while
# the projector counts; submission-to-projector p95 and server memory.
LIVE_SECONDS ?= 120
load-live: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.loadtest --live --learners $(LEARNERS) \
		--seconds $(LIVE_SECONDS) $(LOADFLAGS)

load-stress: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.loadtest --stress --seconds $(SECONDS) $(LOADFLAGS)

load-capacity: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.capacity --replicas $(N) --seconds $(SECONDS) $(CAPACITYFLAGS)

replicas: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.replicas -n $(N) --port $(PROXY_PORT) --first-port $(PORT) $(REPLICAFLAGS)

validate: $(STAMP)
	$(BIN)/python -m tutorial_app.course validate lessons/

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Translations: extract the English, update every language's .po (changed
# English marks its translation stale), compile the .mo files and report what each
# language lacks. `make i18n-add LANGUAGE_TAG=fr` starts a new language (one folder, no code).
i18n: $(STAMP)
	$(BIN)/python -m tutorial_app.course.authoring.catalogues all

i18n-add: $(STAMP)
	@test -n "$(LANGUAGE_TAG)" || { echo "make i18n-add LANGUAGE_TAG=fr (a language tag)"; exit 2; }
	$(BIN)/python -m tutorial_app.course.authoring.catalogues add $(LANGUAGE_TAG)

# Teacher accounts through the project's own Python (the venv): `make teacher NAME="Ms
# Rossi"` (the password is asked for twice, or read from CASSINO_TEACHER_PASSWORD),
# `make teacher-password NAME=...` (a forgotten one replaced), `make teachers` (list).
.PHONY: teacher teacher-password teachers
NAME ?=
teacher: $(STAMP)
	@test -n "$(NAME)" || { echo 'usage: make teacher NAME="Ms Rossi"' >&2; exit 2; }
	$(BIN)/python -m tutorial_app.admin add-teacher "$(NAME)"

teacher-password: $(STAMP)
	@test -n "$(NAME)" || { echo 'usage: make teacher-password NAME="Ms Rossi"' >&2; exit 2; }
	$(BIN)/python -m tutorial_app.admin set-password "$(NAME)"

teachers: $(STAMP)
	$(BIN)/python -m tutorial_app.admin list-teachers

# `make bench-browser`: each page's first view, a lesson tap and the first page after
# choosing a language, in Chromium on a phone (tools/browser_bench.py; RUNS, CLICKS).
RUNS ?= 5
CLICKS ?= 20
.PHONY: bench-browser
bench-browser: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.browser_bench --runs $(RUNS) --clicks $(CLICKS)
