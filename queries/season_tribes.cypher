// season_tribes: the tribes of one season, by phase, with their member counts and the day and episode each formed
MATCH (s:Season {version: $version, number: $season})-[:HAS_TRIBE]->(t:Tribe)
OPTIONAL MATCH (ps:PlayerSeason)-[m:MEMBER_OF]->(t)
WITH t, count(DISTINCT ps) AS members, min(m.first_day) AS first_day, min(m.first_episode) AS episode
RETURN t.name AS tribe, t.phase AS phase, t.swap_number AS swap_number, t.colour AS colour, members, first_day,
       episode, t.colour_name AS colour_name
ORDER BY first_day, tribe
