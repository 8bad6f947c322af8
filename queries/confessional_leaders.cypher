// confessional_leaders: people ranked by confessional count (talking heads), one season or all
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[c:CONFESSIONALS_IN]->(e:Episode)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
WITH p, ps, c
ORDER BY ps.season
WITH p, toInteger(sum(c.count)) AS confessionals,
     CASE WHEN count(c.seconds) = 0 THEN NULL ELSE toInteger(sum(c.seconds)) END AS seconds,
     collect(DISTINCT ps.season) AS seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, confessionals, seconds, seasons
ORDER BY confessionals DESC, player
LIMIT $limit
