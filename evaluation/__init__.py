"""The evaluation harness: question sets as data (evaluation/sets) with gold answers computed from survivoR
(evaluation/answers), scoring, a resumable runner and run-vs-run comparison.

    python -m evaluation run [--no-llm] [--limit N] [--category C ...] [--modes m1,m2] [--workers N]
    python -m evaluation run --set blind-03    # another question set (evaluation/sets/index.yaml)
    python -m evaluation gold --set NAME       # write a set with its computed answers (<state>/gold/NAME.json)
    python -m evaluation compare RUN_A RUN_B   # a candidate run against a baseline
    python -m evaluation show [FOLDER]   # print the table of a finished run (default: the latest)
    python -m evaluation doc [--check] [--add FOLDER]   # docs/evaluation.md from the runs in docs/runs/

The app's "Evaluation" page reads the latest run with `evaluation.report.load_latest(settings)`.
"""
