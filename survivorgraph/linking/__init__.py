"""Deterministic entity linking: find the people, seasons and tribes a question names, from the live graph.

"Ozzy" -> US0201 Oscar 'Ozzy' Lusth, "Boston Rob" -> US0055, "Amber Brkich" -> US0027 (changed name),
"Survivor: Cagayan" / "Cagayan" / "S28" / "season 28" / "the 28th season" -> season 28.
Care goes into short names:
- a multi-word name ("Rob Mariano", "Boston Rob") links wherever it appears, in any case;
- a one-word name shared by several people ("Rob", "Russell") is ambiguous unless a season named in the
  same question narrows it ("Rob in season 4"); the link then lists the alternatives;
- a one-word name that is also an English word ("Coach", "Sugar", "Will", "Chase") links only when
  capitalised mid-sentence, or at the start of a sentence with a strong signal ("Coach's", "Chase won",
  a season that narrows it);
- small misspellings ("Parvarti") link by fuzzy match (difflib) with lower confidence.
`rewrite()` restates the question with canonical names and ids, without an LLM.
"""

from survivorgraph.linking.linker import EntityLinker
from survivorgraph.linking.records import Candidate, EntityLink, LinkedEntities, graph_values, rewrite

__all__ = ["Candidate", "EntityLink", "EntityLinker", "LinkedEntities", "graph_values", "rewrite"]
