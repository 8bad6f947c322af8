"""Rules about leaving the game: the boot order and the Nth person out, a person's place in it, when people
left (or who of several left first), and exits of a type (quit, evacuated …)."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import At, AtLeast, Between, Bound, Count, Focus, Pick, WhereNot
from survivorgraph.agent.phrases import BOOT_AFTER, BOOT_POSITION, LEFT, NARRATIVE, NEGATION, exit_type_in, ordinal
from survivorgraph.agent.plans import Plan, Slots
from survivorgraph.agent.restrictions import SIDE
from survivorgraph.agent.rules.base import rule

_BY_DAY = re.compile(r"\b(?P<how>by|before|through|up to|until|as of|on) day (?P<day>\d{1,2})\b", re.I)


@rule("who had left, or was still in the game, by a day")
def _by_day(s: Slots):
    """ "how many people were out of the game by day 20 of season 24?", "on s12, who was still playing on day
    30?": the boot order cut at that day (finalists leave on the last day)."""
    m = _BY_DAY.search(s.text)
    if not isinstance(s.season, int) or not m or s.person:
        return None
    day = int(m.group("day"))
    count = (Count("*"),) if s.has(r"\bhow many\b") else ()
    if s.has(r"\bstill (in|around|playing|alive|in the game|there|left)\b|\b(remaining|left in the game)\b"):
        # not the people who left on that day: the generic "on day N" filter is not this question's (an empty At
        # chooses no rows, and holds the place of the one the part's reading would add)
        return Plan("boot_order", {"season": s.season}, operations=(AtLeast({"day": day}), At({}), *count))
    if m.group("how").lower() != "on" and s.has(LEFT + r"|\bgone home\b|\bbeen (voted|sent) out\b"):
        last = day - 1 if m.group("how").lower() == "before" else day
        return Plan("boot_order", {"season": s.season}, operations=(
            Bound("at_most", {"day": last}), WhereNot({"exit_type": ["winner", "runner_up"]}), *count))
    return None


@rule("a person's place in the boot order")
def _which_boot(s: Slots):
    if s.person and s.has(r"\b(which|what) (boot|number boot)\b|\bboot (number|#)\b|\bhow (early|late) .* (out|boot)"):
        return Plan("player_exit", {"castaway_ids": [s.person], **s.season_filter}, operations=(Focus("boot_order"),))


@rule("seasons or players with an exit type")
def _exits(s: Slots):
    exit_type = exit_type_in(s.text)
    if not exit_type:
        return None
    if s.has(r"\b(which|what|how many) seasons?\b|\bseasons? (had|with|where|saw|did)\b|\bin which season"):
        return Plan("seasons_with_exit_type", {"exit_type": exit_type, **({"absent": True} if s.has(NEGATION) else {})})
    if exit_type == "fire_challenge" and isinstance(s.person, str) and s.season \
            and s.has(r"\b(beat|beats|defeat\w*|won against|outlast\w*|faced?|against)\b"):
        # "who did Tony defeat at fire-making on season 40": the one who lost it
        return Plan("exits_by_type", {"exit_type": exit_type, "season": s.season},
                    operations=(WhereNot({"castaway_id": [s.person]}),))
    if s.person and not NARRATIVE.search(s.text):
        return Plan("player_career", {"castaway_id": s.person, **s.season_filter})  # "Was Joe evacuated?"
    if s.people:
        return None
    if s.has(r"\b(who|which (players?|castaways?|contestants?)|list|name|how many (times|castaways|players|people|"
             r"contestants))\b") and not NARRATIVE.search(s.text):
        return Plan("exits_by_type", {"exit_type": exit_type, **s.season_filter})


@rule("when people left the game, or who left first")
def _player_exit(s: Slots):
    if not s.people or len(s.people) > 4:
        return None
    ids = {"castaway_ids": s.people, **s.season_filter}
    if len(s.people) >= 2 and s.has(r"\b(first|earlier|sooner|before|last|longer|later|further|outlast\w*)\b") \
            and s.has(
            rf"\b{LEFT}|\blast\w*\b|\boutlast\w*|\bfurther\b|\bgo home\b"):
        latest = s.has(r"\b(longer|later|further|outlast\w*|lasted)\b") or (
            s.has(r"\blast\b") and not s.has(r"\b(last|lasted) longer\b"))
        return Plan("player_exit", {**ids, "latest_first": latest})
    if isinstance(s.person, str) and s.has(r"\bwas (he|she|they|P\d) (\w+ )?(voted|booted) (out|off)\b.*\bor\b"
                                           r"|\bhow did (he|she|they|P\d) (leave|go out|exit|go home)\b"):
        # "was he voted out or did something else happen?": how they left (the result says: ejected, quit …)
        return Plan("player_exit", ids, operations=(Focus("result"),))
    if s.has(r"\b(which|what) (episode|day)\b|\bwhen (was|did)\b|\bon (what|which) day\b|\bhow (long|many days)\b"
             r"|\bthe episode (where|when|in which|that)\b|\bepisode (name|title)\b") \
            and s.has(
            rf"\b{LEFT}|\blast\b(?! (play|compet|appear|time|season))|\bsurviv"):
        return Plan("player_exit", ids)


@rule("boot order, or the Nth person out")
def _boot_order(s: Slots):
    if not s.season:
        return None
    m = re.search(r"\b(right|immediately|just|directly) (?P<rel>after|before)\b"
                  r"|\b(?P<rel2>after|before) (?=\S+ \S+ (was|left|went))", s.text, re.I)
    if m and s.person and s.has(LEFT):
        rel = (m.group("rel") or m.group("rel2")).lower()
        return Plan("boot_order", {"season": s.season, rel: s.person})
    m = BOOT_POSITION.search(s.text) or BOOT_AFTER.search(s.text)
    if m and SIDE.search(s.text):
        # "the last person voted out before the merge": a pick among the boot order kept to that side of the
        # merge (agent.restrictions adds the side)
        word = m.group("ord").lower()
        n = 1 if word in ("last", "final") else ordinal(word)
        end = word in ("last", "final") or s.has(r"\bto[- ]last\b")
        if n:
            pick = -n if end else ("first" if n == 1 else n - 1)
            return Plan("boot_order", {"season": s.season}, operations=(Pick(pick),))
    # (counted from a juror, the position is another list's: not this rule's to answer)
    if m and not s.has(r"\bjur(y|or)|\b(after|before|since|post|pre)[- ]?(the )?merge"):
        word = m.group("ord").lower()
        if word in ("last", "final") or s.has(r"\bto[- ]last\b"):
            n = ordinal(word) if word not in ("last", "final") else 1
            return Plan("boot_order", {"season": s.season, "position": n, "from_end": True})
        return Plan("boot_order", {"season": s.season, "position": ordinal(word)})
    if s.has(r"\bboot order\b|\border (in which|that) .* (voted out|eliminated)"
             r"|\border of (exits|eliminations|boots)\b"):
        return Plan("boot_order", {"season": s.season})
    if s.has(r"\bwithout (being|getting) (voted|booted) (out|off)\b|\bnot (by being )?voted (out|off)\b"
             r"|\bother than (by )?(being )?voted (out|off)\b"):  # quits, evacuations, ejections …
        return Plan("boot_order", {"season": s.season},
                    operations=(WhereNot({"exit_type": ["voted_out", "runner_up", "winner"]}),))
    if len(s.people) == 2 and all(isinstance(p, str) for p in s.people) and s.has(r"\bbetween\b") and s.has(LEFT):
        # "who went home in between Betsy and Ashley": the boot order between the two
        return Plan("boot_order", {"season": s.season}, operations=(Between("castaway_id", *s.people),))
    if s.has(r"\bwho\b") and s.has(LEFT) and s.has(r"\bon day \d+\b"):
        return Plan("boot_order", {"season": s.season})  # "who was voted out on day 16": the rows of that day
    if s.has(r"\b(who|which)\b") and s.has(LEFT) and SIDE.search(s.text):
        # "which of the returning players went home before the jury started": the boots on that side (restrictions)
        return Plan("boot_order", {"season": s.season})
    if s.has(r"\bwho\b") and s.has(LEFT) and s.has(r"\bin order\b|\bepisodes \d+ (through|thru|to|and|-) \d+\b"):
        # "who went home in season 43, in order?", "episodes 3 through 6: who went home" (shapes: the span)
        return Plan("boot_order", {"season": s.season})
