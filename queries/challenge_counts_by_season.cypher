// challenge_counts_by_season: how many challenges each season had (optionally of one kind and involving one
// feature), every season listed, seasons with none as 0: "which season had the most blindfolded challenges",
// "which seasons never had a maze", "Tocantins or China: more swimming challenges?"
MATCH (s:Season {version: $version})
WHERE $season IS NULL OR s.number = $season
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[:HAS_CHALLENGE]->(c:Challenge)
WHERE ($kind IS NULL OR toLower(coalesce(c.described_type, c.type)) CONTAINS $kind)
  AND ($feature IS NULL OR any(f IN coalesce(c.features, []) WHERE f STARTS WITH $feature))
WITH s, collect(DISTINCT c) AS matched
RETURN s.number AS season, s.name AS season_name, size(matched) AS challenges,
       [c IN matched | c.name] AS challenge_names
ORDER BY season
