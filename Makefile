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

.PHONY: run test lint typecheck unit fuzz bench validate load load-stress clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/streamlit run tutorial_app/app.py --server.port $(PORT) --server.headless true

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine tutorial_app

unit: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck unit

# The fuzz tests of the suite, run long: 10,000 notation inputs and 10,000 JSON moves,
# 2,000 lesson-file mutations and 2,000 links; prints their figures (tests/conftest.py).
FUZZ_TESTS := tests/engine/test_fuzz_notation.py tests/course/test_fuzz_lessons.py \
	tests/app/test_fuzz_links.py
fuzz: $(STAMP)
	CASSINO_FUZZ=long $(BIN)/pytest -q --timeout 3600 $(FUZZ_TESTS)

bench: $(STAMP)
	$(BIN)/python -m engine bench

load: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.loadtest --learners $(LEARNERS) --seconds $(SECONDS) $(LOADFLAGS)

load-stress: $(STAMP)
	$(BIN)/python -m tutorial_app.tools.loadtest --stress --seconds $(SECONDS) $(LOADFLAGS)

validate: $(STAMP)
	$(BIN)/python -m tutorial_app.course validate lessons/

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
