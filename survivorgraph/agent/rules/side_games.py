"""Rules about a season's side games: who sat out challenges, the duels of Redemption Island and the Edge of
Extinction, journeys, and the Survivor auction. Each reads its own negations ("didn't lose their vote",
"without buying anything"), so the complement of a positive plan is not needed for them."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import (
    CareerTotal,
    Extreme,
    Focus,
    Operation,
    Pick,
    Sort,
    ThereWhen,
    Where,
    WhereNot,
)
from survivorgraph.agent.plans import Plan, Slots
from survivorgraph.agent.rules.base import rule

SIT_OUT = r"\bs[ia]t(s|ting)? out\b|\bsit-?outs?\b|\bbenched\b|\bon the bench\b"
DUEL = r"\bduel(s|ed|ing|led|ling)?\b"
_ARENA = r"\b(redemption island|edge of extinction|the edge)\b"
_RANKING = r"\b(most|fewest|least)\b"
_THAN_ANYONE = r"\bmore\b.*\bthan (anyone|anybody|everyone|any other)\b"
_CAREER = CareerTotal("castaway_id", "sat_out")
_SPENDING = r"\b(spen[dt]\w*|bl[eo]w|dropped|splurged?|shell(ed)? out|paid|forked out)\b"


def _about(s: Slots) -> dict:
    """The season and the person the part names: the filters all four queries take."""
    return {**s.season_filter, **({"castaway_id": s.person} if s.person else {})}


def _arena(s: Slots) -> tuple[str | None, dict]:
    """The arena a part names and the season filter besides it. The linker reads "Redemption Island" and "Edge of
    Extinction" as the seasons of that name; beside a duel or a return they are the arena, and the season is the
    other one named ("redemption island on blood vs. water": season 27)."""
    named = [m for m in s.mentions if m.kind == "season" and re.search(_ARENA, m.text, re.I)]
    if not named and not s.has(_ARENA):
        return None, s.season_filter
    text = " ".join([m.text for m in named] + [s.text])
    arena = "redemption_island" if re.search(r"\bredemption\b", text, re.I) else "edge_of_extinction"
    others = {m.season for m in s.mentions if m.kind == "season" and m not in named}
    if not named:
        return arena, s.season_filter
    return arena, ({"season": next(iter(others))} if len(others) == 1 else {})


def _extreme(s: Slots, column: str) -> tuple[Operation, ...]:
    return (Extreme(column, not s.has(r"\b(fewest|least)\b")),)


@rule("challenge sit-outs")
def _sit_outs(s: Slots):
    """ "Who sat out the most challenges in S41?", "how many challenges did Heather sit out?" """
    if not s.has(SIT_OUT):
        return None
    if len(s.people) == 2:  # "Dave or John: who sat out more on Samoa?": both, the larger count first
        both = {"castaway_id": list(s.people)}
        return Plan("challenge_sit_outs", s.season_filter, operations=(Where(both), _CAREER, Sort("sat_out")))
    if s.has(_RANKING) or s.has(_THAN_ANYONE):
        # with no season named, a person's seasons add up ("more than anyone in Survivor history")
        career = () if s.season else (_CAREER,)
        return Plan("challenge_sit_outs", _about(s), operations=(*career, *_extreme(s, "sat_out")))
    return Plan("challenge_sit_outs", _about(s), operations=(Focus("sat_out"),) if s.person else ())


@rule("duels")
def _duels(s: Slots):
    """ "Most duel wins on Blood vs. Water?", "who did Christine face in duels?", "whoever won the most duels on
    Redemption Island, where did they finish?" — a named arena without a season keeps that arena's seasons."""
    arena, seasons = _arena(s)
    if not (s.has(DUEL) or arena and s.has(r"\b(beat|faced?|fought|battled?)\b")):
        return None
    params = {**seasons, **({"castaway_id": s.person} if s.person else {})}
    if not params.get("season") and arena:
        params["arena"] = arena
    lost = s.has(r"\b(lost|lose|losses|losing)\b")
    column = "losses" if lost else "wins" if s.has(r"\b(won|win|wins|winning|victor\w*|beat)\b") else "duels"
    if len(s.people) == 2 and s.has(r"\b(more|fewer|less|most)\b"):  # "did John or Marissa win more duels?"
        both = {k: v for k, v in params.items() if k != "castaway_id"}
        return Plan("duels", both,
                    operations=(Where({"castaway_id": list(s.people)}), Sort(column, not s.has(r"\b(fewer|less)\b"))))
    if s.has(r"\b(never|not|without|zero|no)\b|n't\b") and column != "duels":  # "never won a single duel"
        return Plan("duels", params, operations=(Where({column: 0}),))
    if s.has(_RANKING):
        return Plan("duels", params, operations=_extreme(s, column))
    if s.has(r"\b(who|whom)\b.*\b(face|faced|against|fought|beat|battled?)\b|\bopponents?\b"):
        return Plan("duels", params, operations=(Focus("faced"),))
    return Plan("duels", params, operations=(Focus(column),) if s.person and s.has(r"\bhow many\b") else ())


_BACK = (r"\b(won|win|fought|battled|earned|made) (their|his|her|the|a) way back\b|\b(made|make|got|get|came|come|"
         r"coming) back (in|into|to)\b|\bback in(to)? the game\b|\b(returned|return\w*|re-?entered|rejoined)\b")


@rule("who was sent to Redemption Island or the Edge, and who came back")
def _arena_returns(s: Slots):
    """ "on s27, who came back into the game through redemption island?", "which s38 players went to the edge of
    extinction and never made it back?": everyone sent there, and whether they returned."""
    arena, seasons = _arena(s)
    if arena and s.person and s.has(r"\b(already|still) (there|on it|waiting)\b|\bwaiting (there )?for\b"
                                    r"|\bwho (was|were) there when\b"):
        # "when Mikayla got sent to redemption island, who was already there waiting for her?"
        return Plan("arena_stays", {**seasons, **({} if seasons else {"arena": arena})},
                    operations=(ThereWhen(s.person, "arrived_episode", "last_episode_there"),))
    if not arena or not s.has(_BACK) or s.has(DUEL):
        return None
    params = {**seasons, **({} if seasons else {"arena": arena})}
    where = {"castaway_id": s.person} if s.person else \
        {"returned": not s.has(r"\b(never|not|didn't|did not|failed to|without)\b")}
    return Plan("arena_stays", params, operations=(Where(where),))


@rule("journeys")
def _journeys(s: Slots):
    """ "Who went on the season 43 journey together with Jesse?", "on s41, who went on a journey without
    losing their vote?", "who lost their vote on a journey?" """
    if not s.has(r"\bjourneys?\b"):
        return None
    ops: list[Operation] = []
    where: dict = {}
    # each read with its own negation: "who risked their vote and didn't lose it"
    if m := re.search(r"(\b(?:not|never|without|kept|didn't|did not|don't)\b[\w ]{0,12})?\b(lost|lose|losing) "
                      r"(their |his |her |a |the )?(vote|it)\b", s.text, re.I):
        where["lost_vote"] = not m.group(1)
    if m := re.search(r"(\b(?:not|never|without|declined|refused|didn't|did not|don't)\b[\w ]{0,12})?"
                      r"\b(risk\w*|gambl\w*|wager\w*|bet|chose to play|play(ed)? the game)\b", s.text, re.I):
        # "went on a journey but didn't risk their vote": whether they chose to play
        where["chose_to_play"] = not m.group(1)
    if where:
        ops.append(Where(where))
    if s.person and s.has(r"\b(with|else|who went|companions?|alongside)\b"):
        # "who else went with Carson": his row's companions; the generic "else" would drop his row itself (an
        # empty WhereNot: the plan leaves out no one, so the restriction leaving out the person does not apply)
        ops += [Focus("went_with"), WhereNot({})]
    elif s.person and s.has(r"\b(what did|got|get|came back with|reward|receive)\b"):
        ops.append(Focus("reward"))
    return Plan("journeys", _about(s), operations=ops)


@rule("the auction")
def _auction(s: Slots):
    """ "What did Sandra buy at the auction on season 7?", "who bought nothing at the season 24
    auction?", "who spent the most at the auction?" """
    if not s.has(r"\bauctions?\b"):
        return None
    if s.has(r"(\b(without|not|never|nothing)\b|n't\b).{0,20}\b(buy|bought|buying|purchas\w*|spend|spent|spending)\b"
             r"|\b(buy|bought|purchased|spent) nothing\b|\bempty[- ]handed\b"):
        return Plan("auction", _about(s), operations=(Where({"items": 0}),))
    if s.has(r"\b(swap|trade|exchange|instead|alternative|something else|switch)\b"):
        # "someone got offered a swap for the covered thing they bought - who, and what was offered instead?"
        return Plan("auction_items", s.season_filter,
                    operations=(Where({"offered_instead": True}), Focus("other_item")))
    if s.has(r"\b(covered|under (a|the) (cover|cloth|lid)|hidden|mystery|unseen|sight unseen)\b"):
        # "how many of the items were sold covered up?"
        return Plan("auction_items", s.season_filter, operations=(Where({"covered": True}),))
    if s.has(r"\b(thing|item|lot)s?\b.*\b(sold|auctioned|up for (bid|sale)|came up|offered|bought)\b"
             r"|\b(first|last|final|priciest|cheapest|most expensive) (thing|item|lot)\b"):
        # "the first item up at the season 7 auction - who bought it?": the items in order
        if m := re.search(r"\b(first|last|final)\b", s.text, re.I):
            return Plan("auction_items", s.season_filter, operations=(Pick("first" if m.group(1).lower() == "first"
                                                                 else "last"),))
        if s.has(r"\b(priciest|cheapest|most expensive|least expensive)\b"):
            cheapest = s.has(r"\b(cheapest|least expensive)\b")
            return Plan("auction_items", s.season_filter, operations=(Extreme("cost", not cheapest),))
        return Plan("auction_items", s.season_filter)
    # "how much money did Butch have left once the auction was done?", "who walked out with more cash left?"
    if s.has(r"\b(left|left over|leftover|remaining|remained|to spare|unspent|still had)\b"):
        if len(s.people) == 2:
            return Plan("auction", s.season_filter,
                        operations=(Where({"castaway_id": list(s.people)}), Sort("money_left"), Focus("money_left")))
        if not s.person and s.has(_RANKING):
            return Plan("auction", _about(s), operations=_extreme(s, "money_left"))
        return Plan("auction", _about(s), operations=(Focus("money_left"),))
    # "was anyone at the auction with no money to bid?"
    if s.has(r"\b(no|zero|without( any)?|not a (cent|dollar|penny))\b (money|cash|dollars|funds)\b"
             r"|\b(broke|penniless)\b|\bmoney\b.{0,20}\b(none|nothing|zero|\$?0)\b"):
        return Plan("auction", _about(s), operations=(Where({"money": 0}),))
    if s.has(_RANKING):
        # "blew the most money" is what they spent; "the most money" alone is what they came with
        column = "money" if s.has(r"\b(money|cash|had)\b") and not s.has(_SPENDING) else (
            "items" if s.has(r"\bitems\b") else "spent")
        return Plan("auction", _about(s), operations=_extreme(s, column))
    item = re.search(r"\b(?:who|which \w+)\b.*?\b(?:paid for|pay for|bought|buy|purchased|won|got|spent \w+ on)"
                     r" (?:the |a |an |some )?(?P<item>[a-z][\w' -]+?) (?:at|in|on|during) (?:the )?[^?]*\bauction",
                     s.text, re.I)
    item = item or re.search(r"\b(?:someone|somebody|anyone|anybody|a castaway|one (?:person|castaway))\b[^?]*?"
                             r"\bauction\b[^?]*?\b(?:paid for|pay for|bought|buy|purchased|won|got|spent \w+ on)"
                             r" (?:the |a |an |some )?(?P<item>[a-z][\w' -]+?)(?=[.?!,;]|$| and\b)", s.text, re.I)
    if item and not s.person:  # "who bought the chocolate at the season 7 auction?": whoever bought it
        return Plan("auction", _about(s), operations=(Where({"bought": item.group("item")}),))
    if s.person and s.has(r"\b(buy|bought|purchas\w*|get|got|win|won)\b"):
        return Plan("auction", _about(s), operations=(Focus("bought"),))
    return Plan("auction", _about(s))
