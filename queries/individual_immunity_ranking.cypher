// individual_immunity_ranking: people ranked by immunity challenge wins (individual by default)
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)<-[w:IMMUNITY_WON_BY]-(e:Episode)
WHERE w.scope = $scope AND ps.version = $version AND ($season IS NULL OR ps.season = $season)
WITH p, ps
ORDER BY ps.season
WITH p, count(ps) AS wins, collect(DISTINCT ps.season) AS seasons_won_in
WITH p, wins, seasons_won_in,
     size([(p)-[:PLAYED_IN]->(x:PlayerSeason) WHERE x.version = $version | x]) AS seasons_played
WHERE seasons_played >= $min_seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, wins, seasons_played, seasons_won_in
ORDER BY wins DESC, player
LIMIT $limit
