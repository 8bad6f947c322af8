"""The evaluation harness: a gold question set computed from survivoR, scoring, and a resumable runner.

    python -m evaluation run [--no-llm] [--limit N] [--category C ...] [--modes m1,m2] [--workers N]
    python -m evaluation gold            # rewrite evaluation/gold_questions.json from the data
    python -m evaluation show [FOLDER]   # print the table of a finished run (default: the latest)
    python -m evaluation doc [--check] [--add FOLDER]   # docs/evaluation.md from the runs in docs/runs/

The app's "Evaluation" page reads the latest run with `evaluation.report.load_latest(settings)`.
"""
