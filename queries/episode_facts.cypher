// episode_facts: the episodes of a season (or one episode) with title, air date, US viewers, IMDb rating, length
MATCH (s:Season {version: $version, number: $season})-[:HAS_EPISODE]->(e:Episode)
WHERE $episode IS NULL OR e.number = $episode
RETURN e.season AS season, e.number AS episode, e.title AS title, e.air_date AS air_date, e.viewers AS viewers,
       e.imdb_rating AS imdb_rating, e.length_minutes AS length_minutes, e.label AS label
ORDER BY episode
