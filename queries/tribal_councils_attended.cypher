// tribal_councils_attended: how many tribal councils each person went to, per season, most first; optionally one
// season or one person
MATCH (ps:PlayerSeason)-[:ATTENDED_TRIBAL]->(t:TribalCouncil)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, count(t) AS tribal_councils
ORDER BY tribal_councils DESC, season, player
LIMIT $limit
