"""The deterministic router's rules, one module a subject, and the order they are tried in.

Each module registers its rules with `@rule(name)` (rules.base); ORDER lists every rule by that name, with its
module beside it, in the order the router (agent.intents) tries them, and RULES is built from it. A new rule
goes into its subject's module and into ORDER.
"""

from __future__ import annotations

from survivorgraph.agent.rules import (  # noqa: F401 — importing a module registers its rules
    abstain,
    careers,
    challenges,
    episodes,
    exits,
    hometowns,
    people,
    seasons,
    side_games,
    tribes,
    votes,
    winners,
)
from survivorgraph.agent.rules.base import REGISTERED, Rule

# Tried in this order and the first plan wins, so a specific rule must come before a broader one that also fires.
ORDER = [
    "a what-if",  # abstain
    "an opinion",  # abstain
    "a fact about the show the data does not record",  # abstain
    "an episode by its number across the show",  # episodes
    "recap or reunion episodes",  # episodes
    "the time between two of a season's dates",  # seasons
    "premieres and finales",  # episodes
    "challenge sit-outs",  # side_games
    "who was chosen to join a reward",  # challenges
    "the challenges themselves",  # challenges
    "challenges won, tribe and individual together",  # challenges
    "who was sent to Redemption Island or the Edge, and who came back",  # side_games
    "duels",  # side_games
    "journeys",  # side_games
    "the auction",  # side_games
    "how long people held an advantage",  # people
    "castaway scores",  # people
    "the age gap between a season's oldest and youngest",  # people
    "who had left, or was still in the game, by a day",  # exits
    "a person's place in the boot order",  # exits
    "an attribute the data does not hold",  # abstain
    "people who reached the final tribal council N times",  # winners
    "winners who played again, or never did",  # winners
    "a season's castaways who played again, or never did",  # careers
    "seasons by who won individual immunity",  # seasons
    "jurors the winner never voted against",  # winners
    "castaways who never did something",  # people
    "seasons with or without returning players",  # seasons
    "a season's starting tribes that never reached a stage",  # tribes
    "a season's tribes by challenges won",  # challenges
    "who won a challenge in an episode, or the first / last challenge",  # challenges
    "what happened in an episode",  # episodes
    "the most jury votes a losing finalist got",  # winners
    "the first or last woman (or man) to win",  # winners
    "winners on their first season, or not",  # winners
    "winners with their jury votes",  # winners
    "people who won more than once",  # winners
    "how many people have won",  # winners
    "most votes cast",  # votes
    "the most votes at one tribal council",  # votes
    "most votes received",  # votes
    "people by how many juries they sat on",  # people
    "two people compared on a count",  # people
    "ranking of challenge wins",  # challenges
    "players with N or more seasons",  # careers
    "careers counted by a milestone",  # careers
    "most seasons played",  # careers
    "eliminations per episode number",  # episodes
    "tribal council counts",  # votes
    "seasons or players with an exit type",  # exits
    "the episode next to the one a person left in",  # episodes
    "when people left the game, or who left first",  # exits
    "nullified votes",  # votes
    "tribal councils with a twist",  # votes
    "who held immunity the night a person went home",  # challenges
    "the vote that sent a person home",  # votes
    "who voted a person out",  # votes
    "two people's votes side by side",  # votes
    "everyone who played a season with a person",  # careers
    "the tribes two people shared",  # tribes
    "people who played in all of several seasons",  # careers
    "a person's vote the night another went home",  # votes
    "head-to-head votes between two people",  # votes
    "jurors who voted the same way as a juror",  # winners
    "a juror's final vote, or the jurors who voted for a finalist",  # winners
    "votes a person received or cast",  # votes
    "season winner",  # winners
    "finalists or runners-up of a season",  # winners
    "jury of a season",  # winners
    "final tribal council",  # winners
    "the merge of a season",  # tribes
    "a season's tribe swap",  # tribes
    "a person's tribemates",  # tribes
    "a person's tribe",  # tribes
    "the season of a tribe",  # tribes
    "tribe members",  # tribes
    "who made the merge",  # tribes
    "tribes of a season",  # tribes
    "boot order, or the Nth person out",  # exits
    "idol and advantage events",  # people
    "idols and advantages",  # people
    "confessionals",  # people
    "a person's challenge wins",  # challenges
    "where a season named through a person was filmed",  # seasons
    "states nobody came from",  # hometowns
    "states or cities ranked by castaways",  # hometowns
    "castaways from the same place as someone",  # hometowns
    "castaways from a place",  # hometowns
    "a person's own facts",  # people
    "episodes or seasons ranked by viewers or rating",  # episodes
    "facts about an episode",  # episodes
    "a person's age",  # people
    "seasons filmed in a place",  # seasons
    "the season a person won",  # careers
    "the seasons a person sat on the jury or in the final",  # careers
    "a person's career",  # careers
    "the season a phrase names",  # seasons
    "season facts",  # seasons
    "cast of a season",  # seasons
    "seasons with a given fact",  # seasons
    "two seasons compared on a fact",  # seasons
    "seasons ranked by a fact",  # seasons
    "list of seasons",  # seasons
]

RULES: list[tuple[str, Rule]] = [(name, REGISTERED[name]) for name in ORDER]
