"""Rules that abstain: a what-if, an opinion, a fact about making the show, an attribute the data does not
hold for castaways: the data cannot answer them, and the plan says what it does not hold."""

from __future__ import annotations

import re

from survivorgraph.agent.phrases import HYPOTHETICAL, NOT_IN_DATA, NOT_RECORDED, OPINION
from survivorgraph.agent.plans import ABSTAIN, Plan, Slots
from survivorgraph.agent.rules.base import rule


@rule("a what-if")
def _hypothetical(s: Slots):
    if HYPOTHETICAL.search(s.text):
        return Plan(ABSTAIN, {"missing": "the data records what happened, not what would have happened otherwise"})


@rule("an opinion")
def _opinion(s: Slots):
    if OPINION.search(s.text):
        return Plan(ABSTAIN, {"missing": "the data records what happened, not opinions of who was best"})


@rule("a fact about the show the data does not record")
def _not_recorded(s: Slots):
    if NOT_RECORDED.search(s.text):
        return Plan(ABSTAIN, {"missing": "the data records the game, not how the show was made (crew, costs, "
                                         "music), the prize money or the players' lives after it"})


@rule("an attribute the data does not hold")
def _not_in_data(s: Slots):
    m = NOT_IN_DATA.search(s.text)
    if m and (s.people or s.seasons or s.has(r"\b(his|her|their|they|people|castaways?)\b|'s\b")) \
            and not s.has(r"\bfans?'? favou?rite\b"):
        word = m.group(0).lower()
        for pattern, noun in ((r"paid|pay|earn\w*|appearance fee", "pay"), (r"married|spouse", "marital status"),
                              (r"kids|children", "children"),
                              (r"instagram|twitter|tiktok|facebook|social media|handle", "social media accounts"),
                              (r"(high )?school|college|universit(y|ies)|degree|alma mater|graduated?", "education"),
                              (r"siblings?|brothers? or sisters?|any (brothers?|sisters?)", "siblings"),
                              (r".*election|vote for .*|political .*|politics|democrat|republican", "politics")):
            word = noun if re.fullmatch(pattern, word) else word
        return Plan(ABSTAIN, {"missing": f"the data holds no {word} for castaways"})
