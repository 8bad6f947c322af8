// single_tribal_vote_counts: the votes one person got in one round of one tribal council, most first (nullified
// votes counted too): "the most votes anyone got at a single tribal council"
MATCH (v:PlayerSeason)-[c:CAST_VOTE]->(t:PlayerSeason)
WHERE t.version = $version AND ($season IS NULL OR t.season = $season)
WITH t, c.tribal_id AS tribal, c.vote_order AS round, c.episode AS episode, count(c) AS votes,
     toInteger(sum(CASE WHEN c.nullified = true THEN 1 ELSE 0 END)) AS nullified
RETURN t.name AS player, t.castaway_id AS castaway_id, t.season AS season, episode, round, votes, nullified
ORDER BY votes DESC, season, episode, player
LIMIT $limit
