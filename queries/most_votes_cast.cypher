// most_votes_cast: people ranked by the tribal council votes they cast (for someone), one season or all
MATCH (p:Player)-[:PLAYED_IN]->(v:PlayerSeason)-[c:CAST_VOTE]->(:PlayerSeason)
WHERE v.version = $version AND ($season IS NULL OR v.season = $season)
WITH p, v, c
ORDER BY v.season
WITH p, count(c) AS votes_cast, collect(DISTINCT v.season) AS seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, votes_cast, seasons
ORDER BY votes_cast DESC, player
LIMIT $limit
