// tribe_swap: a season's tribe swap person by person: the tribe before it, the tribe after it, whether they moved,
// and the episode it happened in (the swap's first episode, the same on every row)
MATCH (s:Season {version: $version, number: $season})-[:HAS_TRIBE]->(t:Tribe)<-[m:MEMBER_OF]-(ps:PlayerSeason)
WHERE m.phase = 'swapped' AND coalesce(m.swap_number, 1) = $swap_number
WITH s, collect({ps: ps, tribe: t.name, first: m.first_episode}) AS moved, min(m.first_episode) AS episode
UNWIND moved AS after
WITH s, after, episode, after.ps AS ps
// before the first swap: the original tribe; before a second swap: the tribe of the first
MATCH (s)-[:HAS_TRIBE]->(b:Tribe)<-[bm:MEMBER_OF]-(ps)
WHERE ($swap_number = 1 AND bm.phase = 'original')
   OR ($swap_number > 1 AND bm.phase = 'swapped' AND coalesce(bm.swap_number, 1) = $swap_number - 1)
WITH ps, after, episode, b ORDER BY bm.last_episode
WITH ps, after, episode, collect(b.name) AS before
WITH ps, after.tribe AS tribe_after, before[size(before) - 1] AS tribe_before, episode
RETURN ps.name AS player, ps.castaway_id AS castaway_id, tribe_before, tribe_after,
       tribe_before <> tribe_after AS changed_tribe, episode
ORDER BY changed_tribe DESC, tribe_after, player
