// most_votes_cast: people ranked by the tribal council votes they cast (for someone), one season or all; per_season
// ranks each person's seasons apart ("the most votes cast in a single season")
MATCH (p:Player)-[:PLAYED_IN]->(v:PlayerSeason)-[c:CAST_VOTE]->(:PlayerSeason)
WHERE v.version = $version AND ($season IS NULL OR v.season = $season)
WITH p, v, c, CASE WHEN $per_season THEN v.season ELSE 0 END AS apart
ORDER BY v.season
WITH p, apart, count(c) AS votes_cast, collect(DISTINCT v.season) AS seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, votes_cast, seasons
ORDER BY votes_cast DESC, player
LIMIT $limit
