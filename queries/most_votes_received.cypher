// most_votes_received: people ranked by tribal council votes cast against them, one season or all
MATCH (p:Player)-[:PLAYED_IN]->(t:PlayerSeason)<-[c:CAST_VOTE]-(v:PlayerSeason)
WHERE t.version = $version AND ($season IS NULL OR t.season = $season)
WITH p, t, c
ORDER BY t.season
WITH p, count(c) AS votes_received,
     toInteger(sum(CASE WHEN c.nullified = true THEN 1 ELSE 0 END)) AS nullified,
     collect(DISTINCT t.season) AS seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, votes_received, nullified, seasons
ORDER BY votes_received DESC, player
LIMIT $limit
