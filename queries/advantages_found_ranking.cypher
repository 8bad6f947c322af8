// advantages_found_ranking: people ranked by idols/advantages found (distinct advantages), optionally one type and
// only people who played at least N seasons
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[:FOUND_ADVANTAGE]->(a:Advantage)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($advantage_type IS NULL OR toLower(a.type) CONTAINS toLower($advantage_type))
WITH p, ps, a
ORDER BY ps.season
WITH p, count(DISTINCT a) AS found, collect(DISTINCT ps.season) AS seasons
WITH p, found, seasons, size([(p)-[:PLAYED_IN]->(x:PlayerSeason) WHERE x.version = $version | x]) AS seasons_played
WHERE seasons_played >= $min_seasons
OPTIONAL MATCH (p)-[:PLAYED_IN]->(ps2:PlayerSeason)-[:PLAYED_ADVANTAGE]->(a2:Advantage)
WHERE ps2.version = $version AND ($season IS NULL OR ps2.season = $season)
  AND ($advantage_type IS NULL OR toLower(a2.type) CONTAINS toLower($advantage_type))
WITH p, found, seasons, seasons_played, count(DISTINCT a2) AS played
RETURN p.name AS player, p.castaway_id AS castaway_id, found, played, seasons, seasons_played
ORDER BY found DESC, played DESC, player
LIMIT $limit
