# The venv is rebuilt when pyproject.toml changes; every target bootstraps it.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench bench-ai monkey browser-test clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/hexwar $(ARGS)

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m tests.bench

# The computer's strength and level tables (docs/ai.md): 20 games a row by default, in JOBS processes;
# CLUSTER=host:8786 plays them on a Dask scheduler. See the README for its running time.
bench-ai: $(STAMP)
	$(PY) -m tests.bench.ai --tables --games $${HEXWAR_AI_GAMES:-20} --jobs $${JOBS:-2} --out docs/ai.md \
		$${CLUSTER:+--cluster $$CLUSTER} $${ONLY:+--only $$ONLY}

# Issue 9's random-key monkey at full size: 10,000 keys in bursts per rule set's teaching scenario
# (800 keys x 12.5), and 5,000 on the title screen. Takes about 15-20 minutes on a loaded 2-CPU machine.
monkey: $(STAMP)
	HEXWAR_MONKEY_SCALE=12.5 $(PY) -m pytest tests/tui/test_robustness.py -k monkey $(PYTEST_ARGS)

# hexwar in a real browser alone, keeping its screenshots (`make test` runs it too).
# Needs Debian's chromium (apt-get install chromium; .ci/run installs it when missing).
browser-test: $(STAMP)
	$(PY) -m tests.browser

clean:
	rm -rf $(VENV) build *.egg-info
