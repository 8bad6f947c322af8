"""A part on the other side of a contrast than its nearest example gets the example's plan turned to its side."""

from __future__ import annotations

from survivorgraph.agent.contrasts import opposed_axes, sides, turned
from survivorgraph.agent.examples import Example

CHOICES = {("winners_with_jury_votes", "order"): ("season", "fewest", "most"),
           ("tribe_members", "phase"): ("original", "swapped")}


def _turn(part: str, example: Example) -> Example:
    return turned(example, opposed_axes(sides(part), sides(example.text)), CHOICES)[0]


def test_a_yes_no_param_is_negated_for_a_negated_part():
    example = Example("Which players of the {tribe} tribe reached the jury", "tribe_members",
                      {"tribe": "{tribe}", "made_jury": True})
    assert _turn("Which {tribe} players never reached the jury", example).params["made_jury"] is False
    assert _turn("Which {tribe} players got to the jury", example) is example  # same side: untouched


def test_an_extreme_a_pick_and_a_choice_are_reversed():
    ranked = Example("Which winner got the most jury votes", "winners_with_jury_votes", {"order": "most"})
    assert _turn("Which winner had the fewest votes from the jury", ranked).params["order"] == "fewest"
    picked = Example("Who was the first juror of {season}", "season_jury", {"season": "{season}"},
                     operations=({"op": "Pick", "index": "first"},))
    assert _turn("Who was the last juror of {season}", picked).operations == ({"op": "Pick", "index": "last"},)
    assert picked.operations == ({"op": "Pick", "index": "first"},)  # the example itself is not changed
    phase = Example("What tribe was {person} on after the swap on {season}", "tribe_members",
                    {"castaway_id": "{person}", "season": "{season}", "phase": "swapped"})
    assert _turn("What was {person}'s original tribe on {season}", phase).params["phase"] == "original"


def test_a_plan_with_nothing_to_turn_is_left_as_it_is():
    """Two yes/no params: which one the negation denies is not known. A frame's "final tribal council" is no
    "last"."""
    two = Example("Which jurors of {season} voted for the winner and had played before", "season_jury",
                  {"season": "{season}", "voted_for_winner": True, "returnee": True})
    assert _turn("Which jurors of {season} did not vote for the winner", two) is two
    picked = Example("Who was the first juror of {season} who voted for the winner and had played before",
                     "season_jury", {"season": "{season}", "voted_for_winner": True, "returnee": True},
                     operations=({"op": "Pick", "index": "first"},))
    part = "Who was the last juror of {season} who did not vote for the winner"
    # only the axis it was turned on is named (the trace says it), not the yes/no it could not turn
    assert turned(picked, opposed_axes(sides(part), sides(picked.text)), CHOICES)[1] == ("order",)
    assert sides("Walk me through the final tribal council of {season}")[2] == 0
