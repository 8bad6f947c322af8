"""Command line: thin commands over the library. Errors print their message (with the fix), not a traceback;
nothing printed carries a password or key (survivorgraph.redact)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from survivorgraph.config import Settings, env_example
from survivorgraph.errors import SurvivorGraphError
from survivorgraph.redact import redact, redacted_traceback
from survivorgraph.retrievers.progress import Progress

# click's own control flow (usage errors, --help, Ctrl-C) passes through the handler below.
_CLICK_FLOW = (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort)


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SurvivorGraphError as exc:
            click.secho(f"error: {redact(exc)}", fg="red", err=True)
            sys.exit(1)
        except _CLICK_FLOW:
            raise
        except Exception as exc:  # a bug: keep its traceback for the report, but never a secret in it
            click.echo(redacted_traceback(exc), err=True, nl=False)
            click.secho(f"error: unexpected {type(exc).__name__} (a bug; the traceback above is redacted).",
                        fg="red", err=True)
            sys.exit(2)


@click.group(cls=_Group)
def main() -> None:
    """survivorgraph: ask Survivor questions three ways (vector RAG, text-to-Cypher, agentic graph RAG)."""


@main.command("load-graph")
@click.option("--seasons", help="Scope, e.g. US:1-49 or US:1-50,NZ:1-2 (default: SURVIVOR_SEASONS).")
@click.option("--data-dir", type=click.Path(path_type=Path), help="Folder of survivoR .rda files.")
def load_graph_command(seasons: str | None, data_dir: Path | None) -> None:
    """Build the Survivor knowledge graph from survivoR (idempotent; atomic switch)."""
    from ingest.graph_loader import load_graph

    overrides = {}
    if seasons:
        overrides["seasons"] = seasons
    if data_dir:
        overrides["survivor_data_dir"] = data_dir.resolve()
    click.echo(load_graph(Settings.from_env(**overrides)).as_text())


@main.group()
def db() -> None:
    """Start and stop the embedded servers (FalkorDB, Postgres)."""


@db.command("up")
def db_up() -> None:
    """Start the embedded FalkorDB and Postgres (no-op for NEO4J_URI / DATABASE_URL)."""
    from survivorgraph.servers import lifecycle

    for line in lifecycle.start_all(Settings.from_env()):
        click.echo(line)


@db.command("down")
def db_down() -> None:
    """Stop the embedded servers, saving the graph."""
    from survivorgraph.servers import lifecycle

    for line in lifecycle.stop_all(Settings.from_env()):
        click.echo(line)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def status(as_json: bool) -> None:
    """Backends, data versions, counts and model."""
    from survivorgraph.status import collect_status

    report = collect_status(Settings.from_env())
    if as_json:
        click.echo(json.dumps(report, indent=2, default=str))
        return
    for section, values in report.items():
        click.secho(section, bold=True)
        if isinstance(values, dict):
            for key, value in values.items():
                click.echo(f"  {key}: {value}")
        else:
            click.echo(f"  {values}")


class TerminalProgress(Progress):
    """Each step on stderr as it starts, so a slow model is visibly at work (only on a terminal)."""

    def __init__(self, mode: str):
        super().__init__()
        self.mode = mode

    def step_started(self, name: str) -> int:
        click.secho(f"[{self.mode}] {name}\u2026", fg="bright_black", err=True)
        return super().step_started(name)


@main.command()
@click.argument("question")
@click.option("--mode", type=click.Choice(["traditional", "graph", "agentic", "all"]), default="all",
              show_default=True, help="Which strategy answers.")
@click.option("--json", "as_json", is_flag=True, help="Print the result objects as JSON (see docs/cli.md).")
@click.option("--no-llm", is_flag=True, help="Run without a model: retrieval and deterministic routing only.")
@click.option("--watched", metavar="S:E", help="Spoiler guard: answer only from what aired up to season S "
              "episode E (e.g. 44:6); anything else, empty included, is an error.")
def ask(question: str, mode: str, as_json: bool, no_llm: bool, watched: str | None) -> None:
    """Answer QUESTION with one strategy or all three, with evidence and costs."""
    from ingest.viewer_scope import ViewerScope
    from survivorgraph.core import SurvivorGraph
    from survivorgraph.render import render_result

    modes = ["traditional", "graph", "agentic"] if mode == "all" else [mode]
    # given at all, it must read as S:E: `--watched ""` is an error, never the guard turned off
    scope = ViewerScope.parse(watched) if watched is not None else None
    core = SurvivorGraph(llm=None if no_llm else "auto", scope=scope)
    live = sys.stderr.isatty() and not as_json
    try:
        results = [core.ask(question, m, TerminalProgress(m) if live else None) for m in modes]
    finally:
        core.close()
    if as_json:
        payload = [r.to_dict() for r in results]
        click.echo(redact(json.dumps(payload[0] if len(payload) == 1 else payload, indent=2, default=str)))
    else:
        for result in results:
            click.echo(redact(render_result(result)))
    if any(r.answer_kind == "error" for r in results):  # the same exit status with or without --json
        sys.exit(1)


@main.command("eval", context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                        "help_option_names": []})
@click.pass_context
def eval_command(ctx: click.Context) -> None:
    """Run the evaluation harness (python -m evaluation run --help lists the options)."""
    from evaluation.cli import main as evaluation_main

    sys.exit(evaluation_main(ctx.args))


@main.command("warm")
def warm_command() -> None:
    """Start the model server and read the prompts' stable prefixes into its cache (the first question is faster)."""
    from survivorgraph.core import SurvivorGraph

    core = SurvivorGraph()
    try:
        warmed = core.warm_model()
    finally:
        core.close()
    if not warmed:
        click.echo("no model configured: nothing to warm")
    for label, prompt_tokens, seconds in warmed:
        click.echo(f"{label}: {prompt_tokens} prompt tokens in the model's cache ({seconds:.1f} s)")


@main.command("app", context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.pass_context
def app_command(ctx: click.Context) -> None:
    """Serve the comparison page on APP_ADDRESS (default 127.0.0.1: this machine only; the page has no
    authentication). Further arguments go to `streamlit run`, e.g. --server.port 8502."""
    from survivorgraph.ui.launch import streamlit_command

    command = streamlit_command(Settings.from_env(), ctx.args)
    os.execv(command[0], command)  # Streamlit takes over the process: Ctrl-C and signals reach it directly


@main.command("env-example")
def env_example_command() -> None:
    """Print the documented .env template (generated from the settings table)."""
    click.echo(env_example(), nl=False)


if __name__ == "__main__":
    main()
