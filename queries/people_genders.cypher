// people_genders: the recorded gender of each of several people, for "the women of …" / "the first man out" filters
MATCH (p:Player)
WHERE p.castaway_id IN $castaway_ids
RETURN p.name AS player, p.castaway_id AS castaway_id, p.gender AS gender
ORDER BY castaway_id
