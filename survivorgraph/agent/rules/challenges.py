"""Rules about challenge wins: who won a challenge in an episode (or the first / last of a season), the
ranking of challenge wins, and a person's challenge wins."""

from __future__ import annotations

import re

from survivorgraph.agent.challenge_features import first_feature
from survivorgraph.agent.operations import CareerTotal, Extreme, Focus, LargestGroup, Operation, Pick, Sort, Where
from survivorgraph.agent.phrases import NEGATION, WENT_HOME, min_seasons
from survivorgraph.agent.plans import Plan, Slots
from survivorgraph.agent.rules.base import SEASON_RANKED, end_pick, exit_episode, rule
from survivorgraph.agent.season_span import season_span

# "the last immunity", "the final reward" — not "the final tribal council", "the final three"
_LAST = r"\blast\b|\bfinal\b(?! (tribal|three|two|four|five|vote|jury|council|\d))"


@rule("a season's tribes by challenges won")
def _tribe_wins(s: Slots):
    """ "How many immunity challenges did Baka win?", "which tribe won the most rewards on season 28?", "which
    starting tribe never won immunity?": each tribe's wins as a tribe (tribe_challenge_wins)."""
    named = [name for name, season in s.tribes if season == s.season]
    if not isinstance(s.season, int) or s.people or s.has(r"\bepisode \d") \
            or not s.has(r"\b(won|win|wins|winning|lost|lose|losing)\b") \
            or not s.has(r"\bimmunit|\brewards?\b|\bchallenges?\b") \
            or not (named or s.has(r"\b(which|what) (\w+ )?tribes?\b|\btribes? (won|win|lost)\b")):
        return None
    params = {"season": s.season, "kind": "reward" if s.has(r"\brewards?\b") else "immunity",
              **({"tribe": named[0]} if len(named) == 1 else {}),
              **({"phase": "original"} if s.has(r"\b(start\w*|original\w*|first|initial)\b") else {})}
    if s.has(NEGATION) and s.has(r"\bwon|\bwin"):  # "never won a single immunity"
        return Plan("tribe_challenge_wins", params, operations=(Where({"wins": 0}),))
    if s.has(r"\b(most|fewest|least)\b"):
        return Plan("tribe_challenge_wins", params, operations=(Extreme("wins", s.has(r"\bmost\b")),))
    return Plan("tribe_challenge_wins", params, operations=(Focus("wins"),) if s.has(r"\bhow many\b") else ())


_REUSED = r"\bbrought back\b|\breuse\w*|\brecurr\w*|\brepeat\w*|\breturning challenge\b|\bused the most\b" \
          r"|\bmost (common|frequent|popular)\b|\bmost (times|often)\b|\bagain and again\b"


@rule("the challenges themselves")
def _challenges(s: Slots):
    """ "How many immunity challenges on Micronesia had a puzzle?", "what's the challenge Survivor has brought
    back the most?": the challenges as things (their names, kinds, what they involved), not who won them."""
    if s.people or not s.has(r"\bchallenges?\b") or s.has(r"\b(won|win|wins|winning|winners?|sat out|sit out)\b"):
        return None
    feature = first_feature(s.text)
    kind = "immunity" if s.has(r"\bimmunit") else "reward" if s.has(r"\brewards?\b") else \
        "duel" if s.has(r"\bduels?\b") else None
    params = {**s.season_filter, **({"kind": kind} if kind else {}), **({"feature": feature} if feature else {})}
    if s.has(_REUSED):  # the recurring challenge with the most versions
        return Plan("challenges", params, operations=(LargestGroup("recurring_name", True),))
    if (feature or isinstance(s.season, int) and not kind) and (end := end_pick(s.text)):
        # "the first slide puzzle ever - what season?", "what was season 1's very first challenge called?"
        return Plan("challenges", params, operations=end)
    if feature and (len(s.seasons) > 1 or season_span(s.text) or s.has(_WHICH_SEASONS)):
        return _counts_by_season(s, {k: v for k, v in params.items() if k != "season"})
    if feature:
        return Plan("challenges", params)
    return None


_WHICH_SEASONS = r"\b(which|what) (\w+ )?seasons?\b|\bseasons? (had|have|has|did|never|without)\b"


def _counts_by_season(s: Slots, params: dict) -> Plan:
    """ "Which season had the most blindfolded challenges?", "since s35, which seasons never had one?", "Palau
    vs Gabon - which had more puzzle challenges?": every season's count (0 included), then the seasons asked."""
    where: dict = {}
    ops: list[Operation] = []
    if len(s.seasons) > 1 and not season_span(s.text):  # "Tocantins vs China"; "from s1 to s12" is a span
        where["season"] = list(s.seasons)
    if s.has(NEGATION):
        where["challenges"] = 0
    elif s.has(r"\b(most|more|fewest|least|fewer|less)\b"):
        ops.append(Extreme("challenges", not s.has(r"\b(fewest|least|fewer|less)\b")))
    return Plan("challenge_counts_by_season", params, operations=[*([Where(where)] if where else []), *ops])


# Tribe and individual wins counted together: "tribe ones included", "overall", "on the winning side"
_ALL_WINS = r"\btribe (ones|wins|challenges)?\s*(included|too|as well|together)\b|\bcounting (tribe|team)\b" \
            r"|\b(tribe|team) (and|or|\+|&) individual\b|\bindividual (and|or|\+|&) (tribe|team)\b" \
            r"|\bwinning side\b|\boverall\b|\bin total\b|\ball (the )?challenges\b|\bof any kind\b"


@rule("challenges won, tribe and individual together")
def _all_challenge_wins(s: Slots):
    """ "counting tribe and individual wins together, who won the most challenges on Samoa?", "on s47, did Rachel
    or Kyle win more challenges overall?", "who won the most challenges on Samoa?" (every kind: tribe, team and
    individual wins added up, the individual ones beside them). A tribe's wins, one kind (immunity, reward) or one
    episode's challenge are other rules'."""
    if not s.has(r"\bchallenges?\b") or not s.has(r"\b(won|win|wins|winning)\b") or s.tribes or s.has(SEASON_RANKED) \
            or first_feature(s.text) \
            or s.has(r"\b(which|what) (\w+ )?tribes?\b|\btribes? (won|win|lost)\b|\bepisode \d|\bduels?\b") \
            or s.has(r"\b(first|last|final|opening)\b.{0,20}\bchallenge\b") \
            or s.has(r"\bimmunit|\brewards?\b") and not s.has(_ALL_WINS):
        return None
    column = "individual_wins" if s.has(r"\bindividual(ly)?\b") and not s.has(_ALL_WINS) else "wins"
    counts = [c for c in ("wins", "individual_wins", "tribe_wins", "challenges") if c != column]
    career = () if s.season else (CareerTotal("castaway_id", column, tuple(counts)),)
    if len(s.people) == 2 and s.has(r"\b(more|fewer|less|most)\b"):  # both, the larger count first
        return Plan("challenge_wins_ranking", s.season_filter,
                    operations=(Where({"castaway_id": list(s.people)}), *career, Sort(column)))
    if not s.people and s.has(r"\b(most|fewest|least)\b"):
        return Plan("challenge_wins_ranking", s.season_filter,
                    operations=(*career, Extreme(column, s.has(r"\bmost\b"))))
    if len(s.people) == 1 and s.has(_ALL_WINS):  # "how many challenges was Ozzy on the winning side of?"
        return Plan("challenge_wins_ranking", {**s.season_filter, "castaway_id": s.person},
                    operations=(*career, Focus(column)))
    return None


@rule("who was chosen to join a reward")
def _reward_picks(s: Slots):
    """ "Who was chosen most often to join someone else's reward on s9?" """
    if not s.has(r"\brewards?\b") or not s.has(r"\b(picked|chosen|chose|choose|selected|taken|brought|tag(ged)? along"
                                                 r"|come along|came along|join\w*|invited)\b") \
            or not s.has(r"\b(somebody|someone|someone's|somebody's|else's|another|other|along|to join|with them)\b"):
        return None
    params = {**s.season_filter, **({"castaway_id": s.person} if isinstance(s.person, str) else {})}
    if s.has(r"\b(most|fewest|least)\b|\bmore than (anyone|anybody)\b"):
        return Plan("reward_picks", params, operations=(Extreme("times_chosen", not s.has(r"\b(fewest|least)\b")),))
    return Plan("reward_picks", params, operations=(Focus("times_chosen"),) if s.person else ())


@rule("who held immunity the night a person went home")
def _immune_that_night(s: Slots):
    """ "Who had the immunity necklace the night Chad got voted out?": the individual immunity winners of the
    episode that person left in (a ref), not the person's own wins."""
    if not isinstance(s.person, str) or not isinstance(s.season, int) \
            or not s.has(r"\bimmun\w*|\bnecklace\b") or not s.has(r"\b(who|which \w+|whose)\b") \
            or not s.has(rf"\b(the night|the episode|the day|the tribal(?: council)?|when|that|after|before)\b "
                         rf"(that |when |after |before )?(P\d|\w+) {WENT_HOME}"):
        return None
    # "the episode after Tijuana got voted out": the next episode's winners
    near = re.search(r"\b(?:the )?(?:episode|week|challenge) (after|before)\b"
                     r"|\b(next|following|previous) (?:episode|week)\b", s.text, re.I)
    step = 0 if not near else -1 if (near.group(1) or near.group(2)).lower() in ("before", "previous") else 1
    episode = exit_episode(s.person, s.season, step)
    return Plan("season_challenge_winners", {"season": s.season, "episode": episode, "kind": "immunity",
                                             "scope": "individual" if s.has(r"\bindividual\b|\bnecklace\b") else
                                             "tribal" if s.has(r"\btribes?\b") else "any"})


_TOOK_ALONG = r"\b(bring|brought|take|took|taking|bringing|pick|picked|choose|chose|chosen)\b.{0,20}" \
              r"\b(along|with (him|her|them)|on the reward|to share)\b|\bwho (went|got to go) (with|along)\b"


@rule("who won a challenge in an episode, or the first / last challenge")
def _challenge_in_episode(s: Slots):
    named = s.has(r"\bchallenges?\b") and s.has(r"\bcalled\b|\bnamed\b|\bname of\b|\bwhat was the name\b")
    if not s.season or not (named or s.has(r"\b(won|win|wins|winners?|took|take|takes|claimed|captured)\b")) \
            or s.has(r"\b(most|how many|top)\b"):
        return None
    kind = "reward" if s.has(r"\brewards?\b") else "immunity" if s.has(r"\bimmunit") else None
    if kind is None:
        return None
    tribal = s.has(r"\btribes?\b|\btribal\b(?! council)")  # "final tribal council" is no tribe's win
    scope = "tribal" if tribal else "any" if named and not s.has(r"\bindividual\b") else "individual"
    params = {"season": s.season, "kind": kind, "scope": scope}  # a challenge asked by name: whoever won it
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    if m and params["scope"] == "individual":
        return Plan("episode_events", {"season": s.season, "episode": int(m.group(1)), "about": kind})
    if m:
        return Plan("season_challenge_winners", {**params, "episode": int(m.group(1))})
    end = "first" if s.has(r"\b(first|opening)\b") else "last" if s.has(_LAST) else None
    if named and not end and isinstance(s.person, str):
        # "Ken won one individual immunity on s17: what was that challenge called?": the names of his wins
        return Plan("season_challenge_winners", {**params, "scope": "individual" if not tribal else "tribal"},
                    operations=(Where({"castaway_id": s.person}), Focus("challenge_name")))
    if end and isinstance(s.person, str):
        # "when did Ken win his first individual immunity?": his wins, then the first — not the season's first
        return Plan("season_challenge_winners", params,
                    operations=(Where({"castaway_id": s.person}), Pick(end), Focus("episode")))
    along = s.has(_TOOK_ALONG) and kind == "reward"  # "who did the winner bring along": whom they chose
    if end:  # "what was the last individual immunity challenge called": its name leads
        return Plan("season_challenge_winners", {**params, "pick": end},
                    operations=(Focus("challenge_name"),) if named else (Focus("chosen"),) if along else ())
    if not s.people and not s.has(r"\b(more|fewer|less)\b") \
            and s.has(r"\bwho\b|\bwhich (players?|castaways?|people|contestants|tribes?)\b|\blist\b"
                      r"|\b(immunity|reward|challenge) winners\b"):
        return Plan("season_challenge_winners", params)  # every win of that kind, episode by episode


@rule("ranking of challenge wins")
def _challenge_ranking(s: Slots):
    if not s.has(r"\b(most|top|leader|record|ranking|highest|greatest)\b") or s.has(r"\bidols?\b|\badvantages?\b") \
            or (not s.people and s.has(SEASON_RANKED)):
        return None
    params: dict = {"limit": 5, **s.season_filter}
    if n := min_seasons(s.text):
        params["min_seasons"] = n
    scope = "tribal" if s.has(r"\btribal?\b (immunity|reward|challenge)") else "individual"
    if s.has(r"\bimmunit"):
        if not s.season and s.has(r"\b(in a|in one|in any|a) single season\b|\bin one season\b|\bper season\b"):
            params["per_season"] = True  # "the record in a single season": each season counted apart
        if s.has(r"\brecord\b|\bwho holds\b"):
            params.update(leaders_only=True, limit=20)
        return Plan("individual_immunity_ranking", {**params, "scope": scope})
    if s.has(r"\breward"):
        return Plan("individual_reward_ranking", {**params, "scope": scope})


@rule("a person's challenge wins")
def _person_challenges(s: Slots):
    if s.person and s.has(r"\b(challenges?|immunit\w*|rewards?)\b") and s.has(r"\b(how many|win|won|wins)\b"):
        return Plan("player_challenge_wins", {"castaway_id": s.person, **s.season_filter})
