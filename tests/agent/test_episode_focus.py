"""Episode focus: a narrative question about one event of a season reads the episode the graph says it
happened in. The pure rules here; tests/retrievers/test_retrievers.py runs the agent with it against the real stores."""

from __future__ import annotations

import re
from types import SimpleNamespace

from survivorgraph.agent.episode_focus import Focus, focus_episodes, search_text

# Season 2 as the season_timeline catalog query returns it (trimmed to the columns the focus reads).
TIMELINE = [
    {"episode": 1, "label": "Ep 1", "left_castaway_ids": ["US0017"], "tribes_formed": ["Ogakor (original)",
                                                                                          "Kucha (original)"]},
    {"episode": 5, "label": "Ep 5", "left_castaway_ids": ["US0021"], "tribes_formed": []},
    {"episode": 6, "label": "Ep 6", "left_castaway_ids": ["US0022"], "left_the_game": ["Michael Skupin"],
     "left_short_names": ["Mike"], "tribes_formed": []},
    {"episode": 7, "label": "Ep 7", "left_castaway_ids": ["US0023"], "tribes_formed": ["Barramundi (merged)"]},
    {"episode": 9, "label": "Recap", "left_castaway_ids": [], "tribes_formed": []},
    {"episode": 15, "label": "Finale", "left_castaway_ids": ["US0030"], "tribes_formed": []},
    {"episode": 16, "label": "Reunion", "left_castaway_ids": [], "tribes_formed": []},
]


def test_events_point_to_their_episode():
    cases = {
        "Describe how the merge played out": [7],
        "What happened when the tribes merged?": [7],
        "How was the final tribal council decided?": [15],
        "Tell me about the jury vote at the end": [15],
        "Explain the premiere": [1],
        "Describe the story of the first episode": [1],
    }
    for question, episodes in cases.items():
        assert focus_episodes(question, [], TIMELINE).episodes == episodes, question


def test_a_person_who_left_points_to_their_exit_episode():
    focus = focus_episodes("Why did Michael Skupin have to leave?", ["US0022"], TIMELINE)
    assert focus.episodes == [6] and "Michael Skupin" in focus.reasons[0]
    assert focus_episodes("Why was he medically evacuated?", ["US0022"], TIMELINE).episodes == [6]
    # Naming a person is not enough: the question must be about their leaving.
    assert focus_episodes("Describe Michael Skupin's strategy", ["US0022"], TIMELINE).episodes == []


def test_nothing_points_when_the_question_names_no_event():
    assert focus_episodes("Describe the strategy of the older players", [], TIMELINE).episodes == []
    assert focus_episodes("Describe how the merge played out", [], []).episodes == []
    swapless = focus_episodes("What happened at the tribe swap?", [], TIMELINE)
    assert swapless.episodes == [], "season 2 had no swap: nothing is invented"


def _hit(chunk_id: str, start: int, text: str, section: str = "Finale"):
    return SimpleNamespace(chunk_id=chunk_id, doc_id="US01", section=section, char_start=start, text=text)


def test_passages_telling_the_event_come_first_with_the_passage_after_them():
    focus = Focus([13], ["the finale is episode 13"], [(re.compile(r"\bfinal tribal", re.I), 2)])
    hits = [_hit("31", 0, "The final four reflected."), _hit("33", 2, "Kelly won immunity."),
            _hit("34", 3, "At the final Tribal Council, Gervase asked."), _hit("35", 4, "Richard won 4-3."),
            _hit("32", 1, "During the revote.")]
    assert [h.chunk_id for h in focus.prefer(hits)] == ["34", "35", "31", "33", "32"]
    assert [h.chunk_id for h in Focus([13], [], []).prefer(hits)] == ["31", "33", "34", "35", "32"]


def test_for_a_person_who_left_their_name_and_a_word_for_leaving_rank_first():
    focus = focus_episodes("Why did Skupin leave?", ["US0022"], TIMELINE)
    assert "Michael Skupin" in focus.reasons[0]
    hits = [_hit("10", 0, "Kucha won the reward; Colby threw water.", "Ep 6"),
            _hit("12", 2, "Tai was left out of the plan.", "Ep 6"),
            _hit("11", 1, "Mike passed out into the fire and the helicopter took him away.", "Ep 6")]
    assert [h.chunk_id for h in focus.prefer(hits)][:1] == ["11"]


def test_the_season_name_leaves_the_search_text():
    assert search_text("Tell me how the merge went in Survivor: Cagayan.", ["Survivor: Cagayan"]) == \
        "Tell me how the merge went."
    assert search_text("How was the final tribal council of Borneo decided?", ["Borneo"]) == \
        "How was the final tribal council decided?"
    # Nothing left to search with: keep the question as it was.
    assert search_text("Cagayan?", ["Cagayan"]) == "Cagayan?"


def test_the_episodes_either_side_are_known_for_when_the_text_tells_it_a_episode_off():
    focus = focus_episodes("Describe the merge", [], TIMELINE)
    assert focus.episodes == [7] and focus.nearby == [6, 7], "only episodes the season has"
    assert not focus.tells([_hit("20", 0, "Charlie admitted to voting Venus.", "Ep 7")])
    assert focus.tells([_hit("19", 0, "They won the merged tribe buffs and a merge feast.", "Ep 6")])
