"""Rules about the end of the game: season winners and repeat winners, winners who returned, finalists and
runners-up, the final tribal council, a season's jury and how jurors voted."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Count, Extreme, Focus, Gender, InSet, NextTo, Pick, Where, WhereNot
from survivorgraph.agent.phrases import (
    BOOT_AFTER,
    BOOT_POSITION,
    NEGATION,
    NUMBER_WORDS,
    ORDINAL,
    ordinal,
    seasons_played,
    times,
)
from survivorgraph.agent.plans import Plan, Ref, Slots, is_ref
from survivorgraph.agent.restrictions import SIDE, gender_asked
from survivorgraph.agent.rules.base import end_pick, plural_group, rule


@rule("people who reached the final tribal council N times")
def _finalist_appearances(s: Slots):
    if s.season or s.people or not s.has(r"\bfinal tribal council\b|\bfinalists?\b|\bfinal (two|three|2|3)\b"
                                          r"|\bmade it to the end\b|\bthe end\b"):
        return None
    n = times(s.text)
    if n is None or s.has(r"\bjur(y|or)|\bvotes?\b") or seasons_played(s.text):
        return None  # "played three or more times and never made it to final tribal": the times are seasons
    won = {"won": False} if s.has(NEGATION) and s.has(r"\b(won|win|winning)\b") else {}
    return Plan("finalist_appearances", {"min_finals": n, **won})


@rule("winners who played again, or never did")
def _winners_returned(s: Slots):
    if s.people or s.season or plural_group(s) != "winners":
        return None
    if s.has(r"\breturn\w*|\bplay(ed)? again\b|\bcome back\b|\bback (to play|for more)\b|\bcompeted again\b"
             r"|\bplay(ed)? (another|a second) season\b"):
        return Plan("winners_returned", {"returned": not s.has(NEGATION)})


@rule("winners on their first season, or not")
def _won_first_time(s: Slots):
    """ "Which winners were returning players when they won?", "who won on their first try?": every
    winner by the seasons they had played before the one they won."""
    if s.season or s.people or not s.has(r"\b(won|win|winners?|sole survivors?|champions?)\b") or not s.has(
            r"\b(first|debut|rookie|1st) (season|time|try|attempt|appearance)\b|\bfirst[- ]timers?\b"
            r"|\b(had )?played before\b|\breturn(ing|ee)s?\b|\bveterans?\b|\bsecond (season|time|try|attempt)\b"):
        return None
    first = s.has(r"\b(first|debut|rookie|1st) (season|time|try|attempt|appearance)\b|\bfirst[- ]timers?\b") \
        != bool(s.has(NEGATION))
    return Plan("winners_with_jury_votes", {},
                operations=(Where({"seasons_before": 0}),) if first else (WhereNot({"seasons_before": [0]}),))


@rule("winners with their jury votes")
def _winners_jury_votes(s: Slots):
    seasons = {"seasons": s.seasons} if len(s.seasons) > 1 else {}
    if s.has(r"\bunanimous"):
        split = s.has(r"\bnot unanimous|\bsplit\b") or (s.has(NEGATION) and not s.has(r"\bunanimous\w* without\b"))
        return Plan("winners_with_jury_votes", {"unanimous": not split, **seasons}, operations=end_pick(s.text))
    if not s.season and s.has(r"\b(won|winners?|sole survivors?)\b") and s.has(r"\bjury votes?\b|\bfinal votes?\b"):
        if s.has(r"\b(fewest|least|lowest|smallest|narrowest|closest)\b"):
            return Plan("winners_with_jury_votes", {"order": "fewest", **seasons})
        if s.has(r"\b(most|highest|largest|biggest)\b"):
            return Plan("winners_with_jury_votes", {"order": "most", **seasons})
    if not s.season and (m := re.search(r"\b(oldest|youngest)\b[\w ]{0,25}\b(won|win|winners?|sole survivors?)\b",
                                        s.text, re.I)):
        # "the oldest person ever to win", "the youngest winner": every winner, at the age they won
        return Plan("winners_with_jury_votes", {},
                    operations=(Extreme("age", m.group(1).lower() == "oldest"), Focus("winner")))
    if s.has(r"\b(every|all|each|list)\b.*\bwinners?\b") and s.has(r"\b(jury )?votes?\b"):
        return Plan("winners_with_jury_votes", {"seasons": s.seasons} if s.seasons else {})
    if not s.season and not s.people and s.has(r"\bseasons\b") and s.has(r"\bwon by (an? |the )?(wom[ae]n|m[ae]n|"
                                                                         r"females?|males?)\b"):
        # "which seasons were won by a woman?": every season's winner, kept to one gender (agent.restrictions)
        return Plan("winners_with_jury_votes", {}, operations=(Count("season"),) if s.has(r"\bhow many\b") else ())


@rule("people who won more than once")
def _repeat_winners(s: Slots):
    m = re.search(r"\bwon(?: survivor| the game| the title| it)? (?P<n>twice|two times|three times|more than once|"
                  r"multiple times|\d+ times)\b|\b(?P<m>two|three|2|3|multi(?:ple)?)[- ]time "
                  r"(?:winners?|sole survivors?|"
                  r"champions?)", s.text, re.I)
    if not m or s.has(r"\b(immunit|rewards?|challenges?)"):
        return None
    raw = (m.group("n") or m.group("m")).lower().split()[0]
    n = int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw, 2)
    return Plan("repeat_winners", {"min_wins": max(n, 2)})


@rule("how many people have won")
def _winners_count(s: Slots):
    if not s.season and not s.people and s.has(
            r"\bhow many (different |distinct |unique |individual |separate )?(people|players|castaways|contestants|"
            r"winners|sole survivors|persons|women|men|females|males)\b") \
            and s.has(r"\b(won|winners?|sole survivors?)\b") \
            and not s.has(r"\b(immunit\w*|rewards?|challenges?|idols?|advantages?|jury|unanimous\w*|votes?)\b"):
        return Plan("repeat_winners", {"min_wins": 1}, operations=(Count("castaway_id"),))


@rule("jurors who voted the same way as a juror")
def _same_jury_vote(s: Slots):
    """ "On season 20, which other jurors voted like Rupert?": the jurors whose vote went to the
    finalist that juror voted for (a ref), the juror left out."""
    if not isinstance(s.season, int) or not isinstance(s.person, str) or not s.has(
            r"\b(voted|vote) (the )?same( way)? as\b|\bsame (vote|finalist|person) as\b|\bvoted (just )?like\b"):
        return None
    choice = Ref("final_jury_votes", {"season": s.season, "castaway_id": s.person}, "voted_for_id",
                 "the finalist they voted for", where={"juror_id": s.person})
    return Plan("final_jury_votes", {"season": s.season, "castaway_id": choice},
                operations=(WhereNot({"juror_id": [s.person]}),))


@rule("a juror's final vote, or the jurors who voted for a finalist")
def _final_jury_votes(s: Slots):
    final = s.has(r"\bjur(y|or|ors)\b|\bfinal (tribal|vote)|\bto win\b|\bfor the win\b")
    if s.person and final and s.has(r"\bvot") and not s.has(r"\bhow many (jury )?votes\b"):
        # "who did she vote for to win": the finalist leads the juror's row
        whom = s.has(r"\b(who|whom) did (P\d|he|she|they|that person|[\w'’.-]+) (\w+ )?vote for\b")
        return Plan("final_jury_votes", {"castaway_id": s.person, **s.season_filter},
                    operations=(Focus("voted_for"),) if whom else ())
    if s.season and s.has(r"\bjurors?\b") and s.has(
            r"\bvot\w* for the (winner|sole survivor)|\bvot\w* for (him|her)\b"):
        return Plan("final_jury_votes", {"season": s.season, "for_winner": not s.has(NEGATION)})


@rule("season winner")
def _season_winner(s: Slots):
    if s.season and s.has(r"\b(who )?(won|winner|sole survivor|win)\b") \
            and not s.has(r"\bfinalists?\b|\brunners?[- ]up\b") and not s.has(
            r"\b(immunit\w*|rewards?|challenges?|most|idols?|advantages?|jury votes? did)\b"
            r"|\b(which|what) (tribe|team|side)\b"):  # "which tribe won it": a challenge's winners
        return Plan("season_winner", {"season": s.season})


@rule("finalists or runners-up of a season")
def _finalists(s: Slots):
    if s.season and s.has(r"\bfinal (two|2|three|3)\b.*\bfinal (two|2|three|3)\b|\bhow many finalists\b"):
        # "did season 9 end with a final two or a final three?": the season's count, not the finalists' names
        return Plan("season_facts", {"season": s.season}, operations=(Focus("n_finalists"),))
    if not s.season or s.has(r"\bjur(y|or|ors)\b|\bwho voted\b|\bhow (was|were|did)\b"):
        return None
    if s.has(r"\brunners?[- ]up\b|\bsecond place\b|\bcame (in )?second\b|\blost the final (vote|tribal)") or (
            s.has(r"\b(lost|losers?|losing|fell short)\b")
            and s.has(r"\bfinal (tribal council|vote)\b|\bfinalists?\b")):
        return Plan("season_finalists", {"season": s.season, "winner": False})
    if s.has(r"\bfinalists?\b|\bfinal (two|three|2|3)\b|\b(sat|sit|were|made it) (at|to) the final tribal"
             r"|\bmade it to the end\b"):
        return Plan("season_finalists", {"season": s.season, **({"winner": False} if s.has(
            r"\b(did not|didn't|not|never) win|\blost\b|\bnon-?winning\b") else {})})


@rule("jurors the winner never voted against")
def _jurors_spared_by_the_winner(s: Slots):
    """ "On season 20, which jurors did the winner never write down?": the jury, less everyone the winner
    wrote down at a tribal council that season."""
    named = [p for p in s.people if not is_ref(p)]  # "the winner" may already be a ref ("that person")
    if not isinstance(s.season, int) or named or not s.has(r"\bjurors?\b|\bjury\b") \
            or not s.has(r"\b(the winner|the sole survivor|that person)\b[\w ]{0,12}\b(never|not|n't)\b[\w ]{0,12}"
                         r"\b(vot\w* (against|for|out)|wr[io]te|target\w*)"):
        return None
    winner = Ref("season_winner", {"season": s.season}, "castaway_id", f"the winner of season {s.season}")
    targeted = {"tool": "votes_cast_by_player", "params": {"castaway_id": winner, "season": s.season},
                "key": "voted_for_id", "on": "castaway_id", "reading": "everyone the winner voted against"}
    return Plan("season_jury", {"season": s.season}, operations=(InSet(targeted, keep=False),))


@rule("the most jury votes a losing finalist got")
def _losing_finalists_ranked(s: Slots):
    """ "The most jury votes anyone has gotten and still lost": every season's runners-up, at the top (or bottom)
    of their jury votes."""
    if s.people or not s.has(r"\bjury votes?\b|\bvotes? (at|from) the jury\b") \
            or not s.has(r"\b(most|fewest|least|highest|lowest)\b") \
            or not s.has(r"\b(lost|lose|loser|losing|didn't win|did not win|without winning|runners?-up|"
                         r"still lost|not win)\b"):
        return None
    return Plan("season_finalists", {"winner": False, **s.season_filter},
                operations=(Extreme("jury_votes", not s.has(r"\b(fewest|least|lowest)\b")),))


@rule("the first or last woman (or man) to win")
def _first_of_a_gender_to_win(s: Slots):
    """ "Who was the first woman to win?", "the first season a woman won": every winner in season order, those of
    that gender kept (the toolbox's gender shape), then the first or last."""
    gender = gender_asked(s.text)
    if s.season or s.people or not gender or not s.has(r"\bw[oi]ns?\b|\bwinners?\b|\bsole survivors?\b") \
            or not (end := end_pick(s.text)):
        return None
    return Plan("winners_with_jury_votes", {}, operations=(*end, Gender(gender)))


@rule("jury of a season")
def _jury(s: Slots):
    if SIDE.search(s.text) and (BOOT_POSITION.search(s.text) or BOOT_AFTER.search(s.text)
                                or s.has(r"\b(went|go|sent) home\b|\bvoted (out|off)\b|\beliminated\b")):
        return None  # "the last person out before the jury started", "who went home before the jury": boots
    if s.season and s.person and s.has(r"\bhow many (jury )?votes\b|\bjury votes? did\b") and s.has(r"\bjur(y|or)"):
        # "how many jury votes did Jaclyn get", "whoever won the last immunity, how many jury votes did they get"
        return Plan("final_tribal_council", {"season": s.season, "castaway_id": s.person},
                    operations=(Focus("jury_votes"),))
    if s.season and s.has(r"\bjur(y|or|ors)\b"):
        beside = re.search(r"\b(?:right|just|immediately|directly) (after|before)\b|\b(after|before) P\d\b",
                           s.text, re.I)
        if beside and isinstance(s.person, str) and not s.has(r"\bvot"):  # the juror beside the person named
            step = 1 if (beside.group(1) or beside.group(2)).lower() == "after" else -1
            return Plan("season_jury", {"season": s.season},
                        operations=(NextTo("castaway_id", s.person, step),))
        pick = re.search(r"\b(?P<end>first|last|final)\b[\w ]{0,25}\b(join\w*|make|made|added|go to|went to|"
                         r"sent to|become|became|sit on|sat on|on) the jury\b|\b(?P<end2>first|last|final) juror\b",
                         s.text, re.I)
        if pick and not s.has(r"\bfinal (jury )?(tribal|vote)"):
            end = (pick.group("end") or pick.group("end2")).lower()
            return Plan("season_jury", {"season": s.season}, operations=(Pick("first" if end == "first" else "last"),))
        nth = re.search(rf"\b{ORDINAL} (?:person|member|one|juror|castaway|player)\b[\w ]{{0,20}}\bjury\b"
                        rf"|\b{ORDINAL.replace('ord', 'ord2')} juror\b", s.text, re.I)
        if nth and not s.has(r"\bfinal (jury )?(tribal|vote)"):
            n = ordinal(nth.group("ord") or nth.group("ord2"))  # "the 2nd person on the jury"
            if n:
                # ("the 1st juror" picks none: every juror, where Pick(0) would be the first; a gap kept as is)
                return Plan("season_jury", {"season": s.season}, operations=() if n == 1 else (Pick(n - 1),))
        if s.has(r"\bfinal (jury )?(tribal|vote)|\bvote count\b|\bhow many (jury )?votes\b|\bjury vote\b"):
            return Plan("final_tribal_council", {"season": s.season})
        if isinstance(s.person, str) and s.has(r"\b(which|what)( number)? juror (was|is)\b|\bjuror number\b"):
            # "which juror was Christa — first, second …?": her row, its number first
            return Plan("season_jury", {"season": s.season},
                        operations=(Where({"castaway_id": s.person}), Focus("juror_number")))
        return Plan("season_jury", {"season": s.season})


@rule("final tribal council")
def _final_tribal(s: Slots):
    if s.season and not BOOT_POSITION.search(s.text) and s.has(
            r"\bfinal (tribal|vote|three|two|council)|\bfinalists?\b|\brunners?[- ]up\b"):
        return Plan("final_tribal_council", {"season": s.season})
