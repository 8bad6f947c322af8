// find_player: people whose name or nickname contains the text, with their castaway_id and seasons
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE toLower(p.name) CONTAINS toLower($name)
   OR any(alias IN p.aliases WHERE toLower(alias) CONTAINS toLower($name))
WITH p, ps
ORDER BY ps.version, ps.season
WITH p, collect(ps.version_season) AS seasons,
     any(alias IN p.aliases WHERE toLower(alias) = toLower($name)) AS exact
RETURN p.name AS player, p.castaway_id AS castaway_id, p.aliases AS aliases, seasons, exact
ORDER BY exact DESC, size(seasons) DESC, player
LIMIT $limit
