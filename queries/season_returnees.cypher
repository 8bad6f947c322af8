// season_returnees: per season, the castaways who had played before; optionally only seasons with or without any
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(ps:PlayerSeason)<-[:PLAYED_IN]-(p:Player)
OPTIONAL MATCH (p)-[:PLAYED_IN]->(prev:PlayerSeason)
WHERE prev.version = $version AND prev.season < s.number
WITH s, ps, count(prev) AS before
ORDER BY ps.name
WITH s, collect(CASE WHEN before > 0 THEN ps.name END) AS returnees
WHERE $returnees = 'all' OR ($returnees = 'with' AND size(returnees) > 0)
   OR ($returnees = 'without' AND size(returnees) = 0)
WITH s, returnees
ORDER BY s.number
WITH collect({season: s.number, season_name: s.name, returnees: returnees}) AS seasons
UNWIND seasons AS row
RETURN row.season AS season, row.season_name AS season_name, size(row.returnees) AS n_returnees,
       row.returnees AS returnees, size(seasons) AS n_seasons
ORDER BY season
