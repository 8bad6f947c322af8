// tribe_members: who was on which tribe in one season, optionally one phase, one tribe, one person, and only
// those who did (or did not) make the merge; each tribe's buff colour (a name, and survivoR's hex code)
MATCH (s:Season {version: $version, number: $season})-[:HAS_TRIBE]->(t:Tribe)<-[m:MEMBER_OF]-(ps:PlayerSeason)
WHERE ($phase IS NULL OR m.phase = $phase)
  AND ($tribe IS NULL OR toLower(t.name) = toLower($tribe))
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
WITH t, m, ps, size([(ps)-[mm:MEMBER_OF]->(:Tribe) WHERE mm.phase = 'merged' | mm]) AS merged
WHERE $made_merge IS NULL OR (merged > 0) = $made_merge
RETURN t.name AS tribe, m.phase AS phase, m.swap_number AS swap_number, ps.name AS player,
       ps.castaway_id AS castaway_id, m.first_episode AS first_episode, m.last_episode AS last_episode,
       ps.place AS place, merged > 0 AS made_merge, t.colour_name AS buff_colour, t.colour AS colour_hex
ORDER BY CASE phase WHEN 'original' THEN 0 WHEN 'swapped' THEN 1 WHEN 'merged' THEN 3 ELSE 2 END,
         coalesce(swap_number, 0), tribe, player
