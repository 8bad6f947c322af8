"""Example questions by category: the question shapes the product is built to compare."""

from __future__ import annotations

EXAMPLES: dict[str, tuple[str, ...]] = {
    "Narrative (text retrieval should do well)": (
        "Why did Michael Skupin have to leave Survivor: The Australian Outback?",
        "Describe how the merge played out in Survivor: Cagayan.",
        "How was the final tribal council of Survivor: Borneo decided?",
    ),
    "Single fact": (
        "Who won Survivor 41?",
        "Who won season 45?",
        "Which tribes were in Survivor 41?",
    ),
    "Aggregation and ranking (needs the graph)": (
        "Who has played the most seasons?",
        "How many tribal councils have there been across the 49 seasons?",
        "List every winner with the number of jury votes they received.",
        "Who was on the jury of Survivor: The Australian Outback?",
        "Which players competed in three or more seasons?",
        "Which seasons had a medical evacuation?",
        "Who has the most individual immunity wins?",
        "Which episode number sees the most eliminations across all seasons?",
    ),
    "Multi-hop (the agent should do best)": (
        "Who has the most individual immunity wins, and how many seasons did they play?",
        "Who won Survivor 45 and who sat on that season's jury?",
        "Among players with four or more seasons, who won the most individual reward challenges?",
        "Find players who voted against someone who later voted them out in the same season.",
    ),
}

DEFAULT_QUESTION = "Who won Survivor 45 and who sat on that season's jury?"
