// most_seasons_played: ranking of people by the number of seasons they played
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE ps.version = $version
WITH p, ps
ORDER BY ps.season
WITH p, count(ps) AS seasons_played, collect(ps.season) AS seasons,
     size([x IN collect(ps.winner) WHERE x = true]) AS wins
RETURN p.name AS player, p.castaway_id AS castaway_id, seasons_played, seasons, wins
ORDER BY seasons_played DESC, player
LIMIT $limit
