"""EntityLinker: alias indexes built once from the graph, and the matching rules over a question."""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from survivorgraph.linking.records import (
    Candidate,
    EntityLink,
    LinkedEntities,
    PersonRecord,
    SeasonRecord,
    TribeRecord,
    rewrite,
    seasons_text,
)
from survivorgraph.linking.words import (
    COMMON_WORD_NAMES,
    HOST_NAMES,
    IGNORED_TRIBES,
    NUMBER_TOKEN,
    PERSON_VERBS,
    PROPER_WORDS,
    TWIST_SEASONS,
    VOCABULARY,
    Word,
    accepted,
    alias_keys,
    cardinal_at,
    more_numbers,
    ordinal_at,
    split_words,
)

if TYPE_CHECKING:
    from survivorgraph.graph.base import GraphStore

CONFIDENCE = {"name": 0.98, "nickname": 0.95, "short_name": 0.95, "last_name": 0.85, "first_name": 0.75}
KIND_RANK = {"name": 0, "nickname": 1, "short_name": 1, "last_name": 2, "first_name": 3}


_HOST_WORDS = {w for h in HOST_NAMES for w in h.split()}
_NEXT_NAME = re.compile(r"[ \t]+([A-Z][a-z'’-]{1,})")
_ADVERBS = {"first", "never", "ever", "also", "only", "once", "finally", "eventually", "originally", "last"}
_RESTRICTING = {"filmed", "shot", "held", "set", "with", "without", "where", "that", "to", "not", "which", "when",
                "whose", "after", "before", "since",
                # a clause: "the first season a woman won", "the first season in which nobody quit"
                "a", "an", "someone", "somebody", "anyone", "anybody", "nobody", "no", "in", "any"}
# Words that say which season without naming one ("The Next Season", typed in title case)
_SEASON_ADJECTIVES = {"next", "last", "first", "same", "previous", "following", "current", "latest", "new", "newest",
                      "final", "whole", "entire", "original", "prior", "second", "third", "recent", "that",
                      "this", "his", "her", "their", "my", "your", "best", "worst", "favorite", "favourite"}
_SEASON_NICKNAME = re.compile(r"\b(?:the (?=[A-Z][a-z][\w'’-]* season\b)|Survivor )(?P<word>[A-Z][a-z][\w'’-]*)\b")
_TRIBE_NAMED = re.compile(r"\bthe (?P<word>[A-Z][a-z][\w'’-]*) tribe\b")
_SEASON_TITLE = re.compile(r"\bSurvivor:\s*((?:[A-Z][\w'’.-]*)(?:\s+(?:vs\.?|of|the|and|[A-Z][\w'’.-]*))*)")
_TOPIC_NAME = re.compile(r"\s*[,:-]\s*(?=.*\b(she|he|they|her|him|his|their|them)\b)", re.I)
_PREVIOUS_NAME = re.compile(r"\b([A-Z][a-z'’-]{1,})[ \t]+$")
# Capitalised words that may follow a castaway's first name without being a surname.
# Words before a capitalised name that put it where a person goes ("has Zelda Pemberton played", "voted X out").
_PERSON_CONTEXT = {"has", "have", "had", "did", "does", "do", "was", "is", "were", "voted", "vote", "against", "for",
                   "by", "with", "and", "or", "about", "named", "called", "castaway", "player", "contestant", "juror"}
# After a run of unknown capitalised words, these put it where a person goes ("Sherlock Holmes was on …").
_AFTER_PERSON = PERSON_VERBS | {"was", "is", "has", "had", "did", "got", "found", "ever", "never", "find", "finds",
                                "play", "plays", "win", "vote", "votes", "go", "went", "get", "gets"}
# A capitalised first word of a sentence that is a question or function word, not part of a name ("Did Zelda …").
_SENTENCE_WORDS = {"did", "does", "do", "was", "is", "were", "has", "have", "had", "can", "could", "would", "should",
                   "will", "who", "whom", "whose", "what", "which", "when", "where", "why", "how", "in", "on", "at",
                   "of", "for", "tell", "name", "list", "give", "show", "the", "a", "an", "between", "during", "after",
                   "before", "since", "from", "besides", "and", "or", "but", "if", "then", "so", "also", "me", "please",
                   "according", "out", "among", "with", "without", "by", "to", "as", "about"}
# Words before "in <place>" that make it the place a season was filmed in, not the season named after it
_ABOUT_PLACES = {"filmed", "shot", "held", "took", "set", "location", "located", "season", "seasons", "country",
                 "countries", "go", "went", "gone", "been", "back", "return", "returned", "returning", "times"}
_NOT_A_SURNAME = {"survivor", "season", "seasons", "and", "or", "in", "on", "the", "of", "was", "is", "did", "from",
                  "who", "what", "when", "how", "why", "island", "islands", "i", "win", "won", "vote", "voted"}


class EntityLinker:
    """Built once from the graph (three queries); `link` is pure and fast."""

    def __init__(self, people: Iterable[PersonRecord], seasons: Iterable[SeasonRecord], tribes: Iterable[TribeRecord]):
        self.people = {p.castaway_id: p for p in people}
        self.seasons = {s.id: s for s in seasons}
        self.tribes = {t.id: t for t in tribes}
        self._season_by_number: dict[int, list[SeasonRecord]] = defaultdict(list)
        for s in sorted(self.seasons.values(), key=lambda s: (s.version != "US", s.version)):
            self._season_by_number[s.number].append(s)
        self._index: dict[tuple[str, ...], list[tuple[str, str, str]]] = defaultdict(list)  # keys -> (kind, id, how)
        self._build_person_index()
        self._build_season_index()
        for tribe in self.tribes.values():
            self._add(tribe.name, "tribe", tribe.id, "tribe")
        self._longest = max((len(k) for k in self._index), default=1)
        # Every word the graph knows (names, seasons, tribes, places) plus the show's own: a capitalised run of
        # words none of which it knows, where a person's name goes, names someone who is not in the data.
        self._known_words = {w for key in self._index for w in key} | set(VOCABULARY) | set(PROPER_WORDS)
        self._known_words |= {w for h in HOST_NAMES for w in h.split()}
        for season in self.seasons.values():
            self._known_words |= {w.key for w in split_words(season.places)}
        self._fuzzy_keys = sorted({k[0] for k, entries in self._index.items()
                                   if len(k) == 1 and len(k[0]) >= 5 and k[0] not in COMMON_WORD_NAMES})

    @classmethod
    def from_store(cls, store: GraphStore) -> EntityLinker:
        cap = 1_000_000
        people = store.query(
            "MATCH (p:Player) OPTIONAL MATCH (p)-[:PLAYED_IN]->(ps:PlayerSeason) "
            "RETURN p.castaway_id AS id, p.name AS name, p.short_name AS short_name, p.aliases AS aliases, "
            "collect(DISTINCT ps.season) AS seasons, collect(DISTINCT ps.version_season) AS season_ids, "
            "collect(DISTINCT ps.name) AS names", row_cap=cap).rows
        seasons = store.query("MATCH (s:Season) RETURN s.id AS id, s.number AS number, s.name AS name, "
                              "s.version AS version, s.location AS location, s.country AS country", row_cap=cap).rows
        tribes = store.query("MATCH (t:Tribe) RETURN t.id AS id, t.name AS name, t.season AS season, "
                             "t.version_season AS season_id", row_cap=cap).rows
        return cls(
            [PersonRecord(r["id"], r["name"], r["short_name"] or "", sorted(set(r["aliases"] or [])),
                          sorted({r["name"], *(r["names"] or [])} - {None}), set(r["season_ids"]),
                          tuple(sorted(r["seasons"]))) for r in people],
            [SeasonRecord(r["id"], int(r["number"]), r["name"] or "", r["version"] or "",
                          f"{r['location'] or ''} | {r['country'] or ''}") for r in seasons],
            [TribeRecord(r["id"], r["name"], r["season"], r["season_id"]) for r in tribes
             if r["name"] and r["name"] not in IGNORED_TRIBES])

    # -- indexes ------------------------------------------------------------------------------------
    def _add(self, alias: str, kind: str, entity_id: str, how: str) -> None:
        keys = alias_keys(alias)
        if keys and " ".join(keys) not in HOST_NAMES and (kind, entity_id, how) not in self._index[keys]:
            self._index[keys].append((kind, entity_id, how))

    def _build_person_index(self) -> None:
        for p in self.people.values():
            # First and last names come from real names only: "Boston Rob" must not make "Boston" a first name.
            full_names = [n for n in p.full_names if len(alias_keys(n)) >= 2]
            firsts = {alias_keys(n)[0] for n in full_names}
            lasts = {alias_keys(n)[-1] for n in full_names}
            for alias in set(p.aliases + p.full_names + [p.short_name]) - {""}:
                keys = alias_keys(alias)
                if len(keys) > 1:
                    self._add(alias, "person", p.castaway_id, "name")
                elif keys and (len(keys[0]) > 1 or alias == p.short_name):  # "Q" is a short name
                    how = ("short_name" if alias == p.short_name else "first_name" if keys[0] in firsts
                           else "last_name" if keys[0] in lasts else "nickname")
                    self._add(alias, "person", p.castaway_id, how)
            for first in firsts:
                self._add(first, "person", p.castaway_id, "first_name")

    def _build_season_index(self) -> None:
        for s in self.seasons.values():
            subtitle = re.sub(r"^Survivor:?\s*", "", s.name).strip()
            if not subtitle or subtitle.isdigit():
                continue
            for form in {f"Survivor: {subtitle}", f"Survivor {subtitle}", f"Survivor {re.sub(r'^The ', '', subtitle)}"}:
                self._add(form, "season", s.id, "name")
            for form in {subtitle, re.sub(r"^The ", "", subtitle)}:
                self._add(form, "season", s.id, "subtitle")
            words = [w for w in re.split(r"[\s-]+", subtitle) if w]
            if len(words) >= 3:  # fans' acronyms: HvV, BvW, WaW, EoE, DvG
                small = {"vs.": "v", "vs": "v", "of": "o", "at": "a", "the": "t", "del": "d"}
                self._add("".join(small.get(w.lower(), w[0].upper()) for w in words), "season", s.id, "acronym")

    # -- linking ------------------------------------------------------------------------------------
    def link(self, question: str) -> LinkedEntities:
        words = split_words(question)
        long_words = [w for w in words if len(w.key) >= 4 and w.text[:1].isalpha()]
        title_case = len(long_words) >= 4 and all(w.capital for w in long_words)
        # Capitals carry no signal in "who won cagayan", "WHO WON" or Title Case Questions.
        signal = any(w.capital for w in words) and not title_case and not question.isupper()
        result = LinkedEntities(question)
        claimed = [False] * len(words)
        self._link_season_numbers(question, words, claimed, result)
        context = {l.entity_id for l in result.links if l.kind == "season"}
        pending: list[tuple[int, int, list[tuple[str, str, str]]]] = []
        i = 0
        while i < len(words):
            match = self._longest_match(words, claimed, i)
            if match is None:
                i += 1
                continue
            length, entries = match
            pending.append((i, length, entries))
            for k in range(i, i + length):
                claimed[k] = True
            i += length
        # Seasons and tribes first: they narrow the people ("Rob in season 4", "Rob on Rotu").
        order = {"season": 0, "tribe": 1, "person": 2}
        pending.sort(key=lambda item: min(order[kind] for kind, _, _ in item[2]))
        for i, length, entries in pending:
            link = self._resolve(question, words, i, length, entries, context, signal, claimed=claimed)
            if link is not None:
                result.links.append(link)
                if link.kind == "season" and not link.ambiguous:
                    context.add(link.entity_id)
                if link.kind == "tribe" and not link.ambiguous:
                    context.add(self.tribes[link.entity_id].season_id)
            else:
                for k in range(i, i + length):
                    claimed[k] = False
        self._fuzzy(question, words, claimed, signal, result)
        self._drop_other_people(question, result)
        self._unknown_names(words, result)
        self._unknown_titles(question, result)
        result.links.sort(key=lambda l: (l.start, l.kind))
        return result

    def _drop_other_people(self, question: str, result: LinkedEntities) -> None:
        """"Albert Einstein" is not Albert Destrade: a one-word name followed by a capitalised word that is
        none of that person's names names someone else — drop the link and report the name as unknown."""
        for link in list(result.links):
            if link.kind != "person" or " " in link.text.strip():
                continue
            follow = _NEXT_NAME.match(question, link.end)
            if not follow:
                continue
            word = follow.group(1)
            person = self.people.get(link.entity_id)
            known = {w.lower() for alias in ([*person.aliases, person.name, *person.full_names] if person else [])
                     for w in alias.replace("'", " ").split()}
            if word.lower() in known or word.lower() in _NOT_A_SURNAME:
                continue
            result.links.remove(link)
            # The capitalised word may itself have linked (a last name): together they are someone else.
            result.links[:] = [l for l in result.links if not (l.kind == "person" and l.start == follow.start(1))]
            result.unresolved.append(f"{link.text} {word} (no castaway by that name)")
        for link in list(result.links):
            # "Cornelius Fairweather" is not Shannon Fairweather: an unknown given name before a surname link.
            if link.kind != "person" or " " in link.text.strip() or not link.via.startswith("last_name"):
                continue
            before = _PREVIOUS_NAME.search(question, 0, link.start)
            if not before or any(l.start <= before.start(1) < l.end for l in result.links):
                continue
            word = before.group(1)
            person = self.people.get(link.entity_id)
            known = {w.lower() for alias in ([*person.aliases, person.name, *person.full_names] if person else [])
                     for w in alias.replace("'", " ").split()}
            head = question[:before.start(1)].rstrip()
            sentence_start = not head or head[-1] in ".?!:;"
            if word.lower() in known or word.lower() in _NOT_A_SURNAME or word.lower() in self._known_words \
                    or sentence_start:
                continue
            result.links.remove(link)
            result.unresolved.append(f"{word} {link.text} (no castaway by that name)")

    def _unknown_titles(self, question: str, result: LinkedEntities) -> None:
        """"Who took the title on Survivor: Neverland?": a season title the graph does not hold is reported, so the
        question is not answered about another season (or from a passage that mentions some winner)."""
        for m in _SEASON_TITLE.finditer(question):
            if any(l.start < m.end() and m.start() < l.end for l in result.links):
                continue
            title = m.group(1)
            if title.split()[0].lower() not in VOCABULARY:
                result.unresolved.append(f"Survivor: {title} (no season by that name)")
        # "the Greenland season", "Survivor Japan", "the Zantaru tribe": a capitalised word in a season's or a
        # tribe's place that the graph does not know (no season, tribe, place, person or show word)
        for pattern, what in ((_SEASON_NICKNAME, "Survivor: {} (no season by that name)"),
                              (_TRIBE_NAMED, "{} tribe (no tribe by that name)")):
            for m in pattern.finditer(question):
                word = m.group("word")
                if any(l.start < m.end() and m.start() < l.end for l in result.links) \
                        or word.lower() in self._known_words or word.lower() in _NOT_A_SURNAME | _SEASON_ADJECTIVES:
                    continue
                result.unresolved.append(what.format(word))

    def _unknown_names(self, words: list, result: LinkedEntities) -> None:
        """"Did Cornelius Fitzwilliam ever win immunity?": two or three capitalised words, none known to
        the graph, in a person's place (after "has", "did", "voted" … or before "won", "played" …) are a name
        the data does not hold — reported as unresolved, so the question is not answered about someone else."""
        taken = [(l.start, l.end) for l in result.links]
        i = 0
        while i < len(words):
            j = i
            while j < len(words) and words[j].capital and words[j].key.isalpha() \
                    and not (j > i and words[j].sentence_start) and not any(a <= words[j].start < b for a, b in taken):
                j += 1
            # "Did Zelda Pemberton …": not "Did"; "Sherlock Holmes was …": the name starts the sentence
            start = i + 1 if j > i and words[i].sentence_start and words[i].key in _SENTENCE_WORDS else i
            span = words[start:j]
            keys = " ".join(w.key for w in span)
            # The host's first name is no castaway's on its own: "Jeff Bezos" is someone the data lacks.
            if 2 <= len(span) <= 3 and keys not in HOST_NAMES and all(
                    w.key not in self._known_words or w.key in _HOST_WORDS for w in span) and not all(
                    w.key in _HOST_WORDS for w in span):
                before = words[start - 1].key if start else ""
                after = words[j].key if j < len(words) else ""
                # "Henrietta Oakhurst, which season was she on?": a name set before the question
                topic = span[0].sentence_start and _TOPIC_NAME.match(result.question, span[-1].end) is not None
                # 'was "Icarus Time"': a quoted title, not a person
                quoted = start and result.question[words[start].start - 1:words[start].start] in "\"“'‘"
                if (before in _PERSON_CONTEXT or after in _AFTER_PERSON or span[-1].possessive or topic) \
                        and not quoted:
                    name = " ".join(w.text for w in span)
                    result.unresolved.append(f"{name} (no castaway by that name)")
            i = max(j, i + 1)

    def rewrite(self, question: str, linked: LinkedEntities | None = None) -> str:
        return rewrite(question, linked or self.link(question))

    def _longest_match(self, words: list[Word], claimed: list[bool], i: int):
        for length in range(min(self._longest, len(words) - i), 0, -1):
            if any(claimed[i:i + length]) or (length > 1 and any(w.possessive for w in words[i:i + length - 1])):
                continue
            entries = self._index.get(tuple(w.key for w in words[i:i + length]))
            if entries:
                return length, entries
        return None

    # -- seasons by number --------------------------------------------------------------------------
    def _link_season_numbers(self, question: str, words: list[Word], claimed: list[bool],
                             result: LinkedEntities) -> None:
        i = 0
        while i < len(words):
            found = self._season_number_at(question, words, i)
            if found is None:
                i += 1
                continue
            start, end, numbers, via, confidence = found
            span = question[words[start].start:words[end - 1].end]
            for number in numbers:
                self._add_season_number(result, number, span, words[start].start, words[end - 1].end,
                                        via if len(numbers) == 1 else "range" if via == "range" else "list",
                                        confidence)
            for k in range(start, end):
                claimed[k] = True
            i = end

    def _season_number_at(self, question: str, words: list[Word], i: int):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        token = NUMBER_TOKEN.fullmatch(w.text.rstrip("."))
        if token and token.group("prefix"):
            return i, i + 1, [int(token.group("n"))], "number", 0.99                      # S45, US45
        if w.key in ("season", "seasons"):
            first = cardinal_at(words, i + 1)
            if first is None:
                return None
            numbers, j = [first[0]], first[1]
            before = words[i - 1].key if i else ""
            if before in ("since", "after") and self._season_by_number:
                # "since season 30": 30 and every later season the graph holds ("after": the later ones only)
                last = max(n for n, records in self._season_by_number.items() if records[0].version == "US")
                low = first[0] + (before == "after")
                if low <= last:
                    return i, j, list(range(low, last + 1)), "range", 0.95
            if w.key == "seasons":
                numbers, j, kind = more_numbers(question, words, j, numbers)
                if kind == "range":
                    start = i - 1 if i and words[i - 1].key == "survivor" else i
                    return start, j, numbers, "range", 0.95
            start = i - 1 if i and words[i - 1].key == "survivor" else i
            return start, j, numbers, "number", 0.99
        if w.key == "survivor" and nxt is not None and nxt.key.isdigit():
            return i, i + 2, [int(nxt.key)], "number", 0.99                                  # Survivor 45
        ordinal = ordinal_at(words, i)
        if ordinal and ordinal[1] < len(words) and words[ordinal[1]].key == "season":
            digits = w.key[:1].isdigit()
            the = i > 0 and words[i - 1].key == "the"
            k = ordinal[1] + 1
            if [w.key for w in words[k:k + 2]] == ["of", "survivor"]:
                k += 2  # "the first season of Survivor to have a swap"
            after = words[k].key if k < len(words) else ""
            if after in _RESTRICTING and not digits:
                return None  # "the first season filmed in Fiji": the first of those, not season 1
            if digits or the:
                return i - the, ordinal[1] + 1, [ordinal[0]], "ordinal", 0.95 if digits else 0.8  # the 45th season
        if w.key in ("won", "win", "winner") and nxt is not None and nxt.key.isdigit():
            after = words[i + 2] if i + 2 < len(words) else None
            gap = question[nxt.end:after.start] if after else ""
            if after is None or after.key in ("and", "or") or re.search(r"[?,.;]", gap):
                return i + 1, i + 2, [int(nxt.key)], "bare_number", 0.7                       # Tony won 28?
        return None

    def _add_season_number(self, result: LinkedEntities, number: int, text: str, start: int, end: int,
                           via: str, confidence: float) -> None:
        found = self._season_by_number.get(number, [])
        if not found:
            if via != "bare_number":
                known = sorted(self._season_by_number)
                span = f"{known[0]}-{known[-1]}" if known else "none"
                result.unresolved.append(f"season {number} (the graph holds seasons {span})")
            return
        best, others = found[0], found[1:]
        result.links.append(EntityLink(
            "season", text, start, end, best.id, best.name, confidence if not others else round(1 / len(found), 2),
            tuple(Candidate(s.id, s.name, s.version) for s in others), via, number))

    # -- resolving an alias match -------------------------------------------------------------------
    def _resolve(self, question, words, i, length, entries, context, signal, fuzzy: float = 0.0,
                 claimed: list[bool] | None = None):
        span = words[i:i + length]
        # "the Black Widow Brigade": a common-word name inside a longer capitalised phrase is not a name
        if length == 1 and span[0].key in COMMON_WORD_NAMES and claimed is not None and any(
                0 <= k < len(words) and not claimed[k] and words[k].capital and not (k < i and words[k].sentence_start)
                for k in (i - 1, i + 1)):
            return None
        text = question[span[0].start:span[-1].end]
        kinds = {kind for kind, _, _ in entries}
        near = {words[k].key for k in (i - 1, i + length) if 0 <= k < len(words)}
        tribe_word = bool(near & {"tribe", "tribes"})
        if "season" in kinds:
            # "China: who won …": a name set before a colon or dash is the question's topic
            topic = re.match(r"\s*[:–—]|\s+-\s", question[span[-1].end:]) is not None
            return self._season_link(words, i, span, text, entries, context, signal, fuzzy, topic)
        link = None
        tribe_in_context = any(kind == "tribe" and self.tribes[eid].season_id in context for kind, eid, _ in entries)
        person_in_context = any(kind == "person" and self.people[eid].season_ids & context for kind, eid, _ in entries)
        if tribe_in_context and not person_in_context:
            tribe_word = True  # "David" in a question about season 37 is the David tribe
        if "person" in kinds and not (tribe_word and "tribe" in kinds):
            link = self._person_link(words, i, span, text, entries, context, signal, fuzzy)
        if link is None and "tribe" in kinds:
            link = self._tribe_link(span, text, entries, context, signal, tribe_word, fuzzy)
        return link

    def _person_link(self, words, i, span, text, entries, context, signal, fuzzy):
        how: dict[str, str] = {}
        for kind, cid, h in entries:
            if kind == "person" and (cid not in how or KIND_RANK[h] < KIND_RANK[how[cid]]):
                how[cid] = h
        if any(KIND_RANK[h] < KIND_RANK["last_name"] for h in how.values()):
            # "Chase" is Chase Rice, not Michelle Chase: a surname alone yields to a name people go by
            how = {c: h for c, h in how.items() if h != "last_name"}
        narrowed = [c for c in how if self.people[c].season_ids & context]
        pool = narrowed or list(how)
        after = words[i + len(span)] if i + len(span) < len(words) else None
        if after is not None and after.key in _ADVERBS and i + len(span) + 1 < len(words):
            after = words[i + len(span) + 1]  # "Coach first played …", "Sugar never won …"
        strong = span[-1].possessive or bool(narrowed) or (after is not None and after.key in PERSON_VERBS)
        factor = fuzzy or accepted(span, signal, strong)
        if not factor:
            return None
        pool.sort(key=lambda c: (KIND_RANK[how[c]], -len(self.people[c].seasons), c))
        best = self.people[pool[0]]
        via = ("fuzzy:" if fuzzy else "") + how[best.castaway_id] + ("+season" if narrowed and len(how) > 1 else "")
        if len(pool) == 1:
            confidence = CONFIDENCE[how[best.castaway_id]] * factor * (0.95 if narrowed and len(how) > 1 else 1)
        else:
            confidence = round(1 / len(pool), 2)
        alternatives = tuple(Candidate(c, self.people[c].display, seasons_text(self.people[c].seasons))
                             for c in pool[1:9])
        return EntityLink("person", text, span[0].start, span[-1].end, best.castaway_id, best.display,
                          round(confidence, 2), alternatives, via, None, best.seasons)

    def _season_link(self, words, i, span, text, entries, context, signal, fuzzy, topic=False):
        ids = list(dict.fromkeys(eid for kind, eid, _ in entries if kind == "season"))
        hows = {h for kind, _, h in entries if kind == "season"}
        season = self.seasons[ids[0]]
        phrase = " ".join(w.key for w in span)
        if "name" in hows:
            confidence, via = 0.99, "name"
        elif "acronym" in hows and len(span) == 1:
            word = span[0].text
            if not (word[:1].isupper() and word != word.upper() and word != word.lower()):
                return None
            confidence, via = 0.9, "acronym"
        else:
            factor = fuzzy or accepted(span, signal, strong=topic, lenient_multiword=len(span) >= 3)
            if not factor:
                return None
            before = words[i - 1].key if i else ""
            elsewhere = sum(bool(re.search(rf"(?i)(?<!\w){re.escape(text)}(?!\w)", s.places))
                            for s in self.seasons.values() if s.id != season.id)
            if elsewhere and before in ("in", "at", "filmed", "from", "near", "to") \
                    and _ABOUT_PLACES.intersection(w.key for w in words[:i]):
                return None  # "seasons filmed in Fiji": the place, not Survivor: Fiji ("the merge in Fiji" is)
            if phrase in TWIST_SEASONS and context - {season.id}:
                return None  # "sent to Redemption Island in season 23": the twist
            confidence = ((0.75 if elsewhere == 1 else 0.6) if elsewhere
                          else 0.7 if phrase in TWIST_SEASONS else 0.9 if len(span) == 1 else 0.95)
            confidence *= factor
            via = ("fuzzy:" if fuzzy else "") + "subtitle"
        others = tuple(Candidate(self.seasons[s].id, self.seasons[s].name) for s in ids[1:])
        return EntityLink("season", text, span[0].start, span[-1].end, season.id, season.name,
                          round(confidence if not others else 1 / len(ids), 2), others, via, season.number)

    def _tribe_link(self, span, text, entries, context, signal, tribe_word, fuzzy):
        ids = list(dict.fromkeys(eid for kind, eid, _ in entries if kind == "tribe"))
        narrowed = [t for t in ids if self.tribes[t].season_id in context]
        pool = sorted(narrowed or ids, key=lambda t: self.tribes[t].season)
        factor = fuzzy or accepted(span, signal, strong=tribe_word or bool(narrowed))
        if not factor:
            return None
        best = self.tribes[pool[0]]
        alternatives = tuple(Candidate(t, self.tribes[t].name, f"season {self.tribes[t].season}") for t in pool[1:])
        confidence = 0.9 * factor if len(pool) == 1 else 1 / len(pool)
        return EntityLink("tribe", text, span[0].start, span[-1].end, best.id, best.name, round(confidence, 2),
                          alternatives, ("fuzzy:" if fuzzy else "") + "tribe", best.season)

    def _fuzzy(self, question: str, words: list[Word], claimed: list[bool], signal: bool,
               result: LinkedEntities) -> None:
        """Small misspellings of distinctive names ("Parvarti"): capitalised, mid-sentence words only."""
        context = {l.entity_id for l in result.links if l.kind == "season"}
        for i, w in enumerate(words):
            if claimed[i] or not signal or not w.capital or w.sentence_start or len(w.key) < 5 \
                    or w.key in VOCABULARY or w.key in COMMON_WORD_NAMES or (w.key,) in self._index:
                continue
            matches = [m for m in difflib.get_close_matches(w.key, self._fuzzy_keys, n=3, cutoff=0.85)
                       if m[0] == w.key[0] and abs(len(m) - len(w.key)) <= 2][:2]
            if not matches:
                continue
            ratios = [difflib.SequenceMatcher(None, w.key, m).ratio() for m in matches]
            if len(ratios) > 1 and ratios[0] - ratios[1] < 0.05:
                continue  # two names equally close: no guess
            link = self._resolve(question, words, i, 1, self._index[(matches[0],)], context, signal,
                                 fuzzy=round(0.7 * ratios[0], 2))
            if link is not None:
                result.links.append(link)

