"""Split a question into the parts it asks ("who won 45 AND who sat on the jury") and spot references
("they", "that season") that must be filled from an earlier part's evidence."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A new part starts at "and"/";"/"?" when a question word follows: "… wins, and how many seasons …"; not "and did
# not …", which says more of the same people ("who went on a journey and did not lose their vote").
_SPLIT = re.compile(
    r"(?:\?\s+|;\s*|,?\s+and\s+(?=(?:who|whom|what|which|how|where|when|why|did|does|was|were|is|are|list|name)\b"
    r"(?!\s+not\b))"
    r"|,?\s+(?:plus|also)\s+(?=(?:who|what|which|how|where|when)\b))", re.IGNORECASE)
# A description of someone, then a question about them: split at the colon or dash. The description starts with
# "the" or names a role ("s46's top immunity winner - what place …", "first juror on season 43: how many …"); a
# topic before a colon ("Kaoh Rong: who …", "Tony and Sarah: which seasons …") is not a part of its own.
_DESCRIPTION = (r"(?:the\b[^:?]+?|(?!(?:who|whom|what|which|how|where|when|why|did|does|was|were|is|are)\b)[^:?]*?"
                r"\b(?:winner|juror|runner-up|finalist|person|player|castaway|contestant|boot|voted out|eliminated)"
                r"(?:'s)?\b[^:?]*?)")
_DESCRIBED_THEN_ASKED = re.compile(rf"\s*({_DESCRIPTION})(?::| [-–—])\s+((?:who|whom|what|which|how|where|when|why|did|"
                                   r"does|was|were|is|are)\b.*\b(?:they|them|their|he|him|his|she|her|"
                                   r"(?:of|in|from|during|on) it|that season|that one)\b.*)$",
                                   re.IGNORECASE)
# "… winner's first time playing", "… juror's last season": which of that person's seasons the next part is about
_NTH_OF_THEIRS = re.compile(r"(?:'s|’s) (first|second|third|last|final|most recent) (?:time (?:playing|on the show|out)"
                            r"|season|game|appearance)\s*$", re.I)
_ELLIPTIC = re.compile(r"(?:and )?(?:(?:which|what|in which|in what) (?:seasons?|episodes?|ones?|years?|tribes?)"
                       r"|when|where|who|whom|which ones?|how many(?: times)?|how often"
                       r"|who (?:was|is|were) (?:it|that|he|she|they)"
                       r"|who (?:did|won|played|used|found|had|got) (?:it|that|one)"
                       r"|what was (?:that|it) about|what happened there|tell me more"
                       r"|how did (?:that|it) (?:happen|come about|go)"
                       r"|how many did (?:they|he|she) (?:get|have|win|receive|cast))",
                       re.I)
_ASIDE = re.compile(r"(?:i|i'm|i've|i'd|i think|i heard|i remember|i believe|apparently|supposedly|"
                    r"someone (?:said|told)|my (?:friend|wife|husband|dad|mom|brother|sister))\b"
                    # "… where does he rank? top x% or bottom?": the choices the asker offers, not a question
                    r"|(?!.*\b(?:who|what|which|when|where|how|why)\b)(?:like |is it |was it )?(?:[\w%.'-]+ ){0,3}"
                    r"[\w%.'-]+ or [\w%.'-]+(?: [\w%.'-]+){0,2}$"
                    r"|\([^()]*\)$", re.I)  # "(us seasons)": a note in brackets
_PERSON_REF = re.compile(r"\b(they|them|their|he|him|his|she|her|hers|that (?:player|person|castaway|winner)|"
                         r"this (?:player|person|castaway)|the same (?:player|person))\b", re.IGNORECASE)
_SEASON_REF = re.compile(r"\b(that|this|the same) season('s)?\b|\bthat season's\b|\b(won|win|in|of|during|on) it\b"
                         r"|\b(won|win) (that|this) one\b"  # "the season with the shortest premiere? who won that one?"
                         r"|\bits (winner|jury|cast|tribes|finalists|location)\b"
                         r"|\b(was|were) it (filmed|shot|held|set)\b|\bdid it (air|premiere|take place|end)\b",
                         re.IGNORECASE)


@dataclass(frozen=True)
class Part:
    text: str
    refers_to_person: bool
    refers_to_season: bool
    # a description a later part asks about ("The Gabon winner - who won the first season they played
    # in?"): its evidence says who "they" are; the answer leads with the part asked
    lead: bool = False


def split_parts(question: str, max_parts: int = 3) -> list[Part]:
    colon = _DESCRIBED_THEN_ASKED.match(question)
    if colon and not _PERSON_REF.search(colon.group(2)) and not re.search(r"\bseasons?\b", colon.group(1), re.I):
        colon = None  # "… of it" refers back to a season the description names ("the most-watched season - …")
    lead = ""
    if colon:  # "The first person voted off X: what other season did they play?" asks two things in turn
        lead, asked = colon.group(1).strip(" ,.?"), colon.group(2)
        nth = _NTH_OF_THEIRS.search(lead)
        if nth:  # "The Samoa winner's first time playing - what place did they get?": in their first season
            lead, asked = lead[:nth.start()], f"{asked.rstrip(' ?.')} in their {nth.group(1)} season"
        question = f"{lead}? {asked}"
    pieces = [p.strip(" ,.?") for p in _SPLIT.split(question) if p and p.strip(" ,.?")]
    if len(pieces) > max_parts:  # a long list is one ask, not many
        pieces = [question.strip()]
    # "Did Rob ever serve on a jury? Which seasons?": a bare follow-up asks more of the same part; "… on s46? I heard
    # he had to be taken out": what the asker adds is context for the same part, not a question of its own.
    merged: list[str] = []
    for piece in pieces:
        if merged and (_ELLIPTIC.fullmatch(piece) or _ASIDE.match(piece)):
            merged[-1] = f"{merged[-1]} — {piece}"
        else:
            merged.append(piece)
    pieces = merged
    parts = []
    for i, piece in enumerate(pieces):
        later = i > 0
        parts.append(Part(text=piece, refers_to_person=later and bool(_PERSON_REF.search(piece)),
                          refers_to_season=later and bool(_SEASON_REF.search(piece)), lead=i == 0 and piece == lead))
    return parts or [Part(question.strip(), False, False)]
