// eliminations_by_episode_number: how many castaways left the game in each episode number, across seasons
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)-[x:ELIMINATED]->(ps:PlayerSeason)
WHERE $exit_type IS NULL OR x.exit_type = $exit_type
WITH e.number AS episode, count(x) AS eliminations, collect(DISTINCT s.number) AS seasons
RETURN episode, eliminations, size(seasons) AS n_seasons
ORDER BY eliminations DESC, episode
LIMIT $limit
