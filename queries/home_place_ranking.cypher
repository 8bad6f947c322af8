// home_place_ranking: states (or cities) ranked by how many different castaways came from them
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason {version: $version})
WHERE ($season IS NULL OR ps.season = $season) AND ps.state IS NOT NULL
WITH CASE $by WHEN 'city' THEN ps.city + ', ' + ps.state ELSE ps.state END AS place, p
WHERE place IS NOT NULL
RETURN place, count(DISTINCT p.castaway_id) AS n_players
ORDER BY n_players DESC, place
