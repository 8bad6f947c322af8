"""The library of gold-answer functions: each computes a question's answer parts from the survivoR tables.

    @gold_answer("season_winner")
    def season_winner(g: GoldData, season: int) -> list[dict]: ...

Question sets (evaluation/sets/*.jsonl) name a function and its arguments; evaluation.question_sets builds the
questions. Importing this package registers every function in evaluation.gold.GOLD_ANSWERS.
"""

from evaluation.answers import (  # noqa: F401
    blind13,
    fresh,
    gold_facts,
    gold_multi,
    holdout,
    novel,
    unasked,
    unheard,
    unposed,
    unraised,
    unseen,
    unspoken,
    untouched,
    untried,
    unvoiced,
)
