"""`python -m evaluation` (wired as `survivorgraph eval` and `make eval`): run, regenerate the gold set, show,
compare two runs.

    main(argv: list[str] | None = None) -> int      # exit code; messages, never tracebacks, for known errors
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from evaluation.compare import KINDS as COMPARE_KINDS
from evaluation.gold import CATEGORIES
from evaluation.question_sets import set_names
from evaluation.runner import ALL_MODES, EvalOptions


def _csv(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m evaluation", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the questions through the modes and score them (the default)")
    run.add_argument("--questions", type=Path, default=None,
                     help="question file (JSON/JSONL); default: --set generated from the data")
    run.add_argument("--set", dest="question_set", default="gold", metavar="NAME",
                     help=f"the question set (evaluation/sets/index.yaml): {', '.join(set_names())}; default gold")
    run.add_argument("--modes", type=_csv, default=None,
                     help=f"comma-separated, from {','.join(ALL_MODES)} (default: all that can run)")
    run.add_argument("--category", dest="categories", action="append", default=None,
                     help=f"only this category (repeatable or comma-separated): {', '.join(CATEGORIES)}")
    run.add_argument("--limit", type=int, default=None, help="at most N questions, spread over the categories")
    run.add_argument("--no-llm", action="store_true", help="no model: agentic with deterministic routing, "
                                                            "extractive traditional, retrieval baselines")
    run.add_argument("--workers", type=int, default=None,
                     help="parallel questions (default: 4; 1 for the local model, whose server answers 2 at once "
                          "1.4x faster in all, but each latency then includes waiting)")
    run.add_argument("--out", type=Path, default=None, help="run folder (default: <state>/eval/<timestamp>)")
    run.add_argument("--resume", action="store_true", help="continue the latest run (skip finished answers)")
    run.add_argument("--k", type=int, default=6, help="chunks per retrieval baseline (default 6)")
    run.add_argument("--stored-answers", action="store_true",
                     help="use the answers stored in --questions instead of recomputing them from the data")
    run.add_argument("--watched", metavar="S:E", default=None,
                     help="spoiler guard: every mode answers as for a viewer who has watched through season S "
                          "episode E (e.g. 44:6), and the gold answers are computed for that viewer")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    gold = sub.add_parser("gold", help="write a question set with its gold answers computed from the survivoR tables")
    gold.add_argument("--set", dest="question_set", default="gold", metavar="NAME",
                      help=f"the question set: {', '.join(set_names())}; default gold")
    gold.add_argument("--out", type=Path, default=None, help="JSON file (default: <state>/gold/<set>.json)")
    rescore = sub.add_parser("rescore", help="score a run's stored answers again with the current scorer and "
                                             "gold answers (no model calls)")
    rescore.add_argument("folder", type=Path)
    show = sub.add_parser("show", help="print the table of a run (default: the latest)")
    show.add_argument("folder", type=Path, nargs="?", default=None)
    compare = sub.add_parser("compare", help="compare a candidate run B with a baseline run A: metrics with deltas, "
                                             "the answers that flipped or changed (see docs/evaluation-compare.md)")
    compare.add_argument("run_a", metavar="RUN_A", help="the baseline: a run folder, or a run's name under "
                                                        "<state dir>/eval")
    compare.add_argument("run_b", metavar="RUN_B", help="the candidate, named the same way")
    compare.add_argument("--mode", dest="modes", action="append", default=None,
                         help="only this mode (repeatable or comma-separated)")
    compare.add_argument("--category", dest="categories", action="append", default=None,
                         help="only this category (repeatable or comma-separated)")
    compare.add_argument("--show", type=_csv, default=list(COMPARE_KINDS),
                         help=f"which answer lists to print, from {','.join(COMPARE_KINDS)} (default: all); "
                              "'none' prints only the metrics and the summary")
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON (answers in full)")
    compare.add_argument("--fail-on-change", action="store_true",
                         help="exit 1 when any answer differs (flipped, other words or evidence) or a question is "
                              "in one run only: for scripts proving a change leaves the answers alone")
    doc = sub.add_parser("doc", help="write docs/evaluation.md and the README's results table from the runs "
                                     "recorded in docs/runs/")
    doc.add_argument("--check", action="store_true", help="write nothing; exit 1 when either file is stale")
    doc.add_argument("--add", dest="add", type=Path, default=None, metavar="RUN_FOLDER",
                     help="first record this run folder as docs/runs/<name>.json (meta + summary table)")
    doc.add_argument("--as", dest="name", default=None, help="the recorded run's name (default: the folder's)")
    doc.add_argument("--commit", default=None,
                     help="the code the run ran, when its meta.json does not record it")
    doc.add_argument("--root", type=Path, default=None, help="the repository to write into (default: this one)")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-"):
        argv = ["run", *argv]
    args = build_parser().parse_args(argv)
    if args.command == "doc":
        return _doc(args)
    from survivorgraph.config import Settings
    from survivorgraph.errors import SurvivorGraphError

    try:
        settings = Settings.from_env()
        if args.command == "gold":
            return _gold(settings, args.out, args.question_set)
        if args.command == "show":
            return _show(settings, args.folder)
        if args.command == "compare":
            return _compare(settings, args)
        if args.command == "rescore":
            from evaluation.runner import rescore

            try:
                return _report(rescore(settings, args.folder))
            except ValueError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
        return _run(settings, args)
    except SurvivorGraphError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted: finished answers are saved; `python -m evaluation run --resume` continues.",
              file=sys.stderr)
        return 130


def _run(settings, args) -> int:
    from evaluation.runner import run_eval

    categories = [c for item in args.categories or [] for c in _csv(item)] or None
    unknown = [c for c in categories or [] if c not in CATEGORIES]
    if unknown:
        print(f"error: unknown category {unknown}; choose from {', '.join(CATEGORIES)}", file=sys.stderr)
        return 2
    from ingest.viewer_scope import ViewerScope

    # given at all, it must read as S:E (a ConfigError names the form): `--watched ""` never means unscoped
    watched = ViewerScope.parse(args.watched) if args.watched is not None else None
    from evaluation.question_sets import find_set

    try:
        find_set(args.question_set)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.questions is not None and args.question_set != "gold":
        print("error: give either --questions FILE or --set, not both", file=sys.stderr)
        return 2
    opts = EvalOptions(questions=args.questions, question_set=args.question_set, modes=args.modes,
                       categories=categories, limit=args.limit, no_llm=args.no_llm, workers=args.workers,
                       out=args.out, resume=args.resume, k=args.k, recompute=not args.stored_answers, watched=watched)
    try:
        run = run_eval(settings, opts, progress=not args.quiet and sys.stderr.isatty())
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return _report(run)


def _report(run) -> int:
    """Write a run's table, files and chart, and print the table."""
    from evaluation.summary import aggregate, format_table, format_targets, question_frame, targets, write_outputs

    files = write_outputs(run.folder, run.records, run.modes, run.meta)
    table = aggregate(question_frame(run.records), run.modes)
    print(format_table(table, run.meta))
    print()
    print(format_targets(targets(table)))
    print("\nfiles: " + ", ".join(str(p) for p in files.values()))
    return 0


def _gold(settings, out: Path | None, question_set: str = "gold") -> int:
    from evaluation.data import GoldData
    from evaluation.gold import save
    from evaluation.question_sets import build_question_set, find_set
    from ingest.survivor_data import open_survivor_data

    try:
        chosen = find_set(question_set)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    g = GoldData(open_survivor_data(settings))
    questions = build_question_set(g, chosen.name)
    out = out or settings.state_dir / "gold" / f"{chosen.name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    save(questions, out, dataset_version=g.data.version)
    counts = {}
    for q in questions:
        counts[q.category] = counts.get(q.category, 0) + 1
    print(f"{len(questions)} questions -> {out} ({', '.join(f'{k} {v}' for k, v in counts.items())})")
    return 0


def _show(settings, folder: Path | None) -> int:
    from evaluation.report import load_latest, load_run
    from evaluation.summary import format_table, format_targets

    report = load_run(folder) if folder else load_latest(settings)
    if report is None:
        print("No evaluation run yet: run `python -m evaluation run --no-llm`.", file=sys.stderr)
        return 1
    watched = report.meta.get("viewer_scope_text") if report.meta.get("viewer_scope") else None
    print(f"run {report.folder} ({report.meta.get('llm')}, {report.meta.get('questions')} questions"
          + (f", {watched}" if watched else "") + ")")
    print(format_table(report.summary, report.meta))
    print()
    print(format_targets(report.targets))
    return 0


def _compare(settings, args) -> int:
    """0, or 1 with --fail-on-change when anything differs; 2 for a run that is missing or not a run."""
    import json

    from evaluation.compare import RunNotFound, compare_runs, format_comparison, resolve_run

    show = tuple(k for k in args.show if k != "none")
    unknown = [k for k in show if k not in COMPARE_KINDS]
    if unknown:
        print(f"error: unknown --show {unknown}; choose from {', '.join(COMPARE_KINDS)} or none", file=sys.stderr)
        return 2
    modes = [m for item in args.modes or [] for m in _csv(item)] or None
    categories = [c for item in args.categories or [] for c in _csv(item)] or None
    try:
        cmp = compare_runs(resolve_run(args.run_a, settings), resolve_run(args.run_b, settings),
                           modes=modes, categories=categories)
    except RunNotFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(cmp.to_dict(), indent=1, default=str) if args.json else format_comparison(cmp, show))
    return 1 if args.fail_on_change and not cmp.identical else 0


def _doc(args) -> int:
    from evaluation import results_doc

    root = args.root or results_doc.REPO
    try:
        if args.check:
            if args.add is not None:
                print("error: --add writes; run it without --check", file=sys.stderr)
                return 2
            stale = results_doc.stale(root)
            for path in stale:
                print(f"{path} is stale: run `{results_doc.COMMAND}`", file=sys.stderr)
            return 1 if stale else 0
        if args.add is not None:
            print(f"recorded {results_doc.record_run(args.add, args.name, args.commit, root)}")
        written = results_doc.write(root)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("wrote " + ", ".join(map(str, written)) if written else "docs/evaluation.md and README.md are current")
    return 0
