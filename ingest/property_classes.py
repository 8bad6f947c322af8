"""When every property the loader writes became known: the one table the spoiler guard cuts the graph by.

Each node label and relationship type maps each of its properties to one class:

  AIRED       known when its node or relationship aired (its `aired` position): kept with it
  AT_EXIT     a player's outcome: known when they left the game (the finale for finalists), `outcome_known_at`
  SEASON_END  a season-final figure (totals, scores over the whole season, ratings of the season):
              known when the season's last episode aired, `finale_known_at`
  AT_DEATH    known on the day it happened, `death_known_at` (the first episode aired that day or later)
  LATEST_BIO  the casting bio survivoR keeps for a person (that of their last season: "Dedicated mom/wife."):
              known at the premiere of their last season, `bio_known_at`
  NAME        a name a person went by: the scoped graph keeps those known at the watched point
              (`ingest.aliases.alias_seasons`); later ones — a married name — are cut
  MARKER      when something becomes known: itself a spoiler (when a player leaves), kept out of every scoped graph
  META        provenance, keys and positions: no fact of the show

A per-scope graph (`ingest.viewer_scope.scoping_statements`) keeps only what this table allows: a label or type
missing here is left out whole, a property missing here is dropped. So a property the loader starts writing
leaks nothing until it is classified; `tests/test_viewer_scope.py` fails on the real graph until it is.
"""

from __future__ import annotations

AIRED, AT_EXIT, SEASON_END, AT_DEATH, LATEST_BIO, NAME, MARKER, META = (
    "aired", "at_exit", "season_end", "at_death", "latest_bio", "name", "marker", "meta")
CLASSES = (AIRED, AT_EXIT, SEASON_END, AT_DEATH, LATEST_BIO, NAME, MARKER, META)
# The classes known later than their entity, and the property holding the position they become known at.
KNOWN_AT = {AT_EXIT: "outcome_known_at", SEASON_END: "finale_known_at", AT_DEATH: "death_known_at",
            LATEST_BIO: "bio_known_at"}

# On every node and relationship: where it came from, when it aired, the Neo4j loader's run id.
_PROVENANCE = ("source_table", "source_key", "dataset_version", "aired", "load_id")
_EPISODE_EVENT = ("season", "episode", "day")

PROPERTY_CLASSES: dict[str, dict[str, tuple[str, ...]]] = {
    # -- nodes ----------------------------------------------------------------------------------------------
    "Season": {
        AIRED: ("id", "version", "number", "name", "location", "country", "tribe_setup", "n_cast", "n_tribes",
                "premiered", "timeslot", "filming_started", "filming_ended"),
        SEASON_END: ("winner_name", "final_vote", "n_finalists", "n_jury", "ended", "viewers_mean",
                     "nielsen_rank"),  # the show's rank among all programmes of the TV season: a season-end figure
        MARKER: ("finale_known_at",)},
    "Episode": {
        # viewers (Nielsen) are out the next day; the IMDb rating is of that episode and tells nothing later
        AIRED: ("id", "version_season", "season", "number", "number_overall", "title", "label", "air_date",
                "length_minutes", "viewers", "imdb_rating", "imdb_votes")},
    "Player": {
        AIRED: ("castaway_id", "gender", "date_of_birth"),
        # castaway_details keeps one bio per person, their latest (a returnee's jobs and family of today)
        LATEST_BIO: ("occupation", "personality_type", "three_words", "hobbies", "pet_peeves"),
        NAME: ("name", "short_name", "aliases"),
        AT_DEATH: ("date_of_death",),
        MARKER: ("name_known_at", "short_name_known_at", "alias_known_at", "death_known_at", "bio_known_at")},
    "PlayerSeason": {
        # that season's name and bio, known at its premiere
        AIRED: ("id", "castaway_id", "version", "version_season", "season", "name", "short_name", "age", "city",
                "state", "original_tribe"),
        AT_EXIT: ("place", "result", "exit_type", "also_quit", "exit_episode", "exit_day", "boot_order", "jury",
                  "jury_status", "juror_number", "finalist", "winner"),
        # survivoR's castaway_scores and the advantage count sum up the whole season
        SEASON_END: ("score_overall", "score_outwit", "score_outplay", "score_outlast", "challenge_threat",
                     "challenge_threat_band", "strategic_threat", "strategic_threat_band", "advantage_episodes"),
        MARKER: ("outcome_known_at", "finale_known_at")},
    "Tribe": {
        AIRED: ("id", "name", "version_season", "season", "phase", "swap_number", "colour", "colour_name")},
    "TribalCouncil": {
        AIRED: ("id", "version_season", "season", "episode", "order", "day", "tribe", "phase", "voted_out_id",
                "voted_out", "n_voters", "revote")},
    "Advantage": {
        AIRED: ("id", "version_season", "season", "type", "clue_details", "location_found", "conditions")},
    "Challenge": {
        AIRED: ("id", "version_season", "season", "episode", "challenge_id", "type", "outcome_type", "name",
                "description", "recurring_name", "described_type", "features")},
    "Journey": {AIRED: ("id", "version_season", "season", "episode", "game_played")},
    "Auction": {AIRED: ("id", "version_season", "season", "episode", "currency")},
    "DatasetInfo": {
        META: ("version", "scope", "viewer_scope", "cutoff", "loaded_at", "source")},
    # -- relationships: each is known when it aired (ingest.aired) ------------------------------------------
    "PLAYED_IN": {AIRED: ("season",)},
    "IN_SEASON": {},
    "HAS_EPISODE": {}, "HAS_TRIBE": {}, "HAS_TRIBAL": {}, "HAS_ADVANTAGE": {}, "HAS_CHALLENGE": {},
    "HAS_JOURNEY": {}, "HAS_AUCTION": {},
    "MEMBER_OF": {
        AIRED: ("phase", "swap_number", "status", "season", "first_episode", "first_day"),
        SEASON_END: ("last_episode",),  # when the membership ended tells of a swap or a boot to come
        MARKER: ("finale_known_at",)},
    "ELIMINATED": {AIRED: (*_EPISODE_EVENT, "order", "result", "exit_type")},
    "VOTED_OUT": {AIRED: ("order",)},
    "ATTENDED_TRIBAL": {AIRED: ("immunity", "vote_event", "vote_event_outcome")},
    "CAST_VOTE": {
        AIRED: (*_EPISODE_EVENT, "order", "vote_order", "tribal_id", "nullified", "tie", "split_vote", "vote_event",
                "voted_out", "phase")},
    "IMMUNITY_WON_BY": {
        AIRED: ("season", "episode", "challenge_id", "scope", "challenge_type", "tribe", "challenge_name")},
    "REWARD_WON_BY": {
        AIRED: ("season", "episode", "challenge_id", "scope", "challenge_type", "tribe", "challenge_name")},
    "JURY_VOTE_FOR": {AIRED: ("season",)},  # aired at the finale
    **{rtype: {AIRED: (*_EPISODE_EVENT, "event", "raw_event", "sequence", "played_for", "played_for_id", "success",
                       "votes_nullified")}
       for rtype in ("FOUND_ADVANTAGE", "RECEIVED_ADVANTAGE", "PLAYED_ADVANTAGE", "ADVANTAGE_EVENT")},
    "CONFESSIONALS_IN": {AIRED: ("season", "episode", "count", "seconds")},
    "IN_CHALLENGE": {
        AIRED: ("season", "episode", "tribe", "result", "sat_out", "won", "won_alone", "won_duel",
                "chosen_for_reward", "order_of_finish")},
    "WENT_ON_JOURNEY": {
        AIRED: ("season", "episode", "reward", "lost_vote", "chose_to_play", "game_played", "event")},
    "AT_AUCTION": {AIRED: ("season", "episode", "money", "tribe")},
    "BOUGHT": {
        AIRED: ("season", "episode", "item", "category", "cost", "covered", "notes", "item_order", "money_remaining",
                "alternative_offered", "alternative_accepted", "other_item")},
}


def class_of(owner: str, prop: str) -> str | None:
    """The class of `owner`'s (a label or a relationship type) property, None when it is unclassified."""
    if prop in _PROVENANCE:
        return META
    for cls, props in PROPERTY_CLASSES.get(owner, {}).items():
        if prop in props:
            return cls
    return None


def props_of(owner: str, *classes: str) -> tuple[str, ...]:
    """`owner`'s properties of these classes (every class when none is given), provenance included for META."""
    wanted = classes or CLASSES
    found = [p for cls in wanted for p in PROPERTY_CLASSES.get(owner, {}).get(cls, ())]
    if META in wanted:
        found += _PROVENANCE
    return tuple(dict.fromkeys(found))


def hidden_groups() -> dict[tuple[str, str], tuple[str, ...]]:
    """(owner, property holding when) -> the properties known at that position, for every later-known class."""
    groups: dict[tuple[str, str], tuple[str, ...]] = {}
    for owner, classes in PROPERTY_CLASSES.items():
        for cls, known_at in KNOWN_AT.items():
            if classes.get(cls):
                groups[(owner, known_at)] = groups.get((owner, known_at), ()) + classes[cls]
    return groups


def is_relationship(owner: str) -> bool:
    return owner.isupper()
