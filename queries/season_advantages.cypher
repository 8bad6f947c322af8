// season_advantages: every idol and advantage of one season: who found it, who played it, for whom, how it went
MATCH (s:Season {version: $version, number: $season})-[:HAS_ADVANTAGE]->(a:Advantage)
WHERE $advantage_type IS NULL OR toLower(a.type) CONTAINS toLower($advantage_type)
OPTIONAL MATCH (f:PlayerSeason)-[fe:FOUND_ADVANTAGE]->(a)
WITH a, collect(DISTINCT f.name) AS found_by, min(fe.episode) AS found_episode
OPTIONAL MATCH (pl:PlayerSeason)-[pe:PLAYED_ADVANTAGE]->(a)
RETURN a.id AS advantage_id, a.type AS advantage_type, found_by, found_episode,
       pl.name AS played_by, pe.episode AS played_episode, pe.played_for AS played_for, pe.success AS success,
       pe.votes_nullified AS votes_nullified
ORDER BY coalesce(found_episode, played_episode, 999), advantage_id, played_episode
