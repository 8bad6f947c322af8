"""The spoiler-leak set: scoped questions, each asked by its own viewer, that once gave later facts away.

Each case names a watched point as a viewer types it, a gold template (its answer is computed for that viewer
by evaluation.scoped: an abstention when it had not aired, else the answer as of then), the strategies that
leaked, and what must reach that viewer nowhere — not in the answer, the rows, the Cypher, the passages, the
trace or the rewritten question. Each leak has a near miss beside it that must still be answered.

  * season-final scores (castaway_scores) were kept while their season was airing: at 44:6 the outlast
    ranking gave away the final three, and the rest of the boot order with it;
  * a later name: at 2:1 Amber Brkich was shown as Amber Mariano (her name from season 40);
  * a season-18 passage says a challenge would come back in Survivor: Heroes vs. Villains (season 20);
  * an empty or malformed watched point turned the guard off and answered with season 45's winner.

    report = check_leaks(settings)        # real stores, no model; report.leaks must be empty
    print(report.summary())               # "spoiler leaks: 0 found in 11 scoped questions tried"
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from evaluation import scoped
from evaluation.data import GoldData
from evaluation.gold import Question, make_question

# the category each case's question counts under (the scorer reads it)
CATEGORIES_OF_GOLD = {"top_outlast_score": "aggregation", "original_tribe": "single_fact", "episode_story": "narrative",
                      "winner_by_number": "single_fact"}


@dataclass(frozen=True)
class LeakCase:
    key: str
    watched: str                      # as a viewer gives it ("44:6"); a malformed one must be refused
    question: str
    gold: str                         # the gold-answer function (evaluation/answers) and its args
    args: dict[str, Any]
    modes: tuple[str, ...]
    forbidden: tuple[str, ...] = ()   # text that must appear nowhere the viewer sees
    refused: bool = False             # the watched point is malformed: asking must fail, not answer unguarded
    near_miss: bool = False           # the same kind of question where it had aired: it must be answered


OUTLAST = "In survivoR's castaway scores, who ranks highest for outlasting on season 44?"
RECAP = "What happened in episode 3 of Survivor: Tocantins?"
LEAK_CASES = (
    LeakCase("outlast-in-progress", "44:6", OUTLAST, "top_outlast_score", {"season": 44}, ("agentic", "graph"),
             forbidden=("score_outlast\": 1", "Yam Yam", "Heidi Lagares-Greenblatt", "Carolyn Wiger")),
    LeakCase("outlast-finished", "45:1", OUTLAST, "top_outlast_score", {"season": 44}, ("agentic",), near_miss=True),
    LeakCase("married-name-early", "2:1", "Which tribe did Amber Brkich start on in season 2?", "original_tribe",
             {"castaway_id": "US0027", "season": 2}, ("agentic", "graph"), forbidden=("Mariano",)),
    LeakCase("married-name-in-use", "40:1", "Which tribe did Amber Mariano start on in season 40?", "original_tribe",
             {"castaway_id": "US0027", "season": 40}, ("agentic",), near_miss=True),
    LeakCase("later-title-in-a-passage", "18:3", RECAP, "episode_story", {"season": 18, "episode": 3},
             ("traditional", "agentic"), forbidden=("Heroes vs. Villains",)),
    LeakCase("earlier-title-in-a-passage", "20:1", RECAP, "episode_story", {"season": 18, "episode": 3},
             ("traditional",), near_miss=True),
    *(LeakCase(f"malformed-scope-{i}", watched, "Who was the Sole Survivor of season 45?", "winner_by_number",
               {"season": 45}, ("agentic", "traditional"), forbidden=("Dee Valladares",), refused=True)
      for i, watched in enumerate(("", "44", "x:y"), 1)),
)


@dataclass
class LeakReport:
    tried: int = 0
    leaks: list[str] = field(default_factory=list)
    answered_near_misses: int = 0

    def summary(self) -> str:
        return (f"spoiler leaks: {len(self.leaks)} found in {self.tried} scoped questions tried "
                f"({self.answered_near_misses} near misses answered)")


def leak_question(data, case: LeakCase, full: GoldData | None = None) -> Question:
    """The case's question with its gold answer for that viewer (evaluation.scoped)."""
    from ingest.viewer_scope import ViewerScope

    scope = ViewerScope.parse(case.watched)
    return make_question(scoped.ScopedGoldData(data, scope, full), f"leak-{case.key}",
                         CATEGORIES_OF_GOLD[case.gold], case.question, case.gold, case.args)


def check_leaks(settings, cases=LEAK_CASES, log=lambda _: None) -> LeakReport:
    """Ask every case on the real stores without a model; a leak is a forbidden text anywhere in a result, an
    abstention whose answer names the hidden one, a near miss not answered, or a malformed scope accepted."""
    from evaluation.matching import Matcher
    from evaluation.scoring import Scorer
    from ingest.survivor_data import open_survivor_data
    from survivorgraph.core import SurvivorGraph
    from survivorgraph.errors import ConfigError

    data = open_survivor_data(settings)
    full = GoldData(data)
    scorer = Scorer(Matcher(full))
    report = LeakReport()
    for case in cases:
        if case.refused:
            report.tried += 1
            try:
                SurvivorGraph(settings, llm=None, scope=case.watched).close()
            except ConfigError as exc:
                if "S:E, e.g. 44:6" not in str(exc):
                    report.leaks.append(f"{case.key}: the refusal does not say the expected form: {exc}")
            else:
                report.leaks.append(f"{case.key}: the watched point {case.watched!r} was accepted")
            continue
        question = leak_question(data, case, full)
        beyond = bool(question.parts and question.parts[0].get("beyond_scope"))
        core = SurvivorGraph(settings, llm=None, scope=case.watched)
        try:
            for mode in case.modes:
                report.tried += 1
                result = core.ask(question.question, mode).to_dict()
                seen = json.dumps(result, default=str)
                found = [text for text in case.forbidden if text in seen]
                if found:
                    report.leaks.append(f"{case.key} [{mode}]: {found} reached the viewer at {case.watched}")
                if beyond:
                    score = scorer.score(question, result)
                    if score.parts and score.parts[0].get("leaked"):
                        report.leaks.append(f"{case.key} [{mode}]: the hidden answer {score.parts[0]['leaked']}")
                if case.near_miss:
                    if beyond or not scorer.score(question, result).correct:
                        report.leaks.append(f"{case.key} [{mode}]: the near miss was not answered: "
                                            f"{result['answer'][:200]!r} (gold: {question.answer})")
                    else:
                        report.answered_near_misses += 1
                log(f"{case.key} [{mode}] at {case.watched}: {result['answer_kind']}")
        finally:
            core.close()
    return report
