"""Rules about tribal council votes: the most votes cast or received, tribal council counts, who voted a person
out, the votes between two people, and a person's votes received or cast. Revenge votes ("voted out by someone
they had voted against") are the example router's: cases/votes.yaml `examples`."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Count, Extreme, Focus, InSet, Operation, Pick, Where, WhereNot
from survivorgraph.agent.phrases import WENT_HOME
from survivorgraph.agent.plans import Plan, Slots
from survivorgraph.agent.rules.base import ONE_SEASON, end_pick, exit_episode, rule


@rule("most votes cast")
def _most_votes_cast(s: Slots):
    if not s.people and s.has(r"\bcast (the )?most votes\b|\bmost votes cast\b(?! against)|\bvoted the most\b"
                              r"|\bmost (tribal council )?votes as a voter\b"):
        return Plan("most_votes_cast", {"limit": 5, **s.season_filter,
                                        **({"per_season": True} if s.has(ONE_SEASON) else {})})


@rule("the most votes at one tribal council")
def _most_votes_one_night(s: Slots):
    """ "The most votes anybody has ever gotten at one single tribal council": one round of one council each."""
    if not s.people and s.has(r"\bmost votes\b|\bbiggest (vote|tally)\b|\blargest (vote|tally)\b") and s.has(
            r"\b(one|a|single|same) (single )?(tribal( council)?|night|vote|round)\b|\bat once\b"):
        return Plan("single_tribal_vote_counts", {"limit": 50, **s.season_filter},
                    operations=(Extreme("votes", True),))


@rule("most votes received")
def _most_votes_received(s: Slots):
    if s.has(r"\b(most|received the most|got the most)\b.*\bvotes?\b") and s.has(
            r"\bvotes? (against|cast against)|\breceiv|\bgot\b|\bvoted for the most|\bmost votes\b") and not s.has(
            r"\bjury votes?\b|\bcast the most\b|\bmost votes cast\b(?! against)"):
        leader = s.has(r"^\s*(who|which (player|castaway|person|contestant))\b") and not s.has(
            r"\btop\b|\branking\b|\blist\b")
        leaders = {"leaders_only": True} if leader else {}
        return Plan("most_votes_received", {"limit": 5, **s.season_filter, **leaders})


@rule("tribal council counts")
def _tribal_counts(s: Slots):
    if s.has(r"\bhow many tribal councils?\b(?! votes?)|\bnumber of tribal councils?\b(?! votes?)"
             r"|\btribal councils? (have there been|total)"):
        # "how many tribal councils did Taj sit through": the ones that person attended
        return Plan("tribal_council_counts", {**s.season_filter,
                                              **({"castaway_id": s.person} if isinstance(s.person, str) else {})})


@rule("nullified votes")
def _nullified_votes(s: Slots):
    """ "How many votes were nullified in season 45?": the season's votes an idol or advantage cancelled."""
    if isinstance(s.season, int) and s.has(r"\b(nullif\w*|negated|cancel+ed|voided|didn't count|did not count)\b") \
            and s.has(r"\bvotes?\b"):
        return Plan("tribal_council_votes", {"season": s.season}, operations=(Where({"nullified": True}),))


# Tribal councils with a twist (survivoR's vote_event), as people name them: (words, the event's name)
_TRIBAL_EVENTS = [
    (r"\brocks? draw\b|\bdr(a|e|aw)w?(n|ing)? (the )?rocks?\b|\bpurple rock\b|\bbad rock\b|\bon a rock\b|\brock-?draw",
     "rock draw"),
    (r"\bdeadlock\w*\b", "deadlock"), (r"\bshot in the dark\b", "shot in the dark"), (r"\bcountback\b", "countback"),
    (r"\bsummits?\b", "summit"),
    # "missed tribal because they were on exile": kept out of the vote (Exile Island itself is another rule's)
    (r"\bexiled?\b.*\btribal\b|\btribal\b.*\bexiled?\b", "exiled"),
    (r"\bcontrol (of )?the vote\b", "control the vote"), (r"\b(sacrific\w*|gave up|give up) (their |his |her |a )?vote",
                                                          "sacrificed vote"),
    (r"\bsafety without power\b", "safety without power"), (r"\bdo or die\b", "do or die"),
    (r"\bkidnap\w*\b", "kidnapped"), (r"\babstain to gain\b", "abstain to gain"),
    (r"\bvote blocker\b|\bblock(ed)? (a |their |his |her )?vote\b", "block"),
]
# "who lost their vote", "who missed tribal": asks who the twist befell, not who went home
_BEFELL = r"\b(who|which \w+|how many (people|players|castaways|times))\b" \
          r"(?!.{0,40}\b(went home|sent home|voted (out|off)|eliminated|booted)\b)"


@rule("tribal councils with a twist")
def _tribal_events(s: Slots):
    """ "The first time somebody went home on a rock draw?", "which seasons had a deadlock?", "who played their
    shot in the dark in season 41?": the councils where that happened, with who went home."""
    event = next((name for pattern, name in _TRIBAL_EVENTS if s.has(pattern)), None)
    if event is None or (event == "shot in the dark" and isinstance(s.person, str)):
        return None
    if event == "shot in the dark" and (s.has(r"\bhow many (times|people|shots)\b|\b(played|used|play|use) (their|"
                                              r"his|her|a|the) shot\b")
                                        or s.has(r"\b(work|worked|works|saved?|safe|success\w*|paid off)\b")):
        # "when did a shot in the dark first actually work? who played it?", "how many times has somebody played
        # their shot in the dark?": the people who played one, and whether it kept them safe
        worked = {"outcome": "Safe"} if s.has(r"\b(work|worked|works|saved?|safe|success\w*|paid off)\b") else {}
        count = (Count("*"),) if s.has(r"\bhow many\b") else ()
        return Plan("tribal_event_players", {"event": event, **worked, **s.season_filter},
                    operations=(*end_pick(s.text), *count))
    gone = s.has(rf"\b{WENT_HOME}|\bsent home\b|\bvoted (out|off)\b|\beliminated\b")
    if event not in ("rock draw", "deadlock", "countback") and (s.has(_BEFELL) or not gone):
        # "on s44, who lost their vote at a summit?", "on fiji, who missed tribal because of exile?": the
        # people it befell
        count = (Count("*"),) if s.has(r"\bhow many\b") else ()
        return Plan("tribal_event_players", {"event": event, **s.season_filter}, operations=(*end_pick(s.text), *count))
    return Plan("tribal_events", {"event": event, **s.season_filter},
                operations=(*end_pick(s.text), *([Focus("voted_out")] if gone else [])))


@rule("the vote that sent a person home")
def _elimination_vote(s: Slots):
    """ "When JP went home, what was the vote?", "by how many votes was Ozzy voted out", "how many votes did Cirie
    get the night she left": the whole vote at that tribal council (each name's count and the tally)."""
    if not isinstance(s.person, str) or s.has(r"\bjury\b|\bjurors?\b|\bwon\b|\bwin(ner|s)?\b|\bfinal tribal\b"):
        return None
    tally = s.has(r"\bvote (count|tally|split|total|breakdown|numbers?)\b|\btally\b|\bwhat was the (final )?vote\b"
                  r"|\bsplit (their|the|its) votes?\b|\bvotes? (were |was )?split\b"
                  r"|\bhow (was|did) the vote (go|split|break down)\b|\bby (how many|what) (votes?|margin)\b"
                  r"|\bwhat (was the )?margin\b")
    that_night = s.has(rf"\bhow many votes did [\w'’. -]{{1,40}}? (get|receive)\b.*\b(the night|when|at the tribal"
                       rf"(?: council)?|the episode)\b.*\b{WENT_HOME}")
    gone = s.has(rf"\b{WENT_HOME}|\bboot(ed)?\b|\bvoted (out|off)\b|\bblindsided\b|\beliminated\b|\bsent home\b")
    if (tally and gone) or that_night:
        return Plan("elimination_vote", {"castaway_id": s.person, **s.season_filter})


@rule("who voted a person out")
def _voters_at_elimination(s: Slots):
    if s.person and s.has(r"\b(who|which \w+|what \w+)\b.*\b(voted|sent|blindsided) [\w'’.-]+( [\w'’.-]+){0,3} "
                          r"(out|off|home)\b|\bvoted out by\b|\bwho voted for .*\bout\b"
                          r"|\bvotes? that (sent|eliminated)"):
        return Plan("voters_at_elimination", {"castaway_id": s.person, **s.season_filter})


@rule("a person's vote the night another went home")
def _vote_the_night(s: Slots):
    """ "The night Caleb went home, who did Hayden vote for?": the votes at the tribal council of the first
    person's exit (its episode, a ref), the second person's among them."""
    m = re.search(r"\b(?:the (?:night|day|episode|tribal(?: council)?|vote)|when) (?:that |when |where )?(P\d) "
                  r"(?:went home|was (?:voted|sent) (?:out|off|home)|got (?:voted out|the boot)|left)\b", s.text, re.I)
    if m and len(s.people) == 1 and isinstance(s.season, int) and isinstance(s.person, str) \
            and s.has(r"\b(didn't|did not|never|wasn't|weren't) vot\w* (for|against) (him|her|them|P1)\b"):
        # "the night Edgardo was voted out, who didn't vote for him?": that tribal's voters minus his
        episode = exit_episode(s.person, s.season)
        voted_him_out = {"tool": "voters_at_elimination", "params": {"castaway_id": s.person, "season": s.season},
                         "key": "voter_id", "on": "voter_id", "reading": "who voted them out"}
        return Plan("tribal_council_votes", {"season": s.season, "episode": episode},
                    operations=(InSet(voted_him_out, keep=False), WhereNot({"voter_id": [s.person]}), Focus("voter")))
    if not m or len(s.people) != 2 or not isinstance(s.season, int) or not s.has(r"\bvot"):
        return None
    gone, voter = (s.people if m.group(1) == "P1" else list(reversed(s.people)))
    if not all(isinstance(p, str) for p in (gone, voter)):
        return None
    episode = exit_episode(gone, s.season)
    return Plan("tribal_council_votes", {"season": s.season, "episode": episode},
                operations=(Where({"voter_id": voter}), Focus("voted_for")))


_VOTING = r"\bvot\w*|\b(write|wrote|written|writes|writing) (down )?\b|\bnames? down\b|\btarget\w*"


@rule("two people's votes side by side")
def _vote_alignment(s: Slots):
    """ "How many times did Eddie and Reynold vote for the same person?", "did Tony and Sarah ever vote
    differently?": each round both voted at, and whether they wrote down the same name."""
    if len(s.people) != 2 or not all(isinstance(p, str) for p in s.people) or not s.has(_VOTING):
        return None
    ids = {"castaway_id": s.people[0], "other_castaway_id": s.people[1], **s.season_filter}
    if s.has(r"\b(whose|whom|who|which (people|players|castaways))\b.*\bboth\b|\bboth\b.*\b(vote[ds]? (for|against)|"
             r"wrote|write|written|target\w*)\b.*\?|\bin common\b"):
        if not s.has(r"\bsame (time|night|tribal|vote|round)\b"):
            return Plan("shared_vote_targets", ids)  # names both wrote down at some point
    differently = s.has(r"\bdifferent\w*\b|\bagainst each other's\b|\bsplit\b|\bdisagree\w*")
    if differently or s.has(r"\bsame (person|people|way|name|target|player|side|castaway)\b|\btogether\b"
                            r"|\bvot\w* (alike|as a pair|in sync|the same)\b|\bagree\w*|\bvoted with\b|\bin sync\b"):
        count = s.has(r"\bhow (many|often)\b|\bnumber of\b")
        if differently:
            return Plan("vote_alignment", ids, operations=(Where({"same_vote": False}),))
        return Plan("vote_alignment", ids, operations=(Focus("n_same_votes"),) if count else ())


@rule("head-to-head votes between two people")
def _head_to_head(s: Slots):
    if len(s.people) == 2 and s.has(r"\bvot"):
        one_way = s.has(r"\bvot\w* (for|against|out)\b") and not s.has(r"\beach other\b|\bone another\b|\bbetween\b")
        return Plan("head_to_head_votes", {"castaway_id": s.people[0], "other_castaway_id": s.people[1],
                                           **({"one_way": True} if one_way else {})})


def _merge_side(s: Slots) -> tuple[Operation, ...]:
    """ "Before the merge" / "after the merge": the votes cast at councils on that side (each vote's phase)."""
    m = re.search(r"\b(?:(before|pre|prior to|until)|(after|post|since|once))[- ]?(?:the )?merge\b", s.text, re.I)
    if not m:
        return ()
    return (WhereNot({"phase": ["merged"]}),) if m.group(1) else (Where({"phase": "merged"}),)


@rule("votes a person received or cast")
def _person_votes(s: Slots):
    if not s.person or not s.has(r"\bvot"):
        return None
    season = s.season_filter
    side = _merge_side(s)
    if s.has(r"\bvotes? ((were|got|had|have|has) )?(been )?(against|received|cast against)|receiv\w* .*votes?"
             r"|voted (for|against) (him|her|them)\b"
             r"|\bcast against (him|her|them)\b|\b(who|which \w+|anyone|people|players) (\w+ ){0,2}voted (for|against) "
             r"P\d\b|\b(someone|somebody|anyone|anybody)\b (\w+ )?vot\w* (for|against) (him|her|them|P\d)\b"
             r"|\bhow many votes (did|has|had) P\d (get|got|receive|received|have)\b"):
        end = re.search(r"\b(first|last)\b", s.text, re.I)  # "which episode did someone first vote for him"
        return Plan("votes_received_by_player", {"castaway_id": s.person, **season},
                    operations=(*side, *([Pick(end.group(1).lower())] if end and not s.has(r"\bhow many\b") else [])))
    if s.has(r"\b(who|whom) did .* vote|votes? (cast )?by\b|\bvoted for\b|\bhow did .* vote"
             r"|\bhow many (times|votes)\b.*\b((has|have|did|does) P\d|P\d (has|have|did)) (ever )?(vote[ds]?|cast)\b"):
        return Plan("votes_cast_by_player", {"castaway_id": s.person, **season}, operations=side)
