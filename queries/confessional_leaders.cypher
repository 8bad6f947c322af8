// confessional_leaders: people ranked by confessional count (talking heads), one season or all; per_season
// ranks each person's seasons apart ("the most confessionals in one season"); castaway_id keeps one person
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[c:CONFESSIONALS_IN]->(e:Episode)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR p.castaway_id = $castaway_id)
WITH p, ps, c, CASE WHEN $per_season THEN ps.season ELSE 0 END AS apart
ORDER BY ps.season
WITH p, apart, toInteger(sum(c.count)) AS confessionals,
     CASE WHEN count(c.seconds) = 0 THEN NULL ELSE toInteger(sum(c.seconds)) END AS seconds,
     collect(DISTINCT ps.season) AS seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, confessionals, seconds, seasons
ORDER BY confessionals DESC, player
LIMIT $limit
