// seasons_together: the seasons two people both played in (one row, also when they never met)
MATCH (a:Player {castaway_id: $castaway_id}), (b:Player {castaway_id: $other_castaway_id})
OPTIONAL MATCH (a)-[:PLAYED_IN]->(pa:PlayerSeason)-[:IN_SEASON]->(s:Season)<-[:IN_SEASON]-(pb:PlayerSeason)
      <-[:PLAYED_IN]-(b)
WHERE s.version = $version
WITH a, b, s
ORDER BY s.number
WITH a, b, collect(s.number) AS seasons, collect(s.name) AS season_names
RETURN a.name AS player, b.name AS other_player, size(seasons) AS n_seasons_together, seasons, season_names
