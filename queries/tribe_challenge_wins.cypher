// tribe_challenge_wins: how many immunity (or reward) challenges each tribe of a season won as a tribe, with the
// episodes; tribes are counted by name (a tribe that was swapped into keeps its wins together), none left out
MATCH (s:Season {version: $version, number: $season})-[:HAS_TRIBE]->(t:Tribe)
WHERE t.phase IN ['original', 'swapped'] AND ($tribe IS NULL OR toLower(t.name) = toLower($tribe))
WITH s, t.name AS tribe, collect(DISTINCT t.phase) AS phases
WHERE $phase IS NULL OR $phase IN phases
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e:Episode)-[w:IMMUNITY_WON_BY|REWARD_WON_BY]->(:PlayerSeason)
WHERE w.scope IN ['tribal', 'team'] AND w.tribe = tribe
  AND type(w) = CASE $kind WHEN 'reward' THEN 'REWARD_WON_BY' ELSE 'IMMUNITY_WON_BY' END
WITH tribe, phases, count(DISTINCT w.challenge_id) AS wins, collect(DISTINCT e.number) AS episodes
RETURN tribe, phases, wins, episodes
ORDER BY wins DESC, tribe
