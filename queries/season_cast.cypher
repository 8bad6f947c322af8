// season_cast: the cast of one season with place, original tribe and any earlier seasons (returnees)
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(ps:PlayerSeason)<-[:PLAYED_IN]-(p:Player)
OPTIONAL MATCH (p)-[:PLAYED_IN]->(prev:PlayerSeason)
WHERE prev.version = $version AND prev.season < $season
WITH ps, prev
ORDER BY prev.season
WITH ps, collect(prev.season) AS previous_seasons
WHERE $returnees_only = false OR size(previous_seasons) > 0
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.age AS age, ps.city AS city, ps.state AS state,
       ps.original_tribe AS original_tribe, ps.place AS place, ps.result AS result, previous_seasons
ORDER BY place
