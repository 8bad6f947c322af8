// castmates: everyone who played a season with the person, the seasons they shared, and whether they ever won
MATCH (a:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(:PlayerSeason {version: $version})-[:IN_SEASON]->
      (s:Season)<-[:IN_SEASON]-(:PlayerSeason)<-[:PLAYED_IN]-(b:Player)
WHERE b.castaway_id <> $castaway_id AND ($season IS NULL OR s.number = $season)
WITH b, s.number AS season
ORDER BY season
WITH b, collect(DISTINCT season) AS seasons_together
WITH b, seasons_together, size([(b)-[:PLAYED_IN]->(w:PlayerSeason {winner: true}) | w]) > 0 AS ever_won
WITH collect({b: b, seasons: seasons_together, won: ever_won}) AS people
UNWIND people AS x
RETURN x.b.name AS player, x.b.castaway_id AS castaway_id, x.seasons AS seasons_together, x.won AS ever_won,
       size(people) AS n_players
ORDER BY player
