// episodes_by_label: each season's recap (or reunion, or finale) episodes, every season listed, 0 when it had none:
// "how many recap episodes has the show done", "which seasons never had a recap", "what was Gabon's recap called"
MATCH (s:Season {version: $version})
WHERE $season IS NULL OR s.number = $season
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e:Episode {label: $label})
WITH s, e ORDER BY e.number
WITH s, collect(e) AS labelled
RETURN s.number AS season, s.name AS season_name, size(labelled) AS n_episodes, [e IN labelled | e.number] AS episodes,
       [e IN labelled | e.title] AS titles, [e IN labelled | e.air_date] AS air_dates
ORDER BY season
