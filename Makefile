# Every target bootstraps .venv on first use (python3 -m venv + pip install).
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test

.PHONY: play test bench clean

$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e '.[test]' --config-settings editable_mode=compat
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/lowlands $(ARGS)

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m tests.benchmarks

clean:
	rm -rf $(VENV) .pytest_cache
