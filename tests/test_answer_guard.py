"""The faithfulness guard's reading of rows: which facts an answer must carry, and the exact restatement
appended when a model leaves them out. Pure functions; rows shaped like the catalog's."""

from __future__ import annotations

from survivorgraph.retrievers.answering import data_summary, extractive_chunks, is_ranking, key_facts, missing_facts

CAREER = [{"player": "Tyson Apostol", "castaway_id": "US0274", "season": s, "seasons_played": 4}
          for s in (18, 20, 27, 40)]
MIN_SEASONS = [{"player": p, "castaway_id": f"US{i}", "seasons_played": n, "n_players": 3}
               for i, (p, n) in enumerate([("Rob Mariano", 5), ("Cirie Fields", 4), ("Ozzy Lusth", 4)])]
IDOLS = [{"advantage_id": "US15:A1", "advantage_type": "Hidden Immunity Idol", "found_by": ["Todd Herzog"],
          "played_by": None},
         {"advantage_id": "US15:A2", "advantage_type": "Hidden Immunity Idol", "found_by": ["James Clement"],
          "played_by": "James Clement"}]
FINALISTS = [{"season": 35, "finalist": n, "winner": w, "final_vote": "5-2-1"}
             for n, w in (("Ben Driebergen", True), ("Chrissy Hofbeck", False), ("Ryan Ulrich", False))]


def test_a_list_question_wants_every_name_even_when_rows_carry_a_metric():
    question = "Which castaways have played three or more seasons?"
    assert not is_ranking(MIN_SEASONS, question)
    assert key_facts(MIN_SEASONS, question=question) == ["Rob Mariano", "Cirie Fields", "Ozzy Lusth", "3"]
    facts = key_facts(MIN_SEASONS, question=question)
    assert missing_facts("Rob Mariano and Cirie Fields, 3 in all.", facts) == ["Ozzy Lusth"]
    assert "Ozzy Lusth" in data_summary(MIN_SEASONS, question=question)


def test_a_superlative_question_wants_the_leader_and_its_metric():
    question = "Who has been on the most seasons?"
    assert is_ranking(MIN_SEASONS, question)
    assert key_facts(MIN_SEASONS, question=question)[:2] == ["Rob Mariano", "5"]
    assert data_summary(MIN_SEASONS, question=question).startswith("top: player: Rob Mariano")


def test_which_seasons_lists_the_season_numbers_not_the_one_person():
    question = "Which seasons did the season 27 winner play in?"
    assert key_facts(CAREER, question=question) == ["18", "20", "27", "40"]
    assert data_summary(CAREER, question=question).startswith("4 seasons: 18, 20, 27, 40")


def test_the_verb_the_question_uses_picks_the_names_column():
    assert key_facts(IDOLS, question="In season 15, who found a hidden immunity idol?") == \
        ["Todd Herzog", "James Clement"]
    assert key_facts(IDOLS, question="Who played an idol in season 15?") == ["James Clement"]


def test_a_true_false_column_is_not_taken_for_names():
    question = "Who sat at the final tribal council as finalists?"
    assert key_facts(FINALISTS, question=question)[:3] == ["Ben Driebergen", "Chrissy Hofbeck", "Ryan Ulrich"]


def test_a_no_model_answer_shows_a_list_without_other_peoples_names():
    from survivorgraph.retrievers.answering import extractive_rows

    jurors = [{"juror_number": 3, "juror": "Jason Siska", "castaway_id": "US0244", "voted_for": "Parvati Shallow"},
              {"juror_number": 5, "juror": "Alexis Jones", "castaway_id": "US0246", "voted_for": "Amanda Kimmel"}]
    plain = extractive_rows(jurors, question="Which Micronesia jurors were playing for the first time?")
    assert "Jason Siska" in plain and "Parvati" not in plain and "Amanda" not in plain
    assert "castaway_id: US0244" in plain  # ids and numbers stay: they name no one a reader would take as the answer
    asked = extractive_rows(jurors, question="Which jurors voted for whom on Micronesia?")
    assert "voted_for: Parvati Shallow" in asked  # what the question asks about is shown
    seasons = [{"season": 5, "season_name": "Survivor: Thailand", "location": "Ko Tarutao"},
               {"season": 18, "season_name": "Survivor: Tocantins", "location": "Jalapão, Brazil"}]
    assert "location" not in extractive_rows(seasons, question="in which seasons was no woman at final tribal?")
    assert "location: Ko Tarutao" in extractive_rows(seasons, question="where were these seasons filmed?")
    one = [{"season": 5, "season_name": "Survivor: Thailand", "location": "Ko Tarutao"}]
    assert "Ko Tarutao" in extractive_rows(one, question="which season had no women at final tribal?")
    assert "voted_for: Parvati Shallow" in extractive_rows(jurors)  # without a question: every column
    # the words that ask for a column, not any word of its name: "went on a journey" does not ask who went with them
    trips = [{"player": "Karla Cruz Godoy", "went_with": ["Dwight Moore"]},
             {"player": "James Jones", "went_with": ["Owen Knight"]}]
    assert "Dwight" not in extractive_rows(trips, question="which players went on a journey but didn't risk it?")
    assert "Dwight" in extractive_rows(trips, question="who went on a journey with whom?")
    # the column a shape put first is the answer's names ("who didn't vote for him": the voters, not the tribe)
    voters = [{"voter": "Alex Angarita", "tribe": "Bula Bula"}, {"voter": "Mookie Lee", "tribe": "Bula Bula"}]
    assert key_facts(voters, question="who didn't vote for him?") == ["Alex Angarita", "Mookie Lee"]


def test_a_long_passage_is_shown_from_the_sentence_the_question_asks_about():
    """An episode summary tells many things; the no-model answer shows the sentences with the asker's words."""
    from survivorgraph.retrievers.types import ChunkEvidence

    text = ("The castaways arrived. " + "The tribes raced for flint and built shelters all day. " * 12
            + "Bruce injured his head in the challenge and was pulled from the game that night. Then it rained.")
    chunk = ChunkEvidence(chunk_id="c1", text=text, score=1.0, source="test")
    shown = extractive_chunks([chunk], question="Bruce barely lasted - what happened to him?")
    assert "pulled from the game" in shown and shown.startswith("[1] …")
    assert extractive_chunks([chunk]).startswith("[1] The castaways arrived.")  # no question: the start


def test_a_passage_cut_short_ends_at_a_word():
    """The shown excerpt ends on a whole word: a name cut in half is a claim no passage holds (the answer checker
    had marked a rebuilt answer unsupported for "Andy and Genevie")."""
    from survivorgraph.retrievers.claims import Evidence, unsupported_claims
    from survivorgraph.retrievers.types import ChunkEvidence

    ending = "Sam won and chose Andy and Genevieve for the reward. Then it rained on the beach all night long."
    for pad in range(len(ending)):  # the 500-character limit falls on every letter of the ending in turn
        text = "x" * pad + " the castaways raced." * 20 + " " + ending
        shown = extractive_chunks([ChunkEvidence(chunk_id="c1", text=text, score=1.0, source="test")])
        assert shown.endswith(" …") and "Genevie " not in shown, shown[-60:]
        assert not unsupported_claims(shown, Evidence(passages=[text], cited=1)), shown[-60:]


def test_the_value_a_part_asks_for_leads_a_one_row_answer():
    row = [{"place": 2, "player": "Amanda Kimmel", "castaway_id": "US0180", "result": "Runner-up",
            "premiered": "2008-02-07"}]
    assert key_facts(row, question="how far did she make it", asked="place") == ["2", "Amanda Kimmel"]
    assert key_facts(row, question="how far did she make it") == ["Amanda Kimmel"]  # no focus: the name alone
    assert key_facts(row, question="when did it premiere", asked="premiered") == ["Amanda Kimmel"]  # not a number
    assert key_facts(row, question="who was it", asked="player") == ["Amanda Kimmel"]


def test_a_number_is_found_in_any_of_its_spellings():
    for said in ("She finished 3rd.", "She was third.", "She finished in place 3.", "All three votes."):
        assert missing_facts(said, ["3"]) == [], said
    assert missing_facts("She finished 13th.", ["3"]) == ["3"]
    assert missing_facts("She was second.", ["3"]) == ["3"]
