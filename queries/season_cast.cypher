// season_cast: the cast of one season with place, original tribe, any earlier seasons (returnees) and later ones,
// survivoR's overall castaway score and the number of episodes each held an idol or advantage
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(ps:PlayerSeason)<-[:PLAYED_IN]-(p:Player)
OPTIONAL MATCH (p)-[:PLAYED_IN]->(prev:PlayerSeason)
WHERE prev.version = $version AND prev.season < $season
WITH p, ps, prev
ORDER BY prev.season
WITH p, ps, collect(prev.season) AS previous_seasons
WHERE $returnees_only = false OR size(previous_seasons) > 0
OPTIONAL MATCH (p)-[:PLAYED_IN]->(next:PlayerSeason)
WHERE next.version = $version AND next.season > $season
WITH ps, previous_seasons, next
ORDER BY next.season
WITH ps, previous_seasons, collect(next.season) AS later_seasons
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.age AS age, ps.city AS city, ps.state AS state,
       ps.original_tribe AS original_tribe, ps.place AS place, ps.result AS result, previous_seasons, later_seasons,
       ps.score_overall AS score_overall, ps.advantage_episodes AS advantage_episodes
ORDER BY place
