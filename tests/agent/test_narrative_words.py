"""A "how" that asks for a manner reads as a story (text search beside any rows); a "how" that asks for a
quantity stays a question for the graph."""

import pytest

from survivorgraph.agent.intents import is_narrative


@pytest.mark.parametrize("text", [
    "Walk through how the jury turned against the frontrunner in season 20",
    "Tell me how Kelly Wiglesworth lost the final vote",
    "how does a tribe swap usually change the numbers?",
    "I'd like to know how the hidden idol got found on Palau",
])
def test_how_asking_for_a_manner_is_a_story(text):
    assert is_narrative(text)


@pytest.mark.parametrize("text", [
    "How many jury votes did the runner-up of season 12 get?",
    "how much prize money goes to the winner",
    "How old was the youngest finalist on Tocantins?",
    "How long did the longest season last, in days?",
    "How far did Rupert Boneham get on Pearl Islands?",
    "How often has a unanimous winner happened?",
    "how close was the final jury vote in season 35",
])
def test_how_asking_for_a_quantity_is_not(text):
    assert not is_narrative(text)
